#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser build). Installs it when absent.
set -u
if [ -x /usr/bin/chromium ]; then
  echo "Chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n 1)"
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Chromium: not installed, installing Debian's package"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    && echo "Chromium: installed" || echo "Chromium: install FAILED; the browser tests will fail"
else
  echo "Chromium: NOT INSTALLED and cannot install it here (needs root and apt-get): the browser tests will fail."
fi
exit 0
