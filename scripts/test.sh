#!/usr/bin/env bash
# Runs the whole test suite from a clean clone: installs dependencies, builds with warnings as
# errors, runs every test, validates the shipped books and checks formatting.
#   scripts/test.sh             release build in build/
#   scripts/test.sh --sanitize  the same tests under AddressSanitizer + UndefinedBehaviorSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

if [ "${1:-}" = "--sanitize" ]; then
  dir=build-asan
  flags=(-DCMAKE_BUILD_TYPE=Debug -DKALENDAR_SANITIZE=ON)
  # Without abort_on_error UBSan/ASan only print and the run stays green.
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
else
  dir=build
  flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
fi

# ccache, when the machine has it, only speeds up rebuilds; the build is the same without it.
command -v ccache >/dev/null && flags+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" -G Ninja -DKALENDAR_WERROR=ON "${flags[@]}"
cmake --build "$dir" -j "$(nproc)"
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)"
"$dir/tools/kalendar-check" books
# The 1662 and 1928 books over every year their valid_years claim (the default scan is
# 1900-2199; this adds about 4 s of CPU).
"$dir/tools/kalendar-check" --years 1753-4099 books/loc_1662_en books/loc_1662 books/loc_1928_en

if [ "${1:-}" != "--sanitize" ]; then
  # The API as a consumer sees it: the OpenAPI document linted, a generated TypeScript client
  # compiled with tsc --strict and run against a live server, the golden bodies validated
  # against their schemas (about a minute; once, in the release build).
  tests/clients/run.sh "$dir"
  unformatted=$(git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run 2>&1 | grep -c warning || true)
  if [ "$unformatted" != "0" ]; then
    git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run 2>&1 | grep warning | head -20
    echo "test: $unformatted clang-format findings (run clang-format -i on the files above)" >&2
    exit 1
  fi
  # The HTTP layer asks the engine's facade (engine.hpp: load_engine, Engine) and reads its
  # answers; the compiled books' container and raw indices stay inside engine/ (issue 7).
  if git grep -nw -e Library -e kNoIndex -- server tests/http ||
    git grep -nE 'kalendar/library\.hpp|[.>]record\(\)' -- server tests/http; then
    echo "test: server/ or tests/http reach past the engine's facade (lines above)" >&2
    exit 1
  fi
fi
echo "test: all green ($dir)"
