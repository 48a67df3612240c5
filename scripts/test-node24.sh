#!/usr/bin/env bash
# The integration suite under Node 24 (`npm run test:node24`; CI runs the browser journeys' app on Node 24 instead,
# .ci/run). PGlite only: the PostgreSQL run under Node 20 covers the second database.
set -euo pipefail
cd "$(dirname "$0")/.."
node24=$(bash scripts/node24.sh)
export PATH="$(dirname "$node24"):$PATH"
echo "node24: $(node -v)"
TEST_DATABASE_URL=none node node_modules/vitest/vitest.mjs run --project integration --maxWorkers=2
