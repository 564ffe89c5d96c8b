#!/usr/bin/env bash
# Bounded loopback load test: kalendar-server against nginx serving the very same answers as
# static files, for (a) one day repeated and (b) a rotating set of distinct days across every
# book, at 64 and 256 connections. Prints each kalendar/nginx ratio, both p99 latencies, errors,
# the time from start to ready, and the server's resident memory after the runs and after a
# scan of every year 1900-2199 of every book through the API. Needs `scripts/setup.sh --bench`
# (wrk, nginx) and a build with kalendar-server, kalendar-keys and kalendar-bible-import.
#   bench/wrk.sh [BUILD_DIR] [SECONDS] [DISTINCT_DAYS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
seconds=${2:-10}
distinct=${3:-720}
tmp=$(mktemp -d)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_require wrk.sh wrk nginx curl
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT

direct=19380; static=19381; front=19382
key=$("$build/server/kalendar-keys" --db "$tmp/keys.sqlite3" create --name bench --all | sed -n 1p)

# Two Bible versions, as in production: imported once into the cache the server starts from.
cache="$root/var/bible-cache"
if [ ! -d "$cache" ] && [ -x "$build/engine/bible/kalendar-bible-import" ]; then
  "$build/engine/bible/kalendar-bible-import" --cache-dir "$cache" >/dev/null
  bench_cache_args=(--bible-cache-dir "$cache")
fi
start_ns=$(date +%s%N)
bench_start_server "$build/server/kalendar-server" "$direct" "$tmp/server.log" 0
server_pid=$bench_server_pid
pids+=("$server_pid")
wait_for() { bench_wait_for wrk.sh "$1"; }
wait_for "http://127.0.0.1:$direct/ready"
ready_ms=$(( ($(date +%s%N) - start_ns) / 1000000 ))
rss_mb() { echo $(( $(ps -o rss= -p "$server_pid") / 1024 )); }

# The answers nginx serves: fetched once from kalendar, so both send the same bytes.
books=()
for dir in "$root"/books/*/; do [ -f "$dir/book.yaml" ] && books+=("$(basename "$dir")"); done
per_book=$(( (distinct + ${#books[@]} - 1) / ${#books[@]} ))
mkdir -p "$tmp/www/d"
: >"$tmp/kalendar-paths"; : >"$tmp/nginx-paths"; : >"$tmp/fetch.conf"
for book in "${books[@]}"; do
  mkdir -p "$tmp/www/d/$book"
  for i in $(seq 0 $((per_book - 1))); do
    day=$(date -u -d "2025-06-01 + $i days" +%F)
    echo "/api/v2/days/$day?book=$book" >>"$tmp/kalendar-paths"
    echo "/d/$book/$day.json" >>"$tmp/nginx-paths"
    printf 'url = "http://127.0.0.1:%s/api/v2/days/%s?book=%s"\noutput = "%s"\n' \
      "$direct" "$day" "$book" "$tmp/www/d/$book/$day.json" >>"$tmp/fetch.conf"
  done
done
one="/api/v2/days/2025-11-30?book=loc_2015"
curl -sf -H "X-API-Key: $key" "http://127.0.0.1:$direct$one" >"$tmp/www/day.json"
curl -sf -H "X-API-Key: $key" -K "$tmp/fetch.conf"
# Also nginx as the deploy front of kalendar (proxy with kept-alive upstream connections).
bench_nginx_conf "$static" "  upstream kalendar { server 127.0.0.1:$direct; keepalive 64; }
  server {
    listen 127.0.0.1:$front;
    location / {
      proxy_pass http://kalendar;
      proxy_http_version 1.1;
      proxy_set_header Connection \"keep-alive\";
    }
  }"
nginx -c "$tmp/nginx.conf" -p "$tmp" -g 'daemon off;' &
pids+=($!)
wait_for "http://127.0.0.1:$static/day.json"

# A whole year of days beyond any year asked so far, over HTTP, request to last byte (curl's
# time_total on one kept-alive connection): 20 years never asked before (plans built, JSON
# written), then 2350 again 20 times (answered from the response cache).
year_times() {  # urls... -> "median max" in ms
  local args=()
  for u in "$@"; do args+=(-o /dev/null "$u"); done
  curl -s -H "X-API-Key: $key" -w '%{time_total}\n' "${args[@]}" |
    sort -n | awk '{ t[NR] = $1 * 1000 } END { printf "median %.2f ms, max %.2f ms", t[int((NR + 1) / 2)], t[NR] }'
}
cold_urls=(); warm_urls=()
for y in $(seq 2350 2369); do
  cold_urls+=("http://127.0.0.1:$direct/api/v2/days?book=loc_2015&year=$y")
  warm_urls+=("http://127.0.0.1:$direct/api/v2/days?book=loc_2015&year=2350")
done
year_line="year of days over HTTP (/api/v2/days?year=2350..2369, $(curl -s -H "X-API-Key: $key" \
  "http://127.0.0.1:$direct/api/v2/days?book=loc_2015&year=2370" | wc -c) bytes): new years $(year_times "${cold_urls[@]}"); repeated $(year_times "${warm_urls[@]}")"

run() {  # label conns url [paths-file] -> "rps p99 errors" in $tmp/result-label-conns
  local label=$1 conns=$2 url=$3 paths=${4:-} out
  local args=(-t2 -c"$conns" -d"${seconds}s" --latency)
  [[ $label == kalendar* ]] && args+=(-H "X-API-Key: $key")
  if [ -n "$paths" ]; then
    out=$(wrk "${args[@]}" -s "$root/bench/rotate.lua" "$url" -- "$paths")
  else
    out=$(wrk "${args[@]}" "$url")
  fi
  local rps p99 non2xx socket
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  non2xx=$(echo "$out" | awk '/Non-2xx/ {print $5}')
  socket=$(echo "$out" | awk '/Socket errors/ {gsub(",", ""); print $4 + $6 + $8 + $10}')
  echo "$rps $p99 $(( ${non2xx:-0} + ${socket:-0} ))" >"$tmp/result-$label-$conns"
}
echo "ready after ${ready_ms} ms with ${#books[@]} books; RSS $(rss_mb) MB; ${seconds}s per run, wrk -t2"
echo "$year_line"
echo "one day: $(wc -c <"$tmp/www/day.json") bytes; distinct: $(wc -l <"$tmp/kalendar-paths") days of ${#books[@]} books"
# target: issue 13's bar for each line (ratio >= 0.9, p99 at most 1.5 x nginx's, no error).
printf '%-9s %5s %11s %11s %6s %9s %9s %7s %6s %7s\n' \
  case conns kalendar nginx ratio "k p99" "n p99" "p99 x" errors target
for conns in 64 256; do
  run kalendar-one "$conns" "http://127.0.0.1:$direct$one"
  run nginx-one "$conns" "http://127.0.0.1:$static/day.json"
  run kalendar-distinct "$conns" "http://127.0.0.1:$direct" "$tmp/kalendar-paths"
  run nginx-distinct "$conns" "http://127.0.0.1:$static" "$tmp/nginx-paths"
  for case in one distinct; do
    read -r krps kp99 kerr <"$tmp/result-kalendar-$case-$conns"
    read -r nrps np99 nerr <"$tmp/result-nginx-$case-$conns"
    kms=$(bench_ms "$kp99"); nms=$(bench_ms "$np99")
    awk -v c="$case" -v n="$conns" -v k="$krps" -v g="$nrps" -v kp="$kms" -v np="$nms" \
      -v e="$((kerr + nerr))" 'BEGIN { met = k / g >= 0.9 && kp / np <= 1.5 && e == 0
        printf "%-9s %5d %11.0f %11.0f %6.2f %7.2fms %7.2fms %7.2f %6d %7s\n",
        c, n, k, g, k / g, kp, np, kp / np, e, met ? "met" : "missed" }'
  done
done
run front-one 64 "http://127.0.0.1:$front$one"
echo "nginx -> kalendar (deploy front), one day, 64 connections: $(cut -d' ' -f1 "$tmp/result-front-one-64") req/s"
echo "kalendar-server RSS after the load runs: $(rss_mb) MB"

# Every year 1900-2199 of every book through the API, one connection (the memory bound).
: >"$tmp/scan.conf"
for book in "${books[@]}"; do
  for year in $(seq 1900 2199); do
    printf 'url = "http://127.0.0.1:%s/api/v2/days?book=%s&year=%s"\noutput = "/dev/null"\n' \
      "$direct" "$book" "$year" >>"$tmp/scan.conf"
  done
done
scan_start=$(date +%s%N)
codes=$(curl -s -H "X-API-Key: $key" -K "$tmp/scan.conf" -w '%{http_code}\n' | sort | uniq -c | tr -s ' ')
scan_ms=$(( ($(date +%s%N) - scan_start) / 1000000 ))
echo "year scan 1900-2199 x ${#books[@]} books in ${scan_ms} ms (status counts:${codes}); RSS $(rss_mb) MB"
