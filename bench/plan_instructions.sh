#!/usr/bin/env bash
# Instructions per whole liturgical year (callgrind), for every book: COUNT new years from 3000
# built by bench/year_plan.cpp, counted inside run_plans() only (loading the books does not
# count), divided by COUNT. Needs valgrind (scripts/setup.sh --bench) and a build with
# -DKALENDAR_BENCH=ON. Takes about 20 s per book.
#   bench/plan_instructions.sh [BUILD_DIR] [COUNT]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
count=${2:-100}
command -v valgrind >/dev/null || { echo "plan_instructions.sh: valgrind missing" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for dir in "$root"/books/*/; do
  book=$(basename "$dir")
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --toggle-collect='*run_plans*' \
    "$build/bench/kalendar_year_plan" "$book" "$count" >/dev/null 2>"$tmp/cg.log"
  total=$(awk '/^summary:/ {print $2}' "$tmp/cg.out")
  printf '%-14s %10d instructions/year\n' "$book" $((total / count))
done
