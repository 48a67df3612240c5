#!/usr/bin/env bash
# What a new contributor's machine does to `npm test`, proven in a minute or two so that it cannot break unseen
# (issue 43; `.ci/run` runs it after `npm test`, or `npm run test:fresh-machine`):
#   1. the browser journeys with the Chromium npm ships and no system one: the preflight and one journey, with a fresh,
#      empty cache folder (so the browser is unpacked as on a first run);
#   2. the embedded PostgreSQL started from a checkout in a 0700 folder (as root it runs as `nobody`, who may not enter
#      that folder), with TEST_DATABASE_URL unset.
# As root, each runs in a private mount namespace (`unshare -m`) where Debian's Chromium, the libraries it brings
# (NSS, NSPR), the system's fonts and PostgreSQL are hidden (bound over, never uninstalled), and where the checkout is
# seen inside a fresh 0700 folder. As another user it cannot hide them: both run in place, and step 1 says which
# browser it found. Needs the client built (`npm run build`: it builds it when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
journey="${FRESH_MACHINE_JOURNEY:-the shell renders}"
started=$(date +%s)

[ -f dist/client/index.html ] || npm run build --silent >/dev/null

if [ "$(id -u)" != 0 ]; then
  echo "fresh-machine: not root: no private mount namespace, so the system's Chromium and PostgreSQL stay visible"
  cache=$(mktemp -d)
  trap 'rm -rf "$cache"' EXIT
  XDG_CACHE_HOME=$cache node --import tsx e2e/run.ts --preflight
  XDG_CACHE_HOME=$cache node --import tsx e2e/run.ts "$journey"
  env -u TEST_DATABASE_URL node --import tsx server/test/embedded-postgres-check.ts
  echo "fresh-machine: passed in $(($(date +%s) - started)) s"
  exit 0
fi

scratch=$(mktemp -d) # 0700, root's: where `nobody` may not go
# Never `rm -rf` the scratch folder whole: the checkout is bound into it (inside the namespace only, but a mistake there
# must not reach the checkout).
cleanup() {
  rm -rf "$scratch/home"
  rm -f "$scratch/empty-file"
  rmdir "$scratch/checkout" "$scratch/empty-dir" "$scratch"
}
trap cleanup EXIT
mkdir "$scratch/home" "$scratch/checkout" "$scratch/empty-dir"
touch "$scratch/empty-file"

# Everything below runs in its own mount namespace: the binds end with it.
unshare -m env SCRATCH="$scratch" REPO="$repo" JOURNEY="$journey" bash -euo pipefail -c '
  mount --make-rprivate /
  hide_file() { [ -e "$1" ] && mount --bind "$SCRATCH/empty-file" "$1" || true; }
  hide_dir() { [ -d "$1" ] && mount --bind "$SCRATCH/empty-dir" "$1" || true; }
  for name in chromium chromium-browser google-chrome google-chrome-stable; do
    for dir in /usr/bin /usr/local/bin /bin; do hide_file "$dir/$name"; done
  done
  # The libraries that come with Debian'"'"'s Chromium (a Node-only machine lacks them), its fonts, and PostgreSQL.
  for lib in /usr/lib/x86_64-linux-gnu/lib{nss3,nssutil3,smime3,nspr4,plc4,plds4}.so; do hide_file "$lib"; done
  hide_dir /usr/share/fonts
  hide_dir /usr/lib/postgresql
  # The checkout, seen inside a folder only root may enter, as a root user'"'"'s clone in /root or a fresh mktemp -d.
  mount --bind "$REPO" "$SCRATCH/checkout"
  cd "$SCRATCH/checkout"
  export HOME="$SCRATCH/home" XDG_CACHE_HOME="$SCRATCH/home/.cache"
  unset CHROMIUM_PATH PLAYWRIGHT_BROWSERS_PATH TEST_DATABASE_URL

  echo "fresh-machine: 1. the journeys with no system Chromium (a fresh cache in $XDG_CACHE_HOME)"
  node --import tsx e2e/run.ts --preflight
  node --import tsx e2e/run.ts "$JOURNEY"
  echo "fresh-machine: 2. the embedded PostgreSQL from a checkout in a 0700 folder ($PWD)"
  node --import tsx server/test/embedded-postgres-check.ts
'
echo "fresh-machine: passed in $(($(date +%s) - started)) s"
