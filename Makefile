# Palaro: `make run` starts the platform with the demo brand; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help
GO ?= go
WEB_DIST := internal/webui/dist
CONSOLE_DIST := internal/webui/consoledist
PALARO_ADDR ?= :8080

.PHONY: help deps web build run test test-go test-go-built test-web test-e2e e2e-run e2e-after-web bench clean lint

help:
	@echo "make run    build everything and start the demo platform on http://localhost:8080 (operator console: /console/)"
	@echo "make test   Go tests (SQLite, and PostgreSQL when PALARO_TEST_POSTGRES_URL is set), web unit tests, e2e in headless Chromium"
	@echo "make bench  benchmarks (catalogue throughput, bundle size, Lighthouse)"

# npm packages for the web workspace and the e2e suite, installed from the lock files.
web/node_modules/.installed: web/package-lock.json web/package.json $(wildcard web/apps/*/package.json web/packages/*/package.json)
	cd web && npm ci --no-audit --no-fund
	touch $@

e2e/node_modules/.installed: e2e/package-lock.json e2e/package.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

# ESLint has its own small package (web/lint): typescript-eslint needs the
# TypeScript 6 compiler API, which the workspace's TypeScript 7 does not have.
web/lint/node_modules/.installed: web/lint/package-lock.json web/lint/package.json
	cd web/lint && npm ci --no-audit --no-fund
	touch $@

deps: web/node_modules/.installed e2e/node_modules/.installed web/lint/node_modules/.installed

# Quiet builds: one line per step, then only warnings and errors (vite lists
# every file with PALARO_WEB_VERBOSE=1).
web: web/node_modules/.installed
	@find $(WEB_DIST) $(CONSOLE_DIST) -mindepth 1 ! -name .gitkeep -delete
	@echo "building the storefront into $(WEB_DIST) and the operator console into $(CONSOLE_DIST)"
	@cd web && npm run --silent build

build: web
	@echo "building bin/palaro"
	@$(GO) build -o bin/palaro ./cmd/palaro

# serve prints where to go and the demo accounts once it listens (stderr), then its JSON logs.
run: build
	@PALARO_DEMO=1 PALARO_BANNER=1 PALARO_ADDR=$(PALARO_ADDR) ./bin/palaro serve

# Two lines side by side, each target's output printed whole when it ends:
# the build, then the Go tests (they check the embedded storefront's page
# policy; mostly waiting on servers and PostgreSQL); and the web checks (they
# need no build), then the browser suite on the binary built once. The
# browser suite is the longest phase: it starts as soon as the build and the
# web checks are done, and the Go tests end inside it (bench/README.md, "CI
# time", has the figures and how the suite held up under that load).
test:
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-go-built e2e-after-web

test-go-built: build
	@$(MAKE) --no-print-directory test-go

e2e-after-web: build test-web
	@$(MAKE) --no-print-directory e2e-run

test-go:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

test-web: web/node_modules/.installed web/lint/node_modules/.installed
	cd web && npm run lint && npm run typecheck && npm test

test-e2e: build
	@$(MAKE) --no-print-directory e2e-run

# The browser suite on the binary already built.
e2e-run: e2e/node_modules/.installed
	cd e2e && npx playwright test

# bench/run.sh builds first itself (under flock /tmp/palaro-build.lock, as parallel builds share the tree).
bench: e2e/node_modules/.installed
	./bench/run.sh

# ESLint over the web workspace (also part of test-web).
lint: web/node_modules/.installed web/lint/node_modules/.installed
	cd web && npm run lint

clean:
	rm -rf bin data e2e/test-results
	find $(WEB_DIST) $(CONSOLE_DIST) -mindepth 1 ! -name .gitkeep -delete
