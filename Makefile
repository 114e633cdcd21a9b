# The README's commands. `make repl` and `make test` install what a fresh Debian machine
# lacks (Lua 5.4 and libedit headers, pkg-config), then build and run.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build test repl bench
deps:
	@pkg-config --exists lua5.4 libedit 2>/dev/null || { \
		echo "installing liblua5.4-dev libedit-dev pkg-config..."; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liblua5.4-dev libedit-dev pkg-config >/dev/null; }

build: deps
	swift build

# Every test: the Swift suites, then the Lua specs of the built-in policies.
test: deps
	swift test
	swift run reorder test Policies/

repl: deps
	swift build --product reorder
	swift run reorder

bench: deps
	swift run -c release reorder bench --policy jx_movable --rows 1000000
