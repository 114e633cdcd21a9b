import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `reorder play` refusing a policy file that does not load before it serves anything.
@Suite struct PlayCommandTests {
    /// A syntax error on line 2 (a missing comma before `api`): Lua's message with the file and
    /// line, prefixed by the command only, as `reorder --policy` does (no
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

    /// A port that another socket holds: the port and what to do, in words (it printed NIO's
    /// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`); exit status 1.
    @Test func aTakenPortSaysSoAndSuggestsAnother() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(fd, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let (status, out, err) = try runReorder(["play", "--port", "\(port)"])
        #expect(status == 1)
        #expect(out + err == "reorder play: port \(port) is in use; try --port 0 (any free port) or another port\n")
    }
}
