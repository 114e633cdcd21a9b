# The README's commands. `make repl` and `make test` install what a fresh Debian machine
# lacks (Lua 5.4 and libedit headers, pkg-config, busted for the specs; for the tests also
# Chromium, its driver and selenium), then build and run.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PYTHON := python3

.PHONY: deps build test repl bench browser-deps browser-test browser-run play sanitize
deps:
	@pkg-config --exists lua5.4 libedit 2>/dev/null || { \
		echo "installing liblua5.4-dev libedit-dev pkg-config..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liblua5.4-dev libedit-dev pkg-config >/dev/null; }
	@# `reorder test` runs the specs on Debian's busted and luassert (lua-busted pulls them in).
	@[ -f /usr/share/lua/5.4/busted/runner.lua ] || { \
		echo "installing lua-busted..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lua-busted >/dev/null; }

build: deps
	swift build

# Every test: the Swift suites, the playground in a real (headless) Chromium, then the Lua
# specs of the built-in policies (whose `N passed, N failed` closes the run).
test: deps browser-deps
	swift test
	$(MAKE) --no-print-directory browser-run
	swift run reorder test Policies/

repl: deps
	swift build --product reorder
	swift run reorder

# With the AllocationCounter trait: the bench binary counts heap allocations per frame (the
# default build links no malloc interposer and reports them as not measured).
bench: deps
	swift run -c release --traits AllocationCounter reorder bench --policy jx_movable --rows 1000000

# The playground (`reorder play`) in a browser.
play: deps
	swift run reorder play

# Headless Chromium, its driver and selenium for the browser tests of the playground.
browser-deps:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
		echo "installing chromium chromium-driver..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; }
	@$(PYTHON) -c "import selenium" 2>/dev/null || $(PYTHON) -m pip install -q selenium \
		|| $(PYTHON) -m pip install -q --break-system-packages selenium

# End-to-end tests of the playground in a real (headless) Chromium; a mid-drag screenshot is
# left in .build/browser-artifacts/ (set ARTIFACTS to put it elsewhere).
browser-test: deps browser-deps browser-run
browser-run:
	swift build --product reorder
	SE_AVOID_STATS=true $(PYTHON) -m unittest discover -s Tests/Browser -p 'test_*.py' -v

# The Lua, hostile and watchdog suites under AddressSanitizer (with LeakSanitizer),
# ThreadSanitizer and UndefinedBehaviorSanitizer, each in a build folder of its own.
# UBSan covers the C targets only: swiftc has no `-sanitize=undefined` on Linux ("unsupported
# option"), so `swift test --sanitize=undefined` cannot build; instead clang compiles the C with
# -fsanitize=undefined (-Xcc) and links the UBSan runtime (-Xclang-linker). Any report stops the run.
# A sanitizer build's CPU-time limits, and the tests' time and memory ceilings with them, are 5 times
# a plain build's (RS_SANITIZER_SLOWDOWN in shim.h; sanitizerScaled in Tests/ReorderTestSupport).
SANITIZED_SUITES := ReorderLuaTests|ReorderHostileTests|WatchdogTests
UBSAN_FLAGS := -Xcc -fsanitize=undefined -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp:print_suppressions=0 swift test --sanitize=address --scratch-path .build-asan \
		--filter "$(SANITIZED_SUITES)"
	swift test --sanitize=thread --scratch-path .build-tsan --filter "$(SANITIZED_SUITES)"
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 swift test $(UBSAN_FLAGS) --scratch-path .build-ubsan \
		--filter "$(SANITIZED_SUITES)"
