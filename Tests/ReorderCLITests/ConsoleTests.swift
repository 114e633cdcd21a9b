import Testing
@testable import ReorderCLI
@testable import ReorderLua
@testable import ReorderScripting

@Suite struct ConsoleTests {
    func console(terminal: Bool, environment: [String: String]) -> Console {
        Console(write: { _ in }, writeError: { _ in }, readLine: { nil }, inputIsTerminal: terminal,
                outputIsTerminal: terminal, environment: environment, currentDirectory: "/")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(console(terminal: true, environment: [:]).useColor)
        #expect(!console(terminal: true, environment: ["NO_COLOR": "1"]).useColor)
        #expect(console(terminal: true, environment: ["NO_COLOR": ""]).useColor)   // empty: unset (no-color.org)
        #expect(!console(terminal: true, environment: ["TERM": "dumb"]).useColor)
        #expect(!console(terminal: false, environment: [:]).useColor)
    }

    @Test func showUsesANSIColourOnlyWhenAsked() throws {
        for color in [true, false] {
            var text = ""
            let host = try ScriptingHost(output: { text += $0 }, useColor: color)
            try host.run("local s = reorder.session{ rows = 3 } s:press_item(1, 1) s:hold(1) s:show()", chunkName: "=t")
            #expect(text.contains("\u{1B}[7m[1]\u{1B}[0m") == color)   // the inverted snapshot
            #expect(text.contains("\u{1B}[") == color)
        }
    }

    @Test func pathsResolveAgainstTheConsoleDirectory() {
        let c = Console(write: { _ in }, writeError: { _ in }, readLine: { nil }, inputIsTerminal: false,
                        outputIsTerminal: false, environment: ["HOME": "/home/u"], currentDirectory: "/work")
        #expect(c.resolve("a/b.lua") == "/work/a/b.lua")
        #expect(c.resolve("/abs.lua") == "/abs.lua")
        #expect(c.resolve("~/p.lua") == "/home/u/p.lua")
    }
}
