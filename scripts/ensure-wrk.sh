#!/usr/bin/env bash
# bench/http loads the servers it compares with Debian's wrk (a C load generator on one thread,
# so the two cores are left to the servers). Installs it when absent.
set -u
if command -v wrk >/dev/null 2>&1; then
  echo "wrk: $(wrk --version 2>&1 | head -n 1 | cut -d' ' -f1-2)"
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "wrk: not installed, installing Debian's package"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null) \
    && echo "wrk: installed" || echo "wrk: install FAILED; bench/http will fail"
else
  echo "wrk: NOT INSTALLED and cannot install it here (needs root and apt-get): bench/http will fail."
fi
exit 0
