#!/usr/bin/env python3
"""Compiles every Swift code block of README.md and the DocC articles, runs those marked
runnable, and compares what each prints with what the block shows.

Every ```swift block is one of three kinds, named after `swift` on its fence line:

- ```swift runnable: compiled and run. Its output is written the way the Swift standard library
  documents it, after the `print` that makes it:

      print(text)
      // Prints "page=2&sort%5B%5D=name"

  A long output may go on in further comment lines (`// …`) until the closing quote.
- ```swift (nothing more): compiled, not run — a route, a request, a conformance, whose running
  needs a server or a network.
- ```swift manifest: a part of a `Package.swift` (a `.package(…)` line, or arguments of
  `Package(…)`), put into a manifest that `swift package dump-package` evaluates; a
  `from:` version it names must be CHANGELOG.md's newest.

Each compiled block becomes one function, in a file of its own, of one executable, so a block
that no longer compiles fails the check as surely as one that prints something else. A block
compiles with exactly the imports it shows: the checker adds none, and the executable is built
with `MemberImportVisibility`, so no file sees what another file's imports bring.

A block that imports Hummingbird or Vapor is compiled where those are built: with
`--framework-sources DIR` the checker writes those blocks' files into DIR and exits, and
`Tests/Consumer/servers.sh` (run by `.ci/frameworks.sh`) compiles them in a package that depends
on this one by README.md's dependency line. Without it, it checks the other blocks and says how
many it left to that script.

    python3 Tests/DocExamples/check.py [WORK_DIR]     (default: .build-docexamples)
    python3 Tests/DocExamples/check.py --framework-sources DIR
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parents[2]
arguments = sys.argv[1:]
framework_sources = None
if arguments[:1] == ["--framework-sources"]:
    framework_sources = pathlib.Path(arguments[1])
    arguments = arguments[2:]
work = pathlib.Path(arguments[0] if arguments else root / ".build-docexamples")
documents = [root / "README.md"] + sorted((root / "Sources/URLEncodedForm/URLEncodedForm.docc").glob("*.md"))
kinds = {"": "compiled", "runnable": "runnable", "manifest": "manifest"}
framework_modules = {"Hummingbird", "HummingbirdTesting", "Vapor", "URLEncodedFormHummingbird", "URLEncodedFormVapor"}


def blocks(path):
    """(first line number, kind, lines) of each Swift block of `path`, its indentation removed."""
    lines = path.read_text().splitlines()
    found, current, start, kind, indent = [], None, 0, "", ""
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        fence = re.fullmatch(r"```swift(?:\s+(\S+))?", stripped)
        if current is None and fence:
            if (fence.group(1) or "") not in kinds:
                sys.exit(f"{path.relative_to(root)}:{number}: a Swift block is runnable, manifest or plain, not {fence.group(1)!r}")
            current, start, kind = [], number + 1, kinds[fence.group(1) or ""]
            indent = line[: len(line) - len(line.lstrip())]
        elif current is not None and stripped == "```":
            found.append((start, kind, current))
            current = None
        elif current is not None:
            current.append(line[len(indent):] if line.startswith(indent) else line)
    return found


def expected_output(lines):
    """The lines the block says it prints, from its `// Prints "…"` comments."""
    outputs, pending = [], None
    for line in lines:
        text = line.strip()
        if pending is not None:
            if not text.startswith("//"):
                raise ValueError('a `// Prints "` comment without its closing quote')
            pending += text[2:].strip()
        elif text.startswith('// Prints "'):
            pending = text[len('// Prints "'):]
        else:
            continue
        if pending.endswith('"'):
            outputs.append(pending[:-1])
            pending = None
    if pending is not None:
        raise ValueError('a `// Prints "` comment without its closing quote')
    return outputs


def split_imports(lines):
    """The block's leading imports (with any `#if canImport(…)` around them), and the rest."""
    count = 0
    while count < len(lines) and (not lines[count].strip() or re.match(r"import |#if canImport\(|#endif", lines[count])):
        count += 1
    return lines[:count], lines[count:]


def imports_of(lines):
    return [line.strip() for line in split_imports(lines)[0] if line.startswith("import ")]


def write_sources(directory, examples, main):
    """One file per block, `Example<N>.run()`; with `main`, a main.swift that runs block N."""
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.swift"):
        old.unlink()
    for index, (where, kind, lines, _) in enumerate(examples):
        header, body = split_imports(lines)
        (directory / f"Example{index}.swift").write_text(
            "\n".join(
                ["// Generated from " + where + " by Tests/DocExamples/check.py."]
                + [line for line in header if line.strip()]
                + [f"enum Example{index} {{", "    static func run() async throws {"]
                + ["        " + line if line else "" for line in body]
                + ["    }", "}", ""]
            )
        )
    if main:
        cases = "\n".join(f'case "{index}": try await Example{index}.run()' for index in range(len(examples)))
        (directory / "main.swift").write_text(
            f"switch CommandLine.arguments[1] {{\n{cases}\ndefault: fatalError(\"no such example\")\n}}\n"
        )


examples, manifests = [], []
for document in documents:
    for start, kind, lines in blocks(document):
        where = f"{document.relative_to(root)}:{start}"
        if kind == "manifest":
            manifests.append((where, lines))
        else:
            examples.append((where, kind, lines, expected_output(lines) if kind == "runnable" else []))
framework = [example for example in examples if any(line.split()[1] in framework_modules for line in imports_of(example[2]))]
core = [example for example in examples if example not in framework]
if not core or not framework or not manifests:
    sys.exit("expected blocks of every kind: the core library's, the frameworks' and manifests'")

if framework_sources is not None:
    write_sources(framework_sources, framework, main=False)
    print(f"{len(framework)} Swift blocks that import a framework written to {framework_sources}")
    sys.exit(0)

# Manifest parts: evaluated in a manifest of a package that has nothing else, which
# `dump-package` reads without resolving a dependency.
version = re.search(r"^## \[?(\d+\.\d+\.\d+)", (root / "CHANGELOG.md").read_text(), re.MULTILINE).group(1)
failures = 0
for where, lines in manifests:
    text = "\n".join(lines)
    arguments = f"dependencies: [\n{text}\n]" if text.lstrip().startswith(".package(") else text
    with tempfile.TemporaryDirectory() as directory:
        (pathlib.Path(directory) / "Package.swift").write_text(
            f"// swift-tools-version: 6.3\nimport PackageDescription\nlet package = Package(\nname: \"App\",\n{arguments}\n)\n"
        )
        (pathlib.Path(directory) / "Sources/App").mkdir(parents=True)
        (pathlib.Path(directory) / "Sources/App/main.swift").write_text("")
        dump = subprocess.run(["swift", "package", "--package-path", directory, "dump-package"], capture_output=True, text=True)
    named = re.findall(r'from: "([^"]+)"', text)
    if dump.returncode != 0:
        failures += 1
        print(f"{where}: the manifest part does not evaluate:\n{dump.stderr[-2000:]}")
    elif any(found != version for found in named):
        failures += 1
        print(f"{where}: names version {named}, where CHANGELOG.md's newest is {version}")
    else:
        dependencies = json.loads(dump.stdout)["dependencies"]
        print(f"{where}: a manifest with {len(dependencies)} dependency, evaluated by dump-package")

sources = work / "Sources" / "doc-examples"
write_sources(sources, core, main=True)
products = {"URLEncodedForm"}
for _, _, lines, _ in core:
    products.update(line.split()[1] for line in imports_of(lines) if line.split()[1].startswith("URLEncodedForm"))
dependencies = ", ".join(f'.product(name: "{name}", package: "{root.name}")' for name in sorted(products))
(work / "Package.swift").write_text(f"""// swift-tools-version: 6.3
import PackageDescription
let package = Package(
    name: "doc-examples",
    dependencies: [.package(path: "{root}")],
    targets: [
        .executableTarget(
            name: "doc-examples", dependencies: [{dependencies}],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility"), .unsafeFlags(["-warnings-as-errors"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
""")

# No index store: only an editor reads it, and writing it costs a debug build a seventh of its time.
build = subprocess.run(["swift", "build", "--package-path", str(work), "--disable-index-store"], capture_output=True, text=True)
if build.returncode != 0:
    print(build.stdout[-6000:] + build.stderr[-3000:])
    sys.exit("a documentation block does not compile (see Example<N>.swift above; each names its source)")
binary = subprocess.run(["swift", "build", "--package-path", str(work), "--disable-index-store", "--show-bin-path"],
                        capture_output=True, text=True, check=True).stdout.strip() + "/doc-examples"

runnable = 0
for index, (where, kind, _, expected) in enumerate(core):
    if kind != "runnable":
        print(f"{where}: compiles")
        continue
    runnable += 1
    run = subprocess.run([binary, str(index)], capture_output=True, text=True)
    printed = run.stdout.splitlines()
    if run.returncode != 0 or printed != expected:
        failures += 1
        print(f"{where}: the block printed\n  {printed}\n(status {run.returncode}{', ' + run.stderr.strip() if run.stderr.strip() else ''})"
              f"\nwhere the document shows\n  {expected}")
    else:
        print(f"{where}: {len(expected)} output line(s) as shown")
if failures:
    sys.exit(f"{failures} documentation blocks differ from what they show or do not evaluate")
print(f"all {len(core)} Swift blocks of the core library compile, the {runnable} runnable ones print what they show, "
      f"and the {len(manifests)} manifest parts evaluate; the {len(framework)} that import a framework are compiled by Tests/Consumer/servers.sh")
