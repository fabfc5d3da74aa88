#!/usr/bin/env python3
"""Charts the benchmark results exported with `--format jmh`, from one run of the package or
several.

Usage, from Benchmarks/:
    swift package --allow-writing-to-package-directory benchmark --format jmh --path Results
    python3 Scripts/chart.py Results/Current_run.jmh.json Results/chart.png
    python3 Scripts/chart.py run1.jmh.json run2.jmh.json run3.jmh.json Results/chart.png
Also writes Results/summary.csv (µs and mallocs per operation). Needs matplotlib. Times are each
benchmark's fastest sample (`fastest`), over every run given, not the mean.
    python3 Scripts/chart.py --markdown RUN.jmh.json [RUN.jmh.json ...]   # the README's tables
"""
import json
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CODERS = ["URLEncodedForm", "Hummingbird", "Vapor", "JSON", "Floor"]
COLORS = {"URLEncodedForm": "#2a7ab0", "Hummingbird": "#e39b2d", "Vapor": "#8a5fbf", "JSON": "#9a9a9a", "Floor": "#3c9a5f"}
# Leaf fields per value, for ns per field (serde_urlencoded's figures are per field too); the
# rows have 21 each, 20 where the comment is nil (every fourth).
FIELDS = {"small": 6, "medium": 24, "large": 2400, "largeBrackets": 2400, "rows": 2075, "text": 1}
WORKLOADS = ["small", "medium", "large", "largeBrackets", "rows", "text"]
# How the README names them: large arrays of objects are written with indices or with [].
LABELS = {"large": "large, items[0][id]", "largeBrackets": "large, items[][id]", "rows": "rows of text and numbers"}
# The coding benchmarks run 1,000 operations per iteration, except the large ones and the rows, which run one.
SCALE = {"small": 1000, "medium": 1000, "large": 1, "largeBrackets": 1, "rows": 1, "text": 1000}
PATTERN = r"(small|medium|largeBrackets|large|rows|text)_(encode|decode)_([A-Za-z]+)"


def fastest(entry):
    """A benchmark's time: its fastest sample (each sample of the small, medium and text
    workloads times 1,000 operations). This machine is a shared VM that switches between speed
    modes for seconds at a time, unseen by the load average: in one run the floor's small decode
    took 0.50 µs in its fastest samples and 0.77 µs at its 10th percentile, and which mode a
    benchmark's samples fell in decided its mean. The fastest sample is the time the code takes
    when nothing slows the machine, the measure the project's other clock checks use (the
    minimum of interleaved runs); every coder is measured by it alike."""
    return min(value for sample in entry["secondaryMetrics"]["Time (wall clock)"]["rawData"] for value in sample)


def entries(paths):
    """Every benchmark entry of every run, in order."""
    for path in paths:
        yield from json.load(open(path))


def load(paths):
    """Each benchmark's time: its fastest sample over all the runs. Several runs of the whole
    package, minutes apart, give each benchmark several windows of the machine's speed, so that
    one that fell in a slow spell in one run is not judged by it."""
    results = {}
    for entry in entries(paths):
        name = entry["benchmark"].split("FormCoding.", 1)[-1]
        match = re.match(PATTERN, name)
        if not match:
            continue
        workload, operation, coder = match.groups()
        if coder.startswith("JSON"):
            coder = "JSON"
        key = (workload, operation, coder)
        if "unsupported" in name:
            results[key] = None
            continue
        time = fastest(entry) / SCALE[workload]
        results[key] = time if results.get(key) is None else min(results[key], time)
    return results


def mallocs(paths):
    """Mallocs per operation, which do not change from run to run: the first run's."""
    counts = {}
    for entry in json.load(open(paths[0])):
        name = entry["benchmark"].split("FormCoding.", 1)[-1]
        match = re.match(PATTERN, name)
        if match and "unsupported" not in name:
            workload, operation, coder = match.groups()
            coder = "JSON" if coder.startswith("JSON") else coder
            counts[(workload, operation, coder)] = entry["secondaryMetrics"]["Malloc (total)"]["score"] / SCALE[workload]
    return counts


def write_summary(results, counts, path):
    with open(path, "w") as summary:
        summary.write("workload,operation,coder,microseconds_per_operation,mallocs_per_operation\n")
        for workload in WORKLOADS:
            for operation in ["encode", "decode"]:
                for coder in CODERS:
                    value = results.get((workload, operation, coder))
                    shown = "unsupported" if value is None else f"{value:.3f}"
                    malloc = counts.get((workload, operation, coder))
                    summary.write(f"{workload},{operation},{coder},{shown},{'' if malloc is None else round(malloc, 1)}\n")


def main(sources, target):
    results = load(sources)
    write_summary(results, mallocs(sources), target.rsplit("/", 1)[0] + "/summary.csv" if "/" in target else "summary.csv")
    figure, axes = plt.subplots(1, 2, figsize=(12, 4.5), sharey=True)
    for axis, operation in zip(axes, ["encode", "decode"]):
        width = 0.16
        for offset, coder in enumerate(CODERS):
            values = [results.get((w, operation, coder)) for w in WORKLOADS]
            xs = [i + (offset - 2) * width for i in range(len(WORKLOADS))]
            axis.bar(xs, [v or 0 for v in values], width, label=coder, color=COLORS[coder])
            for x, value in zip(xs, values):
                if value is None:
                    axis.text(x, 1, "unsupported", rotation=90, ha="center", va="bottom", fontsize=7)
        axis.set_yscale("log")
        axis.set_xticks(range(len(WORKLOADS)))
        axis.set_xticklabels([LABELS.get(w, w).replace(", ", "\n").replace("text and", "text\nand") for w in WORKLOADS])
        axis.set_title(f"{operation} (µs per operation, fastest sample, log scale; lower is better)")
        axis.grid(axis="y", alpha=0.3)
    axes[0].legend()
    figure.tight_layout()
    figure.savefig(target, dpi=110)


def byte_rates(paths):
    """Input bytes per second of each 64 KiB escape, unescape and copy benchmark, in GB/s, at
    its fastest sample over all the runs."""
    rates = {}
    for entry in entries(paths):
        name = entry["benchmark"].split("FormCoding.", 1)[-1]
        if re.match(r"(escape|unescape|copy)", name):
            rates[name] = max(rates.get(name, 0), 65536 / fastest(entry) / 1000)
    return rates


def fmt_time(micros):
    return f"{micros / 1000:.2f} ms" if micros >= 1000 else f"{micros:.1f} µs"


def markdown(paths):
    """Prints the README's tables: time, ratios against the faster peer, JSON and the Codable
    floor, ns per field, mallocs."""
    results, counts = load(paths), mallocs(paths)
    print("| Workload | URLEncodedForm | ns per field | × faster peer | × JSON | ours / Codable floor | mallocs: ours / best peer |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for workload in WORKLOADS:
        for operation in ["encode", "decode"]:
            ours = results[(workload, operation, "URLEncodedForm")]
            peers = {c: results.get((workload, operation, c)) for c in ["Hummingbird", "Vapor"]}
            supported = {c: v for c, v in peers.items() if v is not None}
            best = min(supported, key=supported.get)
            note = "" if len(supported) == 2 else "; " + ", ".join(f"{c}: unsupported" for c in peers if c not in supported)
            json_time = results[(workload, operation, "JSON")]
            peer_mallocs = min(counts[(workload, operation, c)] for c in supported)
            floor = results.get((workload, operation, "Floor"))
            # The text's floor is one string, so its measure is bytes per second, not a ratio.
            versus_floor = (f"{4096 / ours / 1000:.2f} GB/s of text" if workload == "text"
                            else f"{ours / floor:.2f} ({fmt_time(floor)})")
            print(f"| {LABELS.get(workload, workload)} {operation} | {fmt_time(ours)} | {ours * 1000 / FIELDS[workload]:,.0f} "
                  f"| {supported[best] / ours:.1f}× ({best} {fmt_time(supported[best])}{note}) "
                  f"| {json_time / ours:.1f}× | {versus_floor} "
                  f"| {counts[(workload, operation, 'URLEncodedForm')]:,.0f} / {peer_mallocs:,.0f} |")
    rates = byte_rates(paths)
    print()
    print("| Buffer | escape | unescape | Foundation escape / unescape |")
    print("| --- | --- | --- | --- |")
    for label, key in [("all safe ASCII", "safe"), ("10% to escape", "10%_escaped"), ("all non-ASCII", "non-ASCII")]:
        print(f"| {label} | {rates[f'escape_64_KiB_{key}_URLEncodedForm']:.2f} GB/s | {rates[f'unescape_64_KiB_{key}_URLEncodedForm']:.2f} GB/s "
              f"| {rates[f'escape_64_KiB_{key}_Foundation']:.2f} / {rates[f'unescape_64_KiB_{key}_Foundation']:.2f} GB/s |")
    print(f"\nmemcpy: {rates['copy_64_KiB_(memcpy)']:.1f} GB/s")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--markdown"]:
        markdown(arguments[1:] or ["Results/Current_run.jmh.json"])
    elif len(arguments) >= 2:
        main(arguments[:-1], arguments[-1])
    else:
        main(arguments or ["Results/Current_run.jmh.json"], "Results/chart.png")
