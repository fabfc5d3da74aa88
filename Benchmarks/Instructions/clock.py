#!/usr/bin/env python3
"""Times operations of the instructions binary by the clock, as ratios that survive a busy machine.

    python3 Benchmarks/Instructions/clock.py [--peers] [--rounds R] WORKLOAD OPERATION...
    e.g. python3 Benchmarks/Instructions/clock.py --peers small encode floor hummingbird

Each round runs every operation once, in turn (interleaved, so a slow spell of the machine falls
on all of them alike), as a process of its own, N times and once; an operation's time is the
least of its rounds' differences divided by N-1, so start-up cancels out and what is left is the
code's cost when nothing slowed it. Run count.sh with the same operations first: it builds the
binary (`--peers`: the build with Hummingbird, for the `hummingbird` operation).
"""

import argparse
import pathlib
import subprocess
import sys
import time

root = pathlib.Path(__file__).resolve().parents[2]
parser = argparse.ArgumentParser()
parser.add_argument("--peers", action="store_true", help="use the build count.sh makes for the hummingbird operation")
parser.add_argument("--rounds", type=int, default=9)
parser.add_argument("--seconds", type=float, default=0.4, help="about how long one timed run takes")
parser.add_argument("workload")
parser.add_argument("operations", nargs="+")
arguments = parser.parse_args()
build = ".build-instructions-peers" if arguments.peers else ".build-instructions"
binary = root / build / ".build" / "release" / "instructions"
if not binary.exists():
    sys.exit(f"{binary} is missing: run Benchmarks/Instructions/count.sh with these operations first")


def elapsed(operation: str, iterations: int) -> float:
    start = time.perf_counter()
    subprocess.run([str(binary), arguments.workload, operation, str(iterations)], check=True)
    return time.perf_counter() - start


# Iterations per run, from one calibration run each, so that every run takes about as long;
# bounded both ways, should a busy moment skew the calibration.
iterations = {}
for operation in arguments.operations:
    sample = 10
    while (spent := elapsed(operation, sample) - elapsed(operation, 1)) < 0.05 and sample < 1_000_000:
        sample *= 10
    per = max(spent / (sample - 1), 1e-8)
    iterations[operation] = min(max(10, int(arguments.seconds / per)), 5_000_000)

best = {operation: float("inf") for operation in arguments.operations}
for _ in range(arguments.rounds):
    for operation in arguments.operations:
        count = iterations[operation]
        best[operation] = min(best[operation], (elapsed(operation, count) - elapsed(operation, 1)) / (count - 1))

first = arguments.operations[0]
print(f"{arguments.workload}: least of {arguments.rounds} interleaved rounds, microseconds per operation")
for operation in arguments.operations:
    ratio = best[operation] / best[first]
    print(f"{operation:14} {best[operation] * 1e6:9.3f} µs  {ratio:6.2f}× {first}")
