# chartview: `make run` shows the demo gallery, `make test` runs every test (and builds and runs
# the Examples package, chartview used as a library: .ci/examples).
# Both install the Debian packages they need when missing (as root; otherwise they name them).
# The tests run against a private PostgreSQL server (.ci/with-postgres) under a private Xvfb,
# and against a private 2-shard ClickHouse cluster (.ci/with-clickhouse) when clickhouse-server
# is installable (ClickHouse's tests are skipped without it).

SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFTFLAGS := -Xswiftc -warnings-as-errors
BIN := .build/debug/chartview
OUT := out
# Real public data sets for the tests (.ci/real-data: pinned PyPI packages, cached there).
REAL_DATA := $(CURDIR)/.build/real-data
# Seconds the test run may take before .ci/with-deadline prints what is still running (each
# thread's stack) and stops it: a hang fails in the log with its place, well inside CI's 90 min.
TEST_DEADLINE ?= 2700
# How much of the heaviest tests run: quick (make test: samples of the large case lists that
# still cover every case kind) or full (make test-full: every case). See Tests/TestDepth.
TEST_DEPTH ?= quick
# A folder for each test process' event stream (Swift Testing's JSON lines: each test's start and
# end), such as TEST_EVENTS=out/test-events; none when empty.
TEST_EVENTS ?=

# A value as one shell word: single-quoted, each ' in it written '\''. Every path a recipe hands
# the shell goes through it, so spaces, quotes, $, ; and globs in a path are characters of it.
quote = '$(subst ','\'',$(1))'

# The house style (.swift-format): `make format` rewrites, `make lint` (part of make test) checks.
SWIFT_FORMAT_PATHS := Package.swift Sources Tests Examples

.PHONY: lint format all build run test test-full test-sanitize real-data bench fuzz soak clean install install-files uninstall deb docs doc-coverage completion

# Where `make install` puts chartview: $(DESTDIR)$(PREFIX)/bin and $(DESTDIR)$(PREFIX)/share.
# Both are taken as written (`$(value …)`): a $ in them is a character of the path, not make's.
PREFIX ?= /usr/local
DESTDIR ?=
# The installed file `$(1)` (a path under PREFIX) as one shell word.
installed = $(call quote,$(value DESTDIR)$(value PREFIX)/$(1))
# The application icon's PNG sizes, rendered by chartview (.ci/render-icons) into assets/icon.
ICON_SIZES := 16 24 32 48 64 128 256
# What `make install` installs, from the repository to under $(PREFIX), and so what
# `make uninstall` removes: exactly these files.
INSTALLED := bin/chartview share/chartview/gallery.json share/chartview/demo.sql share/chartview/chartview-spec.schema.json \
	share/man/man1/chartview.1 share/bash-completion/completions/chartview \
	share/zsh/vendor-completions/_chartview share/applications/chartview.desktop \
	share/icons/hicolor/scalable/apps/chartview.svg \
	$(foreach size,$(ICON_SIZES),share/icons/hicolor/$(size)x$(size)/apps/chartview.png)

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
	@if [ -n "$$DISPLAY" ] && $(call quote,$(RELEASE_BIN)) --check-display 2>/dev/null; then \
		exec $(call quote,$(RELEASE_BIN)); \
	else \
		echo "No X display (DISPLAY='$$DISPLAY'): rendering the demo gallery to PNG files instead."; \
		exec .ci/render-gallery $(call quote,$(RELEASE_BIN)) $(call quote,$(OUT)); \
	fi

# make test's parts (.ci/test: lint, packages, the header check, the build, the gallery through
# `make run`'s loop, the Examples package, the doc coverage, the real data sets, the tests), each
# timed, with a table of their times at the end. The tests run as four processes at once
# (.ci/test-shards: the library's, the command's in two, the window's), each under its own Xvfb, all with
# the private PostgreSQL server and ClickHouse cluster; each prints its summary, and every
# failure with its details.
test:
	BIN=$(call quote,$(BIN)) REAL_DATA=$(call quote,$(REAL_DATA)) TEST_DEPTH=$(call quote,$(TEST_DEPTH)) \
		TEST_EVENTS=$(call quote,$(TEST_EVENTS)) TEST_DEADLINE=$(call quote,$(TEST_DEADLINE)) .ci/test $(SWIFTFLAGS)

# make test with every case of the heaviest tests (CI runs it after make test).
test-full:
	$(MAKE) test TEST_DEPTH=full

# The library documentation, a static site in $(OUT)/docs (index.html links the library modules):
# each module's symbol graph from the debug build, its DocC catalog (Sources/<Module>/<Module>.docc)
# converted with the toolchain's docc and transformed for static hosting; then the doc coverage
# check (.ci/doc-coverage), which fails while a public symbol has no doc comment. No network.
docs:
	@.ci/ensure-packages build
	.ci/build-docs $(call quote,$(OUT)/docs)

# The doc coverage check alone (make test runs it): public symbols without a doc comment.
doc-coverage:
	@.ci/ensure-packages build
	.ci/build-docs --coverage

lint:
	swift format lint --strict --parallel --recursive $(SWIFT_FORMAT_PATHS)

format:
	swift format format --in-place --parallel --recursive $(SWIFT_FORMAT_PATHS)

# The completion scripts' part that the options' table makes (between their "# BEGIN generated"
# and "# END generated" lines), from the debug binary (.ci/completion); CompletionTests checks it.
completion: build
	.ci/completion $(call quote,$(BIN))

# Downloads (once; then cached) and unpacks the real data sets the tests chart: see Tests/RealData.
real-data:
	@.ci/real-data $(call quote,$(REAL_DATA))

# The whole test suite under AddressSanitizer, then under ThreadSanitizer (own build folders).
# Leak checking is left to a window session (see README); system libraries hold caches to exit.
test-sanitize:
	@.ci/ensure-packages test
	@.ci/real-data $(call quote,$(REAL_DATA))
	swift build --scratch-path .build/asan --sanitize=address
	CHARTVIEW=$(call quote,$(CURDIR)/.build/asan/debug/chartview) CHARTVIEW_REAL_DATA=$(call quote,$(REAL_DATA)) ASAN_OPTIONS=detect_leaks=0 \
		.ci/with-postgres .ci/with-xvfb swift test --scratch-path .build/asan --sanitize=address
	swift build --scratch-path .build/tsan --sanitize=thread
	CHARTVIEW=$(call quote,$(CURDIR)/.build/tsan/debug/chartview) CHARTVIEW_REAL_DATA=$(call quote,$(REAL_DATA)) TSAN_OPTIONS=halt_on_error=1 \
		.ci/with-postgres .ci/with-xvfb swift test --scratch-path .build/tsan --sanitize=thread

# Performance side by side with matplotlib and gnuplot (installed when missing), with the private
# PostgreSQL server and ClickHouse cluster: a table on stdout and out/bench.json. Not part of
# make test: timings on shared machines are noisy.
bench:
	@.ci/ensure-packages bench
	swift build -c release --static-swift-stdlib --product chartview
	.ci/with-postgres .ci/with-clickhouse .ci/with-xvfb /usr/bin/python3 .ci/bench.py

# libFuzzer over the CSV reader; specs, column typing and SQL values each through the chart
# built, laid out, painted and dumped; layout alone; PostgreSQL's connection strings and
# queries; ClickHouse's Native answers; and live lines split and parsed. Each runs for
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
	rm -rf -- .build $(call quote,$(OUT))

# The release binary, the demo gallery where the binary finds it (PREFIX/share/chartview), the
# man page, bash and zsh completion and the desktop entry, under $(DESTDIR)$(PREFIX).
install:
	@.ci/ensure-packages build
	swift build -c release --static-swift-stdlib --product chartview $(SWIFTFLAGS)
	@$(MAKE) --no-print-directory install-files INSTALL_BIN=$(call quote,$(RELEASE_BIN))

# What `make install` copies, without building: INSTALL_BIN is the binary to install (the tests
# install the debug one into a staging folder and run it from there).
INSTALL_BIN ?= $(RELEASE_BIN)
install-files:
	install -D -m 755 -- $(call quote,$(INSTALL_BIN)) $(call installed,bin/chartview)
	install -D -m 644 -- assets/gallery.json $(call installed,share/chartview/gallery.json)
	install -D -m 644 -- assets/demo.sql $(call installed,share/chartview/demo.sql)
	install -D -m 644 -- assets/chartview-spec.schema.json $(call installed,share/chartview/chartview-spec.schema.json)
	install -D -m 644 -- assets/man/chartview.1 $(call installed,share/man/man1/chartview.1)
	install -D -m 644 -- assets/completion/chartview.bash $(call installed,share/bash-completion/completions/chartview)
	install -D -m 644 -- assets/completion/_chartview $(call installed,share/zsh/vendor-completions/_chartview)
	install -D -m 644 -- assets/chartview.desktop $(call installed,share/applications/chartview.desktop)
	install -D -m 644 -- assets/icon/chartview.svg $(call installed,share/icons/hicolor/scalable/apps/chartview.svg)
	for size in $(ICON_SIZES); do \
		install -D -m 644 -- assets/icon/chartview-$$size.png $(call installed,share/icons/hicolor/)"$${size}x$$size"/apps/chartview.png || exit 1; \
	done

# Removes exactly what `make install` installed (and the folder of its own it made).
uninstall:
	rm -f -- $(foreach file,$(INSTALLED),$(call installed,$(file)))
	-rmdir -- $(call installed,share/chartview) 2>/dev/null

# A Debian package of the release build (.ci/make-deb: the files of `make install` under /usr,
# Depends from dpkg-shlibdeps), checked by lintian; written to $(OUT)/chartview_VERSION_ARCH.deb.
deb:
	@.ci/ensure-packages test
	swift build -c release --static-swift-stdlib --product chartview $(SWIFTFLAGS)
	@deb=$$(.ci/make-deb $(call quote,$(RELEASE_BIN)) $(call quote,$(OUT))) && echo "$$deb" && lintian --fail-on error "$$deb"
