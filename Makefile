# The README's commands.
.PHONY: deps build test repl
deps:
	@pkg-config --exists lua5.4 libedit 2>/dev/null || (apt-get update -qq && apt-get install -y -qq liblua5.4-dev libedit-dev pkg-config)

build: deps
	swift build

test: deps
	swift test
	swift run reorder test Policies/

repl: deps
	swift run reorder
