import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ReorderTestSupport
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

/// `reorder play` ends on SIGTERM and on SIGINT (Ctrl-C) with pages in every state: one that
/// came and left, one still connected that never answers the WebSocket close, and a request
/// half sent. The graceful shutdown alone would wait for the last two for ever; they get
/// `PlayCommand.shutdownGrace` (1 s). The 15 s bound is a generous ceiling, not the measure.
@Suite struct PlayShutdownTests {
    /// A TCP connection to 127.0.0.1:`port` that has sent `text`.
    static func connect(_ port: Int, sending text: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(fd >= 0 && connected == 0)
        let bytes = Array(text.utf8)
        try #require(send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
        return fd
    }

    /// What `fd` receives up to the end of the HTTP head (at most 10 s).
    static func head(_ fd: Int32) -> String {
        var text = [UInt8]()
        var byte: UInt8 = 0
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while !String(decoding: text, as: UTF8.self).hasSuffix("\r\n\r\n"), poll(&poller, 1, 10_000) > 0, recv(fd, &byte, 1, 0) == 1 {
            text.append(byte)
        }
        return String(decoding: text, as: UTF8.self)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func stopsPromptlyWhateverThePagesDid(_ signal: Int32) throws {
        guard let executable = reorderExecutable() else {
            Issue.record("the reorder executable was not found next to the tests")
            return
        }
        let p = Process()
        p.executableURL = executable
        p.arguments = ["play", "--port", "0", "--rows", "30"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) }; p.waitUntilExit() }
        var line = [UInt8]()
        var byte: UInt8 = 0
        while read(out.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        let url = String(decoding: line, as: UTF8.self)
        let port = try #require(url.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }, "\(url)")
        let upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        // A page that came and left: upgraded, then a close frame (masked, code 1000), then gone.
        let left = try Self.connect(port, sending: upgrade)
        #expect(Self.head(left).hasPrefix("HTTP/1.1 101"))
        let close: [UInt8] = [0x88, 0x82, 1, 2, 3, 4, 0x03 ^ 1, 0xE8 ^ 2]
        _ = send(left, close, close.count, Int32(MSG_NOSIGNAL))
        Glibc.close(left)
        // A page still there that reads nothing, so never answers the server's close.
        let deaf = try Self.connect(port, sending: upgrade)
        defer { Glibc.close(deaf) }
        #expect(Self.head(deaf).hasPrefix("HTTP/1.1 101"))
        // Half a request.
        let half = try Self.connect(port, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
        defer { Glibc.close(half) }
        usleep(200_000)
        kill(p.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(15)
        while p.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!p.isRunning, "still running 15 s after signal \(signal)")
        if !p.isRunning { #expect(p.terminationStatus == 0) }
    }
}
