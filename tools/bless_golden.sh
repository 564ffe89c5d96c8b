#!/usr/bin/env bash
# The only way to regenerate golden files: validator diagnostics (tests/tools/fixtures/*.expected)
# and, once the API has them, golden response bodies. Review `git diff` before committing.
#   tools/bless_golden.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)  # absolute: the script changes directory below
check=$build/tools/kalendar-check
[ -x "$check" ] || { echo "bless_golden: build kalendar-check first ($check)" >&2; exit 2; }
cd "$root/tests/tools/fixtures"
for dir in */; do
  name=${dir%/}
  status=0
  "$check" --rules ../../../rules "$name/books" > "$name.expected.new" || status=$?
  if [ "$status" -ne 1 ]; then  # a broken book must give exit 1; anything else is a tool failure
    rm -f "$name.expected.new"
    echo "bless_golden: kalendar-check exited $status on $name; nothing written" >&2
    exit 1
  fi
  mv "$name.expected.new" "$name.expected"
  echo "blessed tests/tools/fixtures/$name.expected"
done
if [ -x "$build/tests/golden/bless_golden_api" ]; then
  "$build/tests/golden/bless_golden_api" "$root/tests/golden"
fi
# kalendar-diff on one swapped precedence row (exit 1: changes found).
diff_tool=$build/tools/kalendar-diff
if [ -x "$diff_tool" ]; then
  cd "$root/tests/tools/diff_fixture"
  for format in txt json; do
    status=0
    "$diff_tool" --rules ../../../rules $([ $format = json ] && echo --json) before/books after/books \
      > "expected.$format.new" || status=$?
    [ "$status" -eq 1 ] || { rm -f "expected.$format.new"; echo "bless_golden: kalendar-diff exited $status" >&2; exit 1; }
    mv "expected.$format.new" "expected.$format"
    echo "blessed tests/tools/diff_fixture/expected.$format"
  done
fi
