import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a test server with no HTTP or WebSocket library in between: requests
/// and frames exactly as written (an empty `Host`, two of them, an unmasked frame, a client that
/// never reads), every read bounded by a deadline, so a server that stops answering fails the
/// test instead of hanging it.
final class RawClient {
    struct Failure: Error, CustomStringConvertible { var description: String }

    let fd: Int32
    /// Bytes read and not yet used.
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` sets the socket's receive buffer (bytes)
    /// before connecting (a small one fills fast: a client that stops reading).
    init(port: Int, receiveBuffer: Int? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit { Glibc.close(fd) }

    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += n
        }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// Reads what is there (waiting up to `timeout` seconds for something); [] at the end of
    /// the stream; throws on a timeout.
    func readSome(timeout: Double) throws -> [UInt8] {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(timeout * 1000))
        guard ready > 0 else { throw Failure(description: "no answer within \(timeout) s") }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(buffer[..<n]) : []
    }

    /// Exactly `count` bytes, or throws (the stream ended, or the deadline passed).
    func read(count: Int, timeout: Double) throws -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        var out: [UInt8] = []
        while out.count < count {
            let chunk = try readSome(timeout: max(0.001, deadline.timeIntervalSinceNow))
            guard !chunk.isEmpty else { throw Failure(description: "the server closed the connection") }
            out += chunk
        }
        pending = Array(out[count...])
        return Array(out[..<count])
    }

    /// Everything until the server closes the connection (an HTTP answer to `Connection: close`).
    func readToEnd(timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var out: [UInt8] = []
        while true {
            let chunk = try readSome(timeout: max(0.001, deadline.timeIntervalSinceNow))
            if chunk.isEmpty { return String(decoding: out, as: UTF8.self) }
            out += chunk
        }
    }

    /// The HTTP response head (through the blank line).
    func readHead(timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var out: [UInt8] = []
        while true {
            if let end = Self.headEnd(out) {
                pending = Array(out[end...])
                return String(decoding: out[..<end], as: UTF8.self)
            }
            let chunk = try readSome(timeout: max(0.001, deadline.timeIntervalSinceNow))
            guard !chunk.isEmpty else { return String(decoding: out, as: UTF8.self) }
            out += chunk
        }
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i + 4
        }
        return nil
    }

    /// One request, answered and closed: the status code and the whole answer.
    static func http(port: Int, _ request: String, timeout: Double = 30) throws -> (status: Int, text: String) {
        let c = try RawClient(port: port)
        try c.write(request)
        let text = try c.readToEnd(timeout: timeout)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, text)
    }

    // MARK: WebSocket (RFC 6455)

    /// The opening handshake of `/ws` with these `Host` and `Origin` values; the status code.
    func upgrade(host: String, origin: String? = nil, timeout: Double = 30) throws -> Int {
        var request = "GET /ws HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        try write(request + "\r\n")
        let head = try readHead(timeout: timeout)
        return head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
    }

    /// A client frame: masked (RFC 6455 §5.3) unless `masked` is false, `fin` unless told.
    static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let mask: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            out.append(mask | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            out.append(mask | 126)
            out += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(mask | 127)
            out += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return out + payload }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        out += key
        out += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        return out
    }

    func sendText(_ text: String) throws { try write(Self.frame(opcode: 1, Array(text.utf8))) }

    /// The next frame from the server: its opcode and payload (server frames are not masked).
    func readFrame(timeout: Double) throws -> (opcode: UInt8, payload: [UInt8]) {
        let head = try read(count: 2, timeout: timeout)
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            let b = try read(count: 2, timeout: timeout)
            length = Int(b[0]) << 8 | Int(b[1])
        } else if length == 127 {
            length = try read(count: 8, timeout: timeout).reduce(0) { $0 << 8 | Int($1) }
        }
        return (head[0] & 0x0F, try read(count: length, timeout: timeout))
    }

    /// The next text message as a JSON object (a ping answered with its pong, RFC 6455 §5.5.2,
    /// as the server's keep-alive expects; other control frames skipped); throws when the
    /// connection closes or the deadline passes.
    func readJSON(timeout: Double) throws -> [String: Any] {
        while true {
            let (opcode, payload) = try readFrame(timeout: timeout)
            if opcode == 8 { throw Failure(description: "the server closed the WebSocket") }
            if opcode == 9 { try write(Self.frame(opcode: 10, payload)) }
            guard opcode == 1 else { continue }
            return (try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]) ?? [:]
        }
    }

    /// Reads until the message echoing `seq`, and returns it.
    func reply(to seq: Int, timeout: Double) throws -> [String: Any] {
        while true {
            let m = try readJSON(timeout: timeout)
            if m["seq"] as? Int == seq { return m }
        }
    }
}
