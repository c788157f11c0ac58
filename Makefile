# strata — build, run, test. `make run` opens the demo; `make test` runs every suite.
PREFIX ?= /usr/local
SWIFT ?= swift
BINARY := .build/debug/strata
RELEASE_BINARY := .build/release/strata

.PHONY: build release run test test-unit test-e2e test-zones soak install clean bench fuzz width-table readme-screens

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

run: build
	$(BINARY) --demo

# The end-to-end suite drives $(BINARY) under tmux, so build it first.
test: build
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test

test-unit:
	$(SWIFT) test --skip EndToEndTests

test-e2e: build
	SWIFT_BACKTRACE=interactive=no $(SWIFT) test --filter EndToEndTests

# Every zone's offset changes from 1900 to 2037 through the real path
# (ZoneDatabaseTests): a minute or two, so not part of `make test`.
test-zones:
	STRATA_ZONES=1 $(SWIFT) test --filter ZoneDatabaseTests

# Random events from every key map; `make soak SEED=7 COUNT=1000000` for a longer run.
SEED ?= 1
COUNT ?= 100000
soak:
	STRATA_SOAK_SEED=$(SEED) STRATA_SOAK_COUNT=$(COUNT) $(SWIFT) test --filter SoakTests

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BINARY) $(DESTDIR)$(PREFIX)/bin/strata

clean:
	rm -rf .build

bench:
	bash bench/run.sh

fuzz:
	bash fuzz/run.sh

# Character widths from the Unicode data of the python3 that runs it.
width-table:
	python3 Tools/gen-width-table.py

# The README's screens, captured anew from the debug build (see Tools/readme-screens.py).
readme-screens: build
	python3 Tools/readme-screens.py
