#!/usr/bin/env bash
# The load benchmark: a Hummingbird and a Vapor server (Sources/), each with a route per way of
# reading a form body, driven by wrk on 127.0.0.1 in bounded runs; rounds interleave the routes,
# and report.py takes each route's median. Needs wrk (`apt-get install wrk`). From a clean clone:
#
#   bash Benchmarks/Load/run.sh            # 3 rounds of 6 s per route and body, about 23 minutes
#   LOAD_ROUNDS=1 LOAD_SECONDS=2 bash Benchmarks/Load/run.sh   # a quick look
#   LOAD_FRAMEWORKS=Hummingbird LOAD_CSV=/tmp/h.csv bash Benchmarks/Load/run.sh   # one framework
#   LOAD_SCENARIOS=large LOAD_CSV=/tmp/l.csv bash Benchmarks/Load/run.sh          # one body
#   LOAD_FRESH=1 LOAD_SCENARIOS=large LOAD_CSV=Benchmarks/Load/Results/rss.csv bash Benchmarks/Load/run.sh
#       # a server started afresh for every route and round: each route's own peak RSS, where one
#       # server's peak for a route also holds what the routes before it left in malloc's heap
#
# Writes Results/load.csv (every run) and, through report.py, Results/load.md and load.png.
# Both servers and wrk share this machine's cores, so compare ratios within one framework.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
command -v wrk >/dev/null || { echo "the load benchmark needs wrk: sudo apt-get install wrk" >&2; exit 1; }
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH=/opt/swift/usr/bin:$PATH; fi
rounds=${LOAD_ROUNDS:-3}
seconds=${LOAD_SECONDS:-6}
scratch="$root/.build-load"
bodies="$scratch/bodies"
results="$here/Results"
mkdir -p "$results"

swift build -c release --package-path "$here" --scratch-path "$scratch"
python3 "$here/bodies.py" "$bodies"

# scenario name, connections, bodies, shares (requests of each body in turn)
scenarios=(
    "small 32 small 1"
    "medium 32 medium 1"
    "large 64 large 1"
    "hostile 32 small,flood,huge,conflict,malformed 16,1,1,1,1"
)
csv=${LOAD_CSV:-$results/load.csv}
fresh=${LOAD_FRESH:-0}
only=${LOAD_FRAMEWORKS:-Hummingbird,Vapor}  # LOAD_FRAMEWORKS=Vapor runs one
scenarioNames=${LOAD_SCENARIOS:-small,medium,large,hostile}
echo "framework,scenario,route,round,requests,requests_per_second,p50_ms,p99_ms,non2xx,timeouts,socket_errors,peak_rss_mb,rss_after_mb,rss_before_mb,server_cpu_us" >"$csv"

server=""
trap '[ -z "$server" ] || kill "$server" 2>/dev/null || true' EXIT
kib() { awk -v key="$1:" '$1 == key { print $2 }' "/proc/$server/status"; }
# The server's processor time so far, user and system, in clock ticks: per request, it is what a
# route costs the server alone, which wrk's share of the same cores does not blur.
ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
hertz=$(getconf CLK_TCK)
# Waits until the server has used no processor time for 0.3 s (60 s at most): a slow route can
# still be working through requests that wrk sent before it stopped, which the next run would pay for.
settle() {
    local before after
    for _ in $(seq 200); do
        before=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
        sleep 0.3
        after=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
        [ "$before" != "$after" ] || return 0
    done
}

# Starts the server of framework `$name` on `$port` and waits until it answers.
start() {
    "$scratch/release/Load$name" "$port" "$bodies" >"$scratch/$name.log" 2>&1 &
    server=$!
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
        kill -0 "$server" 2>/dev/null || { cat "$scratch/$name.log" >&2; exit 1; }
        sleep 0.1
    done
}
stop() {
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
}

for framework in Hummingbird:8081:ceiling,collect,floor,adapter,chunked,framework Vapor:8082:ceiling,collect,floor,content,streamceiling,streamcollect,streamiterate,stream,framework; do
    IFS=: read -r name port routes <<<"$framework"
    [[ ",$only," == *",$name,"* ]] || continue
    start
    for scenario in "${scenarios[@]}"; do
        read -r label connections files shares <<<"$scenario"
        [[ ",$scenarioNames," == *",$label,"* ]] || continue
        paths=$(echo "$files" | tr ',' '\n' | sed "s|.*|$bodies/&.txt|" | paste -sd,)
        for round in $(seq "$rounds"); do
            for route in ${routes//,/ }; do
                if [ "$fresh" = 1 ]; then
                    stop
                    start
                fi
                settle
                before=$(kib VmRSS)
                echo 5 >"/proc/$server/clear_refs"  # resets the peak (VmHWM) to the present RSS
                cpu=$(ticks)
                line=$(LOAD_BODIES="$paths" LOAD_SHARES="$shares" wrk -t1 -c"$connections" -d"${seconds}s" --timeout 10s \
                    -s "$here/load.lua" "http://127.0.0.1:$port/$route" | tail -1)
                peak=$(kib VmHWM) after=$(kib VmRSS)
                settle  # the requests wrk sent before it stopped are the run's too
                cpu=$(($(ticks) - cpu))
                python3 - "$name" "$label" "$route" "$round" "$peak" "$after" "$before" "$line" "$cpu" "$hertz" >>"$csv" <<'ROW'
import json, sys
name, label, route, round_, peak, after, before, line, cpu, hertz = sys.argv[1:]
r = json.loads(line)
print(f"{name},{label},{route},{round_},{r['requests']},{r['requests'] / r['seconds']:.0f},{r['p50_ms']:.3f},{r['p99_ms']:.3f},"
      f"{r['non2xx']},{r['timeouts']},{r['socket_errors']},{int(peak) / 1024:.1f},{int(after) / 1024:.1f},{int(before) / 1024:.1f},"
      f"{int(cpu) * 1e6 / int(hertz) / max(r['requests'], 1):.2f}")
ROW
                tail -1 "$csv"
            done
        done
    done
    stop
done
python3 "$here/report.py" "$csv"
