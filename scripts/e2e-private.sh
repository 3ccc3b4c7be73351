#!/usr/bin/env bash
# Builds the web app and the server into .tmp/e2e-<port>/ and runs the named Playwright specs
# against that build, one server per worker on <port>, <port>+1, … (e2e/servers.ts), so several
# people (or helpers) can run browser journeys at once without rebuilding each other's
# apps/*/dist. Usage: scripts/e2e-private.sh <port> [playwright args...]
set -euo pipefail
port="$1"; shift
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.tmp/e2e-$port"
mkdir -p "$dir"
node "$root/scripts/ensure-chromium.mjs"
(cd "$root/apps/web" && npx vite build --outDir "$dir/web" --emptyOutDir --logLevel warn)
(cd "$root/apps/backoffice" && npx vite build --outDir "$dir/bo" --emptyOutDir --logLevel warn)
# Under apps/server so the bundle resolves the server's own node_modules.
server="$root/apps/server/dist/e2e-$port/main.js"
SERVER_OUTFILE="$server" node "$root/apps/server/build.mjs"
cd "$root"
E2E_PORT="$port" E2E_WEB_SOURCE="$dir/web" E2E_BO_WEB_SOURCE="$dir/bo" E2E_SERVER_MAIN="$server" \
  npx playwright test --output "$dir/results" "$@"
