#!/usr/bin/env bash
# Prints the folder of a `node` of the given major version (default 24), for PATH. The machine's own
# when it is that version; else Node's official build from the npm registry's node-linux-<arch>
# package (the registry is reachable where nodejs.org may not be), kept under
# ~/.cache/blocksmith-ci/ and reused. npm stays the machine's: it runs on whichever node is first
# on PATH.
set -euo pipefail
major=${1:-24}
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || true)" = "$major" ]; then
  dirname "$(command -v node)"
  exit 0
fi
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node $major build for $(uname -m) on the npm registry" >&2 && exit 1 ;;
esac
dir=${XDG_CACHE_HOME:-$HOME/.cache}/blocksmith-ci/node-$major
bin=$dir/node_modules/node-linux-$arch/bin
if [ ! -x "$bin/node" ]; then
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-$arch@$major" >&2
fi
"$bin/node" --version >&2
echo "$bin"
