# The two commands of the README: `make start` and `make test`. Everything else is a step of them.
SHELL := /bin/bash
NPM_MARKER := node_modules/.install-stamp

# Node.js 22.18 or newer for everything below: scripts/ensure-node.sh brings one from npm into
# .tools/node when the machine's is older, and its bin folder goes first on PATH (npm included).
NODE_BIN := $(shell bash scripts/ensure-node.sh)
ifneq ($(.SHELLSTATUS),0)
$(error Node.js 22.18 or newer is needed (see the line above))
endif
export PATH := $(if $(NODE_BIN),$(NODE_BIN):)$(PATH)

.PHONY: start test build compile install services chromium prometheus clean bench soak

# The HTTP roles' young generation is sized at start (services/src/apps/heap-policy.ts says why).
start: build
	MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=16 services/dist/apps/start/main.js

test: build services chromium prometheus
	node scripts/run-tests.mjs

# Installs exactly what package-lock.json pins (it holds every platform's optional binaries), again
# only when a manifest or the lock changed. `npm ci` never rewrites the lock: a lock out of step with
# a package.json stops here with npm's message (run `npm install` and commit the lock), and a lock
# changed by the install anyway fails too, so a clone stays clean after `make start` and `make test`.
install: $(NPM_MARKER)
$(NPM_MARKER): package-lock.json package.json contracts/package.json services/package.json cli/package.json web/package.json
	@echo npm ci --no-audit --no-fund
	@lock=$$(cksum < package-lock.json) && npm ci --no-audit --no-fund && if [ "$$(cksum < package-lock.json)" != "$$lock" ]; then \
		echo 'package-lock.json changed during the install: commit the lock npm writes (npm install) and run again' >&2; exit 1; fi
	@touch $@

# The web build is the slowest step of a build: done again only when one of its inputs changed.
WEB_STAMP := web/dist/.build-stamp
WEB_INPUTS := $(shell find web/src web/public web/scripts contracts/src -type f 2>/dev/null) \
	web/index.html web/vite.config.ts web/package.json web/tsconfig.json

build: compile $(WEB_STAMP)

compile: install
	@if [ -f contracts/scripts/compile-solidity.mjs ]; then node contracts/scripts/compile-solidity.mjs; fi
	npx tsc -b
	@# npm links workspace binaries only when they exist at install time: link `xsd` after building.
	@chmod +x cli/dist/main.js && ln -sfn ../@xsd/cli/dist/main.js node_modules/.bin/xsd

$(WEB_STAMP): $(WEB_INPUTS) $(NPM_MARKER) | compile
	npm run build -w @xsd/web
	@touch $@

services:
	@bash scripts/ensure-services.sh

chromium:
	@bash scripts/ensure-debian-package.sh Chromium chromium 'the browser tests' /usr/bin/chromium

# promtool checks deploy/monitoring/, and a real Prometheus scrapes a running stack in the tests.
prometheus:
	@bash scripts/ensure-debian-package.sh Prometheus prometheus 'the monitoring tests' prometheus promtool

# Benchmarks run the TypeScript sources with tsx, which needs the decorator settings of the services.
BENCH_RUN := TSX_TSCONFIG_PATH=tsconfig.base.json node --conditions=source --import tsx

bench: build services chromium
	$(BENCH_RUN) bench/pipeline/main.ts
	$(BENCH_RUN) bench/scan/main.ts
	$(BENCH_RUN) bench/rpc-chaos/main.ts
	$(BENCH_RUN) bench/cli/main.ts
	$(BENCH_RUN) bench/web/main.ts
	$(BENCH_RUN) bench/web/charts.ts
	$(BENCH_RUN) bench/http/main.ts
	$(BENCH_RUN) bench/analytics/main.ts
	$(BENCH_RUN) bench/notify/main.ts
	$(BENCH_RUN) bench/backup/main.ts
	$(BENCH_RUN) bench/scale/main.ts

# The long version of the restart check that `make test` runs three times: twenty starts under load.
soak: build services
	XSD_SOAK_STARTS=20 npx vitest run --project e2e-alone services/src/apps/start.e2e.spec.ts -t 'starts and stops in a row'

clean:
	rm -rf node_modules */node_modules */dist web/dist contracts/build .test-results *.tsbuildinfo
