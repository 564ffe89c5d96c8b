#!/usr/bin/env bash
# Bounded loopback load test: one day's JSON from kalendar-server directly, the same bytes as a
# static file from nginx, and kalendar behind the nginx front (deploy/nginx). Prints req/s and
# the kalendar/nginx ratio. Needs `scripts/setup.sh --bench` (wrk, nginx) and a build with
# kalendar-server and kalendar-keys.
#   bench/wrk.sh [BUILD_DIR] [SECONDS] [CONNECTIONS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
seconds=${2:-10}
conns=${3:-64}
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "wrk.sh: $tool missing (scripts/setup.sh --bench)" >&2; exit 2; }
done
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT

direct=19380; static=19381; front=19382
key=$("$build/server/kalendar-keys" --db "$tmp/keys.sqlite3" create --name bench --all | sed -n 1p)
cache_args=()
[ -d "$root/var/bible-cache" ] && cache_args=(--bible-cache-dir "$root/var/bible-cache")
start_ns=$(date +%s%N)
(cd "$root" && exec "$build/server/kalendar-server" --port "$direct" --threads 2 \
   --keys-db "$tmp/keys.sqlite3" --access-log off --default-rate 0 "${cache_args[@]}" \
   2>"$tmp/server.log") &
pids+=($!)
wait_for() {  # url: at most 10 s
  for _ in $(seq 500); do curl -sf "$1" >/dev/null && return 0; sleep 0.02; done
  echo "wrk.sh: $1 did not answer" >&2; exit 1
}
wait_for "http://127.0.0.1:$direct/ready"
ready_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))

path="/api/v2/days/2025-11-30?book=loc_2015"
mkdir -p "$tmp/www"
curl -sf -H "X-API-Key: $key" "http://127.0.0.1:$direct$path" >"$tmp/www/day.json"
chmod a+rx "$tmp" "$tmp/www" && chmod a+r "$tmp/www/day.json"  # nginx workers run as nobody
cat >"$tmp/nginx.conf" <<CONF
worker_processes 2;
pid $tmp/nginx.pid;
error_log $tmp/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_requests 1000000;
  server { listen 127.0.0.1:$static; root $tmp/www; location / { default_type application/json; } }
  upstream kalendar { server 127.0.0.1:$direct; keepalive 64; }
  server {
    listen 127.0.0.1:$front;
    location / {
      proxy_pass http://kalendar;
      proxy_http_version 1.1;
      proxy_set_header Connection "keep-alive";
    }
  }
}
CONF
nginx -c "$tmp/nginx.conf" -p "$tmp" -g 'daemon off;' &
pids+=($!)
wait_for "http://127.0.0.1:$static/day.json"

run() {  # label url [header]
  local out
  if [ -n "${3:-}" ]; then
    out=$(wrk -t2 -c"$conns" -d"${seconds}s" --latency -H "$3" "$2")
  else
    out=$(wrk -t2 -c"$conns" -d"${seconds}s" --latency "$2")
  fi
  local rps p99 errors
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  errors=$(echo "$out" | awk '/Non-2xx/ {print $5}')
  printf '%-28s %12s req/s   p99 %-8s non-2xx %s\n' "$1" "$rps" "$p99" "${errors:-0}"
  echo "$rps" >"$tmp/rps-$1"
}
echo "ready after ${ready_ms} ms; body $(wc -c <"$tmp/www/day.json") bytes; ${seconds}s, ${conns} connections, wrk -t2"
run kalendar "http://127.0.0.1:$direct$path" "X-API-Key: $key"
run nginx_static "http://127.0.0.1:$static/day.json"
run nginx_to_kalendar "http://127.0.0.1:$front$path" "X-API-Key: $key"
awk -v k="$(cat "$tmp/rps-kalendar")" -v n="$(cat "$tmp/rps-nginx_static")" \
  'BEGIN { printf "kalendar / nginx static = %.2f\n", k / n }'
rss=$(ps -o rss= -p "$(pgrep -f "kalendar-server --port $direct" | head -1)")
echo "kalendar-server resident memory after the runs: $((rss / 1024)) MB"
