#!/usr/bin/env bash
# Prints the path of a Node 24 binary (users bring a current Node; this machine runs 20). It comes from the npm
# registry (`node@24`: the binary only), installed once into a folder outside the project (NODE24_DIR).
set -euo pipefail
dir="${NODE24_DIR:-/tmp/bct-node24}"
if [ ! -x "$dir/node_modules/node/bin/node" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error node@24 >/dev/null
fi
echo "$dir/node_modules/node/bin/node"
