#!/usr/bin/env bash
# The only way to regenerate golden files: validator diagnostics (tests/tools/fixtures/*.expected)
# and, once the API has them, golden response bodies. Review `git diff` before committing.
#   tools/bless_golden.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
check=$build/tools/kalendar-check
[ -x "$check" ] || { echo "bless_golden: build kalendar-check first ($check)" >&2; exit 2; }
cd "$root/tests/tools/fixtures"
for dir in */; do
  name=${dir%/}
  "$check" --rules ../../../rules "$name/books" > "$name.expected" || true
  echo "blessed tests/tools/fixtures/$name.expected"
done
if [ -x "$build/tests/golden/bless_golden_api" ]; then
  "$build/tests/golden/bless_golden_api" "$root/tests/golden"
fi
