#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ with Clang under ASan/UBSan and runs each for a
# bounded time from its committed seed corpus (fuzz/corpus/<name>). A crash, leak, sanitizer
# report, timeout or out-of-memory fails the run; the reproducer is left in build-fuzz/.
#   scripts/fuzz.sh                 every harness, 40 s each (CI)
#   scripts/fuzz.sh --seconds 300   longer runs
#   scripts/fuzz.sh http_wire       one harness
#   scripts/fuzz.sh --seed random   explore beyond CI's path (CI uses seed 1, so a red CI run
#                                   means a change broke something, not that the dice rolled)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=40
seed=1
names=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
[ ${#names[@]} -eq 0 ] && names=(reference query_cursor http_wire yaml_book dispatch)
scripts/setup.sh --fuzz  # Clang and its libFuzzer runtime (idempotent), as test.sh installs its own

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_COMPILER=clang -DKALENDAR_FUZZ=ON -DBUILD_TESTING=OFF "${launcher[@]}" >/dev/null
targets=()
for n in "${names[@]}"; do targets+=("fuzz_$n"); done
cmake --build build-fuzz --target "${targets[@]}"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
seed_flag=(-seed="$seed")
[ "$seed" = random ] && seed_flag=()
status=0
for n in "${names[@]}"; do
  work="build-fuzz/corpus-$n"          # the seeds plus what this run finds; never committed
  mkdir -p "$work"
  echo "fuzz: $n for ${seconds}s"
  if ! (cd build-fuzz && "./fuzz/fuzz_$n" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
          -max_len=4096 -print_final_stats=1 "${seed_flag[@]}" "corpus-$n" "../fuzz/corpus/$n" 2>"fuzz-$n.log"); then
    echo "fuzz: $n FAILED; see build-fuzz/fuzz-$n.log and the crash-* file in build-fuzz/"
    tail -n 30 "build-fuzz/fuzz-$n.log"
    status=1
  else
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "build-fuzz/fuzz-$n.log" | tr '\n' ' '
    echo
  fi
done
exit $status
