import Foundation
import Testing

/// `reorder play` refusing a policy file that does not load before it serves anything.
@Suite struct PlayCommandTests {
    /// A syntax error on line 2 (a missing comma before `api`): Lua's message with the file and
    /// line, prefixed by the command only, as `reorder --policy` does since issue 16 item 7 (no
    /// `reorder.session:`, as the file came from the command line); exit status 1, no server.
    @Test func aBrokenPolicyFileIsReportedWithItsLineAndNoServerStarts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("play-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "return { name = \"mine\",\n  extends = \"default\" api = 1 }\n"
            .write(to: dir.appendingPathComponent("mine.lua"), atomically: true, encoding: .utf8)
        let (status, out, err) = try runReorder(["play", "mine.lua", "--port", "0"], directory: dir)
        #expect(status == 1)
        #expect(out + err == "reorder play: mine.lua:2: '}' expected (to close '{' at line 1) near 'api'\n")
    }
}
