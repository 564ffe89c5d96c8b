#!/usr/bin/env bash
# Instructions per warm request (callgrind), for the request path of bench/request_path.cpp:
# the HTTP reader, the dispatcher and the response writer, with the answer already in the
# response cache; and per cold request for a year of days never asked before. Only the
# function running the counted requests is measured (callgrind --toggle-collect), so start-up
# and the first request do not count. Needs valgrind (scripts/setup.sh --bench) and a build
# with -DKALENDAR_BENCH=ON.
#   bench/instructions.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind missing" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

count() {  # requests target [accept-encoding] -> total Ir inside run_requests
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --toggle-collect='*run_requests*' \
    "$build/bench/kalendar_request_path" "$@" >/dev/null 2>"$tmp/cg.log"
  awk '/^summary:/ {print $2}' "$tmp/cg.out"
}
per_request() {  # label requests target [accept-encoding]
  local label=$1 requests=$2
  shift 2
  printf '%-44s %8d instructions/request\n' "$label" $(($(count "$requests" "$@") / requests))
}
per_request "one day, warm (response cache hit)" 1000 "/api/v2/days/2025-11-30?book=loc_2015"
per_request "one day, warm, Accept-Encoding: gzip" 1000 "/api/v2/days/2025-11-30?book=loc_2015" gzip
per_request "a year of days, warm, Accept-Encoding: gzip" 1000 "/api/v2/days?book=loc_2015&year=2026" gzip
# A new far year on every request (2300, 2301, ...): year plan, 365 days written as JSON, ETag,
# cache store, response bytes; what the first client asking for such a year waits for.
per_request "a year of days, new year each request" 50 "/api/v2/days?book=loc_2015&year={year}"
