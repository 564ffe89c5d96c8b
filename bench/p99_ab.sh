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
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "p99_ab.sh: $tool missing (scripts/setup.sh --bench)" >&2; exit 2; }
done
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT

key=$("$keys" --db "$tmp/keys.sqlite3" create --name bench --all | sed -n 1p)
cache_args=()
[ -d "$root/var/bible-cache" ] && cache_args=(--bible-cache-dir "$root/var/bible-cache")
port_a=19390; port_b=19391; static=19392
wait_for() {  # url: at most 10 s
  for _ in $(seq 1000); do curl -sf "$1" >/dev/null && return 0; sleep 0.01; done
  echo "p99_ab.sh: $1 did not answer" >&2; exit 1
}
for side in a b; do
  bin=server_$side; port=port_$side
  (cd "$root" && exec "${!bin}" --port "${!port}" --threads 2 --keys-db "$tmp/keys.sqlite3" \
     --access-log off --default-rate 0 "${cache_args[@]}" 2>"$tmp/server-$side.log") &
  pids+=($!)
  wait_for "http://127.0.0.1:${!port}/ready"
done
one="/api/v2/days/2025-11-30?book=loc_2015"
mkdir -p "$tmp/www"
curl -sf -H "X-API-Key: $key" "http://127.0.0.1:$port_a$one" >"$tmp/www/day.json"
curl -sf -H "X-API-Key: $key" "http://127.0.0.1:$port_b$one" | cmp -s - "$tmp/www/day.json" ||
  echo "p99_ab.sh: note: the two servers answer different bytes" >&2
chmod -R a+rX "$tmp"
cat >"$tmp/nginx.conf" <<CONF
worker_processes 2;
pid $tmp/nginx.pid;
error_log $tmp/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$static; root $tmp/www; location / { default_type application/json; } }
}
CONF
nginx -c "$tmp/nginx.conf" -p "$tmp" -g 'daemon off;' &
pids+=($!)
wait_for "http://127.0.0.1:$static/day.json"

ms() {  # wrk latency (e.g. 812.00us, 4.51ms, 1.02s) in milliseconds
  awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /[^m]s$/) n *= 1000; printf "%.2f", n }'
}
one_run() {  # name url [header] -> "rps p99ms errors"
  local out args=(-t2 -c"$conns" -d"${seconds}s" --latency)
  [ -n "${3:-}" ] && args+=(-H "$3")
  out=$(wrk "${args[@]}" "$2")
  local rps p99 bad
  rps=$(echo "$out" | awk '/Requests\/sec/ {printf "%.0f", $2}')
  p99=$(ms "$(echo "$out" | awk '$1 == "99%" {print $2}')")
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
