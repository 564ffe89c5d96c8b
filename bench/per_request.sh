#!/usr/bin/env bash
# Per-request syscalls and context switches of kalendar-server, counted with perf over a fixed
# number of one-day requests (wrk -t2, stopped by bench/stop_after.lua), so that two builds
# compare request for request whatever the load of the machine: syscall counts do not depend on
# it, context switches do. Also prints how many sockets each epoll instance watches (one per
# Pistache I/O thread, plus the listener's and the connection guard's) while wrk runs.
# Same server settings as bench/wrk.sh. Needs perf and wrk; run as root (or with
# kernel.perf_event_paranoid <= -1 for the syscall tracepoints).
#   bench/per_request.sh SERVER [REQUESTS] [CONNECTIONS] [RATE_PER_MINUTE]
# Example: bench/per_request.sh build/server/kalendar-server 400000 64
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
server=$1
requests=${2:-400000}
conns=${3:-64}
rate=${4:-0}
tmp=$(mktemp -d)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_require per_request.sh perf wrk curl
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

key=$("$(dirname "$server")/kalendar-keys" --db "$tmp/keys.sqlite3" create --name bench --all 2>/dev/null | sed -n 1p)
port=19399
bench_start_server "$server" "$port" "$tmp/server.log" "$rate"
pid=$bench_server_pid
bench_wait_for per_request.sh "http://127.0.0.1:$port/ready"
url="http://127.0.0.1:$port/api/v2/days/2025-11-30?book=loc_2015"
curl -sf -H "X-API-Key: $key" "$url" >/dev/null  # cached before counting

switches() {  # thread name, voluntary, involuntary
  for t in /proc/"$pid"/task/*; do
    echo "$(cat "$t/comm") $(awk '/^voluntary_ctxt/ {v = $2} /^nonvoluntary_ctxt/ {n = $2} END {print v, n}' "$t/status")"
  done
}
switches >"$tmp/switches-before"
events=context-switches
for call in futex epoll_wait epoll_ctl recvfrom sendto read write sched_yield; do
  events+=",syscalls:sys_enter_$call"
done
perf stat -x, --per-thread -e "$events" -p "$pid" -o "$tmp/perf" &
perf_pid=$!
sleep 0.3
wrk -t2 -c"$conns" -d120s --latency -H "X-API-Key: $key" -s "$root/bench/stop_after.lua" "$url" \
  -- $((requests / 2)) >"$tmp/wrk" &
wrk_pid=$!
sleep 1
echo "sockets watched by each epoll instance (I/O threads, listener, guard) during the run:"
for fd in /proc/"$pid"/fd/*; do
  [ "$(readlink "$fd")" = "anon_inode:[eventpoll]" ] || continue
  sockets=0
  for target in $(awk '/^tfd:/ {print $2}' /proc/"$pid"/fdinfo/"${fd##*/}"); do
    [[ $(readlink /proc/"$pid"/fd/"$target" 2>/dev/null) == socket:* ]] && sockets=$((sockets + 1))
  done
  echo "  epoll ${fd##*/}: $sockets"
done
# wrk waits out its -d even when every thread has stopped: end it (SIGINT: it still reports)
# once the server has answered them all.
answered() {
  curl -s "http://127.0.0.1:$port/metrics" |
    awk -F'[ ]' '/^kalendar_http_requests_total\{route="\/api\/v2\/days\/\{date\}"/ {s += $2} END {print s + 0}'
}
while kill -0 "$wrk_pid" 2>/dev/null && [ "$(answered)" -le "$requests" ]; do sleep 0.2; done
sleep 0.2
kill -INT "$wrk_pid" 2>/dev/null || true
wait "$wrk_pid" || true
kill -INT "$perf_pid"
wait "$perf_pid" || true
switches >"$tmp/switches-after"
done_requests=$(awk '/requests in/ {print $1}' "$tmp/wrk")
echo "requests: $done_requests"
echo "per request, all threads:"
awk -F, -v n="$done_requests" '!/^#/ && NF > 3 {
    e = $4; sub(/syscalls:sys_enter_/, "", e); total[e] += $2; if (e != "context-switches") all += $2 }
  END { for (e in total) printf "  %-16s %.4f\n", e, total[e] / n; printf "  %-16s %.4f\n", "all syscalls", all / n }' \
  "$tmp/perf" | sort
echo "voluntary / involuntary switches during the run, by thread:"
paste "$tmp/switches-before" "$tmp/switches-after" |
  awk '{ printf "  %-16s %8d %8d\n", $1, $5 - $2, $6 - $3 }'
