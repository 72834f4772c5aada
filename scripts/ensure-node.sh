#!/usr/bin/env bash
# Silverboard runs on Node.js 22.18 or newer (package.json `engines`; the tests load the database's
# worker thread from TypeScript with Node's type stripping; Node 20 reached its end of life in
# April 2026). When the machine's Node is older, brings the Node LTS below from npm (the official binary, packaged per platform as `node-<os>-<arch>`, no install script) into .tools/node
# and prints its bin folder, which the Makefile puts first on PATH. Prints nothing when the
# machine's Node will do. Messages go to stderr: stdout is the Makefile's answer.
set -u
MINIMUM=22.18.0
BROUGHT=24.21.0
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null 2>&1; then
  echo "Node.js $MINIMUM or newer is required (https://nodejs.org); npm comes with it." >&2
  exit 1
fi
# sort -V puts the older version first: the machine's will do when the minimum comes first.
current=$(node -p 'process.versions.node')
if [ "$(printf '%s\n%s\n' "$MINIMUM" "$current" | sort -V | head -n 1)" = "$MINIMUM" ]; then
  exit 0
fi

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "Node.js $current is older than $MINIMUM and there is no npm build of Node for $(uname -s): install Node $MINIMUM or newer." >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "Node.js $current is older than $MINIMUM and there is no npm build of Node for $(uname -m): install Node $MINIMUM or newer." >&2; exit 1 ;;
esac
package="node-$os-$arch"
bin="$PWD/.tools/node/node_modules/$package/bin"
if [ "$("$bin/node" -p 'process.versions.node' 2>/dev/null)" != "$BROUGHT" ]; then
  echo "Node.js $current is older than $MINIMUM: bringing Node $BROUGHT from npm into .tools/node" >&2
  mkdir -p .tools/node
  if ! npm install --prefix .tools/node --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "$package@$BROUGHT" >&2 || ! "$bin/node" --version >/dev/null 2>&1; then
    echo "Could not bring Node $BROUGHT from npm: install Node $MINIMUM or newer (https://nodejs.org)." >&2
    exit 1
  fi
fi
echo "$bin"
