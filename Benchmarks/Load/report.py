#!/usr/bin/env python3
"""Summarizes Results/load.csv (written by run.sh): each route's median over the rounds, as a
Markdown table (Results/load.md, for Benchmarks/README.md) and a chart (Results/load.png, needs
matplotlib), requests per second shown against the framework's ceiling in the same run. Another
CSV gives its own table and chart beside it (rss.csv: rss.md, rss.png).

    python3 Benchmarks/Load/report.py Benchmarks/Load/Results/load.csv
"""
import csv
import pathlib
import statistics
import sys

path = pathlib.Path(sys.argv[1])
rows = list(csv.DictReader(path.open()))
ROUTES = {
    "ceiling": "collect the body, decode nothing (the ceiling)",
    "collect": "collect, then `decode(_:from: buffer.readableBytesView)`",
    "floor": "collect, then the Codable floor (a tree of Swift values built before the run)",
    "adapter": "`URLEncodedFormRequestDecoder` (the adapter)",
    "content": "`req.content.decode(_:using:)` (the adapter's `ContentDecoder`)",
    "streamceiling": "`body: .stream`, collected in the handler, decode nothing (the streamed ceiling)",
    "streamcollect": "`body: .stream`, collected in the handler, then decoded",
    "streamiterate": "`body: .stream`, `for try await` over the body into one buffer, then decoded",
    "stream": "`req.decodeURLEncodedForm` (the adapter, `body: .stream`)",
    "chunked": "the chunks decoded with no stated length (always chunk by chunk)",
    "framework": "the framework's own `URLEncodedFormDecoder`",
}
# A streamed route's collect-then-decode is the streamed one: a Vapor route declared
# `body: .stream` runs asynchronously and drains the body itself, which costs it before any
# decoding (the other routes are handed the body Vapor collected).
COLLECT = {"streamceiling": "streamcollect", "streamiterate": "streamcollect", "stream": "streamcollect"}
groups = {}
for row in rows:
    groups.setdefault((row["framework"], row["scenario"]), {}).setdefault(row["route"], []).append(row)


def median(runs, field):
    return statistics.median(float(run[field]) for run in runs)


def recorded(runs, field, digits):
    """The median of a column that runs written before it existed do not have ("—" then): the
    server's processor time per request (`server_cpu_us`), and the RSS as each run began
    (`rss_before_mb`, an idle server's under run.sh's LOAD_FRESH)."""
    values = [float(run[field]) for run in runs if run.get(field)]
    return f"{statistics.median(values):.{digits}f}" if values else "—"


lines = []
chart = []
for (framework, scenario), routes in groups.items():
    ceiling = median(routes["ceiling"], "requests_per_second")
    lines += [f"**{framework}, {scenario}** ({len(routes['ceiling'])} rounds, medians)", "",
              "| route | requests/s | of the ceiling | of collect-then-decode | p50 ms | p99 ms | not 2xx "
              "| server CPU µs a request | RSS at the start MiB | peak RSS MiB | RSS after MiB |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for route, runs in routes.items():
        rate = median(runs, "requests_per_second")
        collect = median(routes.get(COLLECT.get(route), routes["collect"]), "requests_per_second")
        requests = sum(int(run["requests"]) for run in runs)
        failed = sum(int(run["non2xx"]) + int(run["timeouts"]) + int(run["socket_errors"]) for run in runs)
        share = f"{failed / max(requests, 1):.1%}" if failed else "0"
        ratio = lambda base: f"{rate / base:.2f}×" if base else "—"  # noqa: E731
        lines.append(f"| {ROUTES[route]} | {rate:,.0f} | {ratio(ceiling)} | {ratio(collect)} | "
                     f"{median(runs, 'p50_ms'):.2f} | {median(runs, 'p99_ms'):.2f} | {share} | {recorded(runs, 'server_cpu_us', 1)} | {recorded(runs, 'rss_before_mb', 0)} | "
                     f"{max(float(run['peak_rss_mb']) for run in runs):.0f} | {float(runs[-1]['rss_after_mb']):.0f} |")
        chart.append((framework, scenario, route, rate / ceiling if ceiling else 0))
    lines.append("")
# The overview: each route's median requests/s as a share of its framework's ceiling.
scenarios = list(dict.fromkeys(entry[1] for entry in chart))
overview = ["| framework | route | " + " | ".join(scenarios) + " |", "| --- | --- |" + " ---: |" * len(scenarios)]
for framework in dict.fromkeys(entry[0] for entry in chart):
    for route in dict.fromkeys(entry[2] for entry in chart if entry[0] == framework):
        cells = [next((f"{e[3]:.2f}×" for e in chart if e[:3] == (framework, s, route)), "") for s in scenarios]
        overview.append(f"| {framework} | {ROUTES[route]} | " + " | ".join(cells) + " |")
lines = ["Requests/s against the framework's ceiling (median of the rounds):", ""] + overview + [""] + lines
path.with_suffix(".md").write_text("\n".join(lines))
print("\n".join(lines))

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit("no matplotlib: the table is written, the chart is not (pip install matplotlib)")
frameworks = list(dict.fromkeys(entry[0] for entry in chart))
figure, axes = plt.subplots(1, len(frameworks), figsize=(6 * len(frameworks), 4.8), squeeze=False)
for axis, framework in zip(axes[0], frameworks):
    entries = [entry for entry in chart if entry[0] == framework]
    scenarios = list(dict.fromkeys(entry[1] for entry in entries))
    routes = list(dict.fromkeys(entry[2] for entry in entries))
    width = 0.8 / len(routes)
    for index, route in enumerate(routes):
        values = [next((e[3] for e in entries if e[1] == s and e[2] == route), 0) for s in scenarios]
        axis.bar([x + index * width for x in range(len(scenarios))], values, width, label=route)
    axis.set_xticks([x + width * (len(routes) - 1) / 2 for x in range(len(scenarios))], scenarios)
    axis.axhline(1, color="#444", linewidth=0.8)
    axis.set_title(f"{framework}: requests/s against the ceiling")
    # Below the bars, which reach the ceiling line the legend would cover.
    axis.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.08), ncol=4, frameon=False)
figure.tight_layout()
figure.savefig(path.with_suffix(".png"), dpi=110)
