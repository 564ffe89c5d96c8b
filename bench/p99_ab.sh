#!/usr/bin/env bash
# A/B of the one-day p99 at 64 connections: two kalendar-server binaries (say main's and a
# branch's) and nginx serving the same answer as a static file, each run in turn, RUNS times,
# because on this 2-core machine one p99 moves by a millisecond or more between runs.
# Same settings as bench/wrk.sh (--threads 2, response cache on, access log off, no rate limit,
# wrk -t2 on the same cores). Prints one line per run and the median p99 of each server.
#   bench/p99_ab.sh SERVER_A SERVER_B [RUNS] [SECONDS] [CONNECTIONS]
# Example: bench/p99_ab.sh /tmp/main/kalendar-server build/server/kalendar-server 5 10
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
server_a=$1
server_b=$2
runs=${3:-5}
seconds=${4:-10}
conns=${5:-64}
keys=$(dirname "$server_b")/kalendar-keys
tmp=$(mktemp -d)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_require p99_ab.sh wrk nginx curl
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT

key=$("$keys" --db "$tmp/keys.sqlite3" create --name bench --all | sed -n 1p)
port_a=19390; port_b=19391; static=19392
wait_for() { bench_wait_for p99_ab.sh "$1"; }
for side in a b; do
  bin=server_$side; port=port_$side
  bench_start_server "${!bin}" "${!port}" "$tmp/server-$side.log" 0
  pids+=("$bench_server_pid")
  wait_for "http://127.0.0.1:${!port}/ready"
done
one="/api/v2/days/2025-11-30?book=loc_2015"
mkdir -p "$tmp/www"
curl -sf -H "X-API-Key: $key" "http://127.0.0.1:$port_a$one" >"$tmp/www/day.json"
curl -sf -H "X-API-Key: $key" "http://127.0.0.1:$port_b$one" | cmp -s - "$tmp/www/day.json" ||
  echo "p99_ab.sh: note: the two servers answer different bytes" >&2
bench_nginx_conf "$static"
nginx -c "$tmp/nginx.conf" -p "$tmp" -g 'daemon off;' &
pids+=($!)
wait_for "http://127.0.0.1:$static/day.json"

one_run() {  # name url [header] -> "rps p99ms errors"
  local out args=(-t2 -c"$conns" -d"${seconds}s" --latency)
  [ -n "${3:-}" ] && args+=(-H "$3")
  out=$(wrk "${args[@]}" "$2")
  local rps p99 bad
  rps=$(echo "$out" | awk '/Requests\/sec/ {printf "%.0f", $2}')
  p99=$(bench_ms "$(echo "$out" | awk '$1 == "99%" {print $2}')")
  bad=$(echo "$out" | awk '/Non-2xx|Socket errors/ {n++} END {print n + 0}')
  echo "$rps $p99 $bad"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $runs rounds of ${seconds}s, $conns connections, wrk -t2"
printf '%-5s %-10s %9s %8s %s\n' round server req/s p99ms errors
for round in $(seq "$runs"); do
  for side in a b n; do
    case $side in
      a) r=$(one_run A "http://127.0.0.1:$port_a$one" "X-API-Key: $key") ;;
      b) r=$(one_run B "http://127.0.0.1:$port_b$one" "X-API-Key: $key") ;;
      n) r=$(one_run nginx "http://127.0.0.1:$static/day.json") ;;
    esac
    read -r rps p99 bad <<<"$r"
    printf '%-5s %-10s %9s %8s %s\n' "$round" "$side" "$rps" "$p99" "$bad"
    echo "$p99" >>"$tmp/p99-$side"
  done
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ma=$(median "$tmp/p99-a"); mb=$(median "$tmp/p99-b"); mn=$(median "$tmp/p99-n")
awk -v a="$ma" -v b="$mb" -v n="$mn" 'BEGIN {
  printf "median p99: A %.2f ms (%.2fx nginx), B %.2f ms (%.2fx nginx), nginx %.2f ms\n", a, a / n, b, b / n, n }'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
