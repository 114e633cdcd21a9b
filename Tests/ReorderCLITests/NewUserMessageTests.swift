import Foundation
import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// The messages a new user meets when something small goes wrong: each says what is wrong and
/// what to do, in the tool's own words (not a library's), with the numbers as the tool writes
/// them everywhere else.
@Suite struct NewUserMessageTests {
    /// A word that is no command: the list of commands and a did-you-mean (the REPL, the default
    /// command, said "Unexpected argument 'frobnicate'" and showed its own usage); exit 64.
    @Test func anUnknownCommandListsTheCommands() throws {
        let commands = "commands: repl, test, run, replay, check, fields, types, init, plot, render, bench, fuzz, play (reorder --help)\n"
        let (status, out, err) = try runReorder(["frobnicate"])
        #expect(status == 64)
        #expect(out == "")
        #expect(err == "reorder: unknown command 'frobnicate'\n" + commands)
        let (status2, _, err2) = try runReorder(["tset", "."])
        #expect(status2 == 64)
        #expect(err2 == "reorder: unknown command 'tset' (did you mean 'test'?)\n" + commands)
        // Options of the REPL (the default command) still go to it.
        #expect(Reorder.unknownCommand(["--policy", "jx_movable"]) == nil)
        #expect(Reorder.unknownCommand(["help"]) == nil)
    }

    /// A negative number after an option is its value, and the option's own check says what is
    /// wrong with it (argument-parser took `-5` for an option: "Missing value for '--rows
    /// <rows>'"). A script's arguments after `run` stay as they are.
    @Test func aNegativeValueIsCheckedNotMissing() throws {
        #expect(Reorder.joiningNegativeValues(["bench", "--rows", "-5"]) == ["bench", "--rows=-5"])
        #expect(Reorder.joiningNegativeValues(["fuzz", "default", "--runs", "-3", "--seed", "-1"])
                == ["fuzz", "default", "--runs=-3", "--seed=-1"])
        #expect(Reorder.joiningNegativeValues(["run", "a.lua", "--foo", "-5"]) == ["run", "a.lua", "--foo", "-5"])
        let (status, _, err) = try runReorder(["bench", "--rows", "-5"])
        #expect(status == 64)
        #expect(err.hasPrefix("Error: --rows must be between 1 and 100000000, got -5\n"))
    }

    /// A `reorder.session` option misspelt gets a did-you-mean from the suggestion rule that
    /// policy fields use (NameSuggestion); one with nothing near still lists the options.
    @Test func aSessionOptionTypoGetsADidYouMean() {
        let out = lua("""
            print(select(2, pcall(reorder.session, { rows = 2, polciy = "kanban" })))
            print(select(2, pcall(reorder.session, { rows = 2, layout = "grid", grid = { colums = 3 } })))
            print(select(2, pcall(reorder.session, { rows = 2, colour = 1 })))
            """)
        #expect(out == """
            reorder.session: unknown option 'polciy' (did you mean 'policy'?)
            reorder.session: grid accepts item_width, item_height, spacing, line_spacing, columns, inset, inset_top, inset_left, inset_bottom, inset_right, direction; got key "colums" (did you mean 'columns'?)
            reorder.session: unknown option 'colour' (known: policy, sections, rows, titles, layout, row_height, header_height, grid, board, viewport, frame_rate, restore)

            """)
    }
}
