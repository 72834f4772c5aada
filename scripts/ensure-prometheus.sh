#!/usr/bin/env bash
# The monitoring tests check deploy/monitoring/ with Debian's promtool and scrape a running stack
# with Debian's Prometheus (both from the `prometheus` package). Installs it when absent.
set -u
if command -v promtool >/dev/null 2>&1 && command -v prometheus >/dev/null 2>&1; then
  echo "Prometheus: $(prometheus --version 2>/dev/null | head -n 1)"
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Prometheus: not installed, installing Debian's package"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null) \
    && echo "Prometheus: installed" || echo "Prometheus: install FAILED; the monitoring tests will fail"
else
  echo "Prometheus: NOT INSTALLED and cannot install it here (needs root and apt-get): the monitoring tests will fail."
fi
exit 0
