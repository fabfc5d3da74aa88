#!/usr/bin/env python3
"""Compiles and runs every Swift code block that README.md and the DocC articles mark as
runnable, and compares what each prints with what the block shows.

A block is runnable when its fence reads ```swift runnable. Its output is written the way the
Swift standard library documents it, after the `print` that makes it:

    print(text)
    // Prints "page=2&sort%5B%5D=name"

A long output may go on in further comment lines (`// …`) until the closing quote. Each block
becomes one function, in a file of its own, of one executable built once against this package,
so a block that no longer compiles fails the check as surely as one that prints something else.
A block compiles with exactly the imports it shows: the checker adds none, and the executable
is built with `MemberImportVisibility`, so no file sees what another file's imports bring.

    python3 Tests/DocExamples/check.py [WORK_DIR]     (default: .build-docexamples)
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parents[2]
work = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else root / ".build-docexamples")
documents = [root / "README.md"] + sorted((root / "Sources/URLEncodedForm/URLEncodedForm.docc").glob("*.md"))


def blocks(path):
    """(first line number, lines) of each runnable block of `path`."""
    lines = path.read_text().splitlines()
    found, current, start = [], None, 0
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if current is None and re.fullmatch(r"```swift\s+runnable", stripped):
            current, start = [], number + 1
        elif current is not None and stripped == "```":
            found.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
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


examples = []
for document in documents:
    for start, lines in blocks(document):
        where = f"{document.relative_to(root)}:{start}"
        examples.append((where, lines, expected_output(lines)))
if not examples:
    sys.exit("no runnable blocks found")

sources = work / "Sources" / "doc-examples"
sources.mkdir(parents=True, exist_ok=True)
for old in sources.glob("*.swift"):
    old.unlink()
products = {"URLEncodedForm"}
for index, (where, lines, _) in enumerate(examples):
    imports = [line.strip() for line in lines if line.startswith("import ")]
    products.update(line.split()[1] for line in imports if line.split()[1].startswith("URLEncodedForm"))
    body = [line for line in lines if not line.startswith("import ")]
    (sources / f"Example{index}.swift").write_text(
        "\n".join(
            ["// Generated from " + where + " by Tests/DocExamples/check.py."]
            + imports
            + [f"enum Example{index} {{", "    static func run() throws {"]
            + ["        " + line if line else "" for line in body]
            + ["    }", "}", ""]
        )
    )
cases = "\n".join(f'case "{index}": try Example{index}.run()' for index in range(len(examples)))
(sources / "main.swift").write_text(
    f"switch CommandLine.arguments[1] {{\n{cases}\ndefault: fatalError(\"no such example\")\n}}\n"
)
dependencies = ", ".join(f'.product(name: "{name}", package: "{root.name}")' for name in sorted(products))
(work / "Package.swift").write_text(f"""// swift-tools-version: 6.3
import PackageDescription
let package = Package(
    name: "doc-examples",
    dependencies: [.package(path: "{root}")],
    targets: [
        .executableTarget(
            name: "doc-examples", dependencies: [{dependencies}],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        )
    ],
    swiftLanguageModes: [.v6]
)
""")

# No index store: only an editor reads it, and writing it costs a debug build a seventh of its time.
build = subprocess.run(["swift", "build", "--package-path", str(work), "--disable-index-store"], capture_output=True, text=True)
if build.returncode != 0:
    print(build.stdout[-6000:] + build.stderr[-3000:])
    sys.exit("a runnable documentation block does not compile (see Example<N>.swift above; each names its source)")
binary = subprocess.run(["swift", "build", "--package-path", str(work), "--disable-index-store", "--show-bin-path"],
                        capture_output=True, text=True, check=True).stdout.strip() + "/doc-examples"

failures = 0
for index, (where, _, expected) in enumerate(examples):
    run = subprocess.run([binary, str(index)], capture_output=True, text=True)
    printed = run.stdout.splitlines()
    if run.returncode != 0 or printed != expected:
        failures += 1
        print(f"{where}: the block printed\n  {printed}\n(status {run.returncode}{', ' + run.stderr.strip() if run.stderr.strip() else ''})"
              f"\nwhere the document shows\n  {expected}")
    else:
        print(f"{where}: {len(expected)} output line(s) as shown")
if failures:
    sys.exit(f"{failures} of {len(examples)} runnable documentation blocks differ from what they show")
print(f"all {len(examples)} runnable documentation blocks compile and print what they show")
