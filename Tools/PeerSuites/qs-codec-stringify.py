# Records what qs-codec 1.6.3 (PyPI), a port of a newer qs, writes for the options qs 6.11 lacks,
# as facts for Tests/Fixtures/qs-codec-1.6.3-stringify.json: qs's `allowEmptyArrays` (qs-codec's
# `allow_empty_lists`), for the same 200 values as Tests/Fixtures/qs-6.11-stringify.json.
#
#   python3 Tools/PeerSuites/qs-codec-stringify.py > Tests/Fixtures/qs-codec-1.6.3-stringify.json
#
# Names are written as they are (`encode_values_only`), since qs-codec leaves the name of an empty
# list unescaped whatever it is told (`b[][]&b%5B%5D=x`); the fixture's names need no escaping.
import json
import pathlib

import qs_codec
from qs_codec import EncodeOptions, ListFormat, encode

fixtures = pathlib.Path(__file__).resolve().parent.parent.parent / "Tests" / "Fixtures"
values = [case["value"] for case in json.loads((fixtures / "qs-6.11-stringify.json").read_text())["cases"]]

option_sets = {
    "empty-arrays-brackets": {"allow_empty_lists": True, "encode_values_only": True, "list_format": "BRACKETS"},
    "empty-arrays-indices": {"allow_empty_lists": True, "encode_values_only": True, "list_format": "INDICES"},
}


def python(value):
    """The fixture's ordered JSON as Python values, members in order."""
    if isinstance(value, list):
        return [python(element) for element in value]
    if isinstance(value, dict):
        return {name: python(member) for name, member in value["$members"]}
    return value


def writes_something(value):
    """Whether qs-codec writes anything for `value` with `allow_empty_lists`: an empty list is
    `name[]`, but an object with nothing written inside is nothing."""
    if isinstance(value, list):
        return len(value) == 0 or any(writes_something(element) for element in value)
    if isinstance(value, dict):
        return any(writes_something(member) for member in value.values())
    return True


def without_empty_elements(value):
    """The value without the list elements that write nothing, which the encoder's arrays give no
    index, as Alamofire's do, where qs numbers them."""
    if isinstance(value, list):
        return [without_empty_elements(element) for element in value if writes_something(element)]
    if isinstance(value, dict):
        return {name: without_empty_elements(member) for name, member in value.items()}
    return value


def options(settings):
    return EncodeOptions(**{**settings, "list_format": ListFormat[settings["list_format"]]})


cases = []
for value in values:
    written = {}
    for name, settings in option_sets.items():
        text = encode(python(value), options(settings))
        pruned = encode(without_empty_elements(python(value)), options(settings))
        written[name] = {"text": text} if pruned == text else {"text": text, "withoutEmptyElements": pruned}
    cases.append({"value": value, "written": written})

head = json.dumps({"qs-codec": qs_codec.__version__, "optionSets": option_sets}, separators=(",", ":"))
print(head[:-1] + ',"cases":[\n' + ",\n".join(json.dumps(case, separators=(",", ":"), ensure_ascii=False) for case in cases) + "\n]}")
