#!/usr/bin/env bash
# The integration suite under Node 24 (users bring a current Node; this machine runs 20). Node 24 comes from the npm
# registry (`node@24`: the binary only), installed once into a folder outside the project; PGlite only, as the
# PostgreSQL run under Node 20 already covers the second database.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${NODE24_DIR:-/tmp/bct-node24}"
if [ ! -x "$dir/node_modules/node/bin/node" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error node@24 >/dev/null
fi
export PATH="$dir/node_modules/node/bin:$PATH"
echo "node24: $(node -v)"
TEST_DATABASE_URL=none node node_modules/vitest/vitest.mjs run --project integration --maxWorkers=2
