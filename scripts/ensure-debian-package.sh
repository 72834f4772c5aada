#!/usr/bin/env bash
# Installs a Debian package the tests or benchmarks run (never a downloaded build) when one of its
# programs is missing, and says in one line what it found or did:
#   ensure-debian-package.sh LABEL PACKAGE WHAT-FAILS-WITHOUT PROGRAM [PROGRAM...]
# e.g. `ensure-debian-package.sh Chromium chromium "the browser tests" /usr/bin/chromium`.
set -u
label=$1 package=$2 needed_by=$3
shift 3
present=1
for program in "$@"; do command -v "$program" >/dev/null 2>&1 || present=0; done
if [ "$present" = 1 ]; then
  echo "$label: $("$1" --version 2>/dev/null | head -n 1)"
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "$label: not installed, installing Debian's package"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null) \
    && echo "$label: installed" || echo "$label: install FAILED; $needed_by will fail"
else
  echo "$label: NOT INSTALLED and cannot install it here (needs root and apt-get): $needed_by will fail."
fi
exit 0
