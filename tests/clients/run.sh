#!/usr/bin/env bash
# The API as a consumer meets it: against a live kalendar-server (the repository's books, the
# Debian KJV/WEB modules, the invented text pack of tests/http/fixtures), fetch
# /api/v2/openapi.json without a key, lint it (Redocly, recommended rules: 0 errors), generate a
# TypeScript client (openapi-typescript + openapi-fetch), compile a consumer with tsc --strict
# and run it, and validate every golden body of tests/golden against its route's schema (Ajv,
# JSON Schema 2020-12). Any lint error, compile error or schema mismatch fails the run.
#   tests/clients/run.sh [BUILD_DIR]      (default build/; needs kalendar-server, kalendar-keys)
# npm installs exactly the committed package-lock.json (npm ci; from the local cache when it
# has the packages).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
cd "$here"

# @redocly/cli 2 needs Node.js 20.19 or later (Debian 12's own nodejs is 18).
node -e 'const [a, b] = process.versions.node.split(".").map(Number);
  process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  { echo "clients: Node.js >= 20.19 is needed, this is $(node --version)" >&2; exit 1; }
npm ci --prefer-offline --no-audit --no-fund --loglevel=error

work="$(mktemp -d "${TMPDIR:-/tmp}/kalendar-clients-XXXXXX")"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# A key for every book, in a key store of this run only.
key="$("$build/server/kalendar-keys" --db "$work/keys.sqlite3" create --name client-tests --all |
  sed -n 1p)"
"$build/server/kalendar-server" --port 0 --threads 2 --keys-db "$work/keys.sqlite3" \
  --books-dir "$root/books" --rules-dir "$root/rules" \
  --texts-dir "$root/tests/http/fixtures/texts" --bible-cache-dir "$work/bible-cache" \
  --access-log off >"$work/server.log" 2>&1 &
server_pid=$!
# Port 0: the server picks a free port and logs it ("event=listening detail=127.0.0.1:PORT").
port=""
for _ in $(seq 1 600); do
  port="$(sed -n 's/.*event=listening detail=[^ ]*:\([0-9]*\).*/\1/p' "$work/server.log")"
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; echo "clients: server died" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log"; echo "clients: server did not start" >&2; exit 1; }
url="http://127.0.0.1:$port"

# The document, without a key (Swagger UI, Redoc and generators have none).
mkdir -p generated
curl -sS --fail -o generated/openapi.json "$url/api/v2/openapi.json"

npx --no-install redocly lint generated/openapi.json --config redocly.yaml --format=stylish
npx --no-install openapi-typescript generated/openapi.json -o generated/api.d.ts --silent
rm -rf dist
npx --no-install tsc -p tsconfig.json
KALENDAR_URL="$url" KALENDAR_KEY="$key" KALENDAR_OPENAPI=generated/openapi.json \
  node dist/src/consumer.js
KALENDAR_URL="$url" KALENDAR_KEY="$key" \
  node dist/src/validate_goldens.js generated/openapi.json "$root/tests/golden"
echo "clients: all green"
