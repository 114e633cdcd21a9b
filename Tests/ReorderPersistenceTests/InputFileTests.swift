import Foundation
import Testing
@testable import ReorderPersistence

/// A file of `size` bytes that takes no disk space (a hole: reads give zero bytes), after
/// `prefix`.
func makeSparseFile(_ path: String, size: Int, prefix: [UInt8] = []) throws {
    #expect(FileManager.default.createFile(atPath: path, contents: Data(prefix)))
    let fd = open(path, O_WRONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    #expect(ftruncate(fd, off_t(size)) == 0)
}

/// The shared reader of input files: regular files only, a size limit from `fstat`, UTF-8
/// checked with its line, and lines streamed with a length limit.
@Suite struct InputFileTests {
    func readError(_ path: String, display: String? = nil, limit: Int = 1 << 20) -> InputFileError? {
        do {
            _ = try InputFile.read(path, displayPath: display, kind: "policy", limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsARegularFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("a.txt", "héllo\n")
        #expect(try InputFile.read(dir.file("a.txt"), kind: "policy", limit: 100) == Array("héllo\n".utf8))
    }

    @Test func refusesWhatIsNotARegularFileByItsKind() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: false)
        #expect(readError(dir.file("sub"), display: "sub")?.description == "sub: is a directory, not a file")
        #expect(mkfifo(dir.file("pipe"), 0o644) == 0)
        // Opening a FIFO for reading would block until a writer comes: it is refused unopened.
        #expect(readError(dir.file("pipe"), display: "pipe")?.description == "pipe: is a FIFO (named pipe), not a regular file")
        try FileManager.default.createSymbolicLink(atPath: dir.file("null"), withDestinationPath: "/dev/null")
        #expect(readError(dir.file("null"), display: "null")?.description
                == "null: is a character device (a symbolic link to /dev/null), not a regular file")
        #expect(readError(dir.file("absent"), display: "absent")?.description == "absent: cannot open: no such file")
        #expect(readError(dir.file("absent"))?.problem == .missing)
        #expect(readError(dir.file("pipe"))?.problem == .notRegularFile)
    }

    @Test func refusesAFileOverTheLimitFromItsSize() throws {
        let dir = try TemporaryDirectory()
        // 300 MB of hole: the size alone refuses it (reading it would take seconds).
        try makeSparseFile(dir.file("big.lua"), size: 300_000_000)
        let start = Date()
        #expect(readError(dir.file("big.lua"), display: "big.lua", limit: 4 << 20)?.description
                == "big.lua: is 300000000 bytes, over the limit of 4194304 bytes (4 MiB) for a policy")
        #expect(Date().timeIntervalSince(start) < 3)
        // At the limit exactly: read.
        try dir.write("edge.lua", [UInt8](repeating: UInt8(ascii: "-"), count: 10))
        #expect(try InputFile.read(dir.file("edge.lua"), kind: "policy", limit: 10).count == 10)
        #expect(readError(dir.file("edge.lua"), display: "edge.lua", limit: 9)?.reason
                == "is 10 bytes, over the limit of 9 bytes for a policy")
    }

    @Test func namesTheLineAndColumnOfInvalidUTF8() throws {
        let dir = try TemporaryDirectory()
        // Line 3, after "ab" and "é" (two bytes, one character): column 4.
        try dir.write("bad.lua", Array("x\ny\nabé".utf8) + [0xFF] + Array("z\n".utf8))
        let e = readError(dir.file("bad.lua"), display: "bad.lua")
        #expect(e?.description == "bad.lua: line 3, column 4: not UTF-8 text (invalid byte 0xFF)")
        // A truncated sequence (0xC3 without its continuation byte) on line 1.
        try dir.write("cut.lua", [0x61, 0xC3, 0x0A])
        #expect(readError(dir.file("cut.lua"), display: "cut.lua")?.description
                == "cut.lua: line 1, column 2: not UTF-8 text (invalid byte 0xC3)")
    }

    func lines(_ text: [UInt8], max: Int = 64) throws -> [String] {
        let dir = try TemporaryDirectory()
        try dir.write("t.jsonl", text)
        let reader = try InputFileLines(path: dir.file("t.jsonl"), displayPath: "t.jsonl", kind: "trace", maximumLineLength: max)
        var out: [String] = []
        while let line = try reader.next() { out.append("\(line.number):" + String(decoding: line.bytes, as: UTF8.self)) }
        return out
    }

    @Test func streamsLinesWithTheirNumbers() throws {
        #expect(try lines(Array("a\nbb\r\n\nlast".utf8)) == ["1:a", "2:bb", "3:", "4:last"])
        #expect(try lines(Array("a\n".utf8)) == ["1:a"])
        #expect(try lines([]) == [])
        // Lines across many chunk boundaries keep their bytes: 5,000 lines of 20 bytes (100 KB,
        // more than the 64 KiB buffer).
        let many = (1...5000).map { String(format: "line %014d", $0) }
        let text = Array(many.joined(separator: "\n").utf8)
        #expect(try lines(text, max: 64) == many.enumerated().map { "\($0.offset + 1):\($0.element)" })
    }

    @Test func refusesAnOverlongLineByItsNumber() throws {
        // Line 2 has 65 bytes, one over the limit of 64.
        let text = Array("ok\n\(String(repeating: "x", count: 65))\nafter\n".utf8)
        #expect(throws: InputFileError(path: "t.jsonl", line: 2,
                                       reason: "line is longer than the limit of 64 bytes for a line of a trace",
                                       problem: .tooLarge)) {
            try self.lines(text)
        }
        // 64 bytes (and a "\r" before the "\n") is within the limit.
        #expect(try lines(Array((String(repeating: "y", count: 64) + "\r\n").utf8)).count == 1)
        // The same at the end of a file without a final newline.
        #expect(throws: InputFileError.self) { try self.lines(Array(String(repeating: "z", count: 65).utf8)) }
    }

    @Test func anOverlongLineIsRefusedWithoutReadingItAll() throws {
        let dir = try TemporaryDirectory()
        // 1 GB on one line (a hole: no disk space): refused after one 64 KiB buffer, at once.
        try makeSparseFile(dir.file("one-line.jsonl"), size: 1_000_000_000, prefix: Array("{\"t\":0,\"type\":\"frame\"}\n{".utf8))
        let start = Date()
        let reader = try InputFileLines(path: dir.file("one-line.jsonl"), displayPath: "one-line.jsonl", kind: "trace")
        #expect(try reader.next()?.number == 1)
        #expect(throws: InputFileError(path: "one-line.jsonl", line: 2,
                                       reason: "line is longer than the limit of 65536 bytes (64 KiB) for a line of a trace",
                                       problem: .tooLarge)) {
            try reader.next()
        }
        #expect(try reader.next() == nil)  // stopped: nothing more is read
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test func aLongerLimitGrowsTheBufferAndTheLimitCanChangeBetweenLines() throws {
        let dir = try TemporaryDirectory()
        // Line 1: 200,000 bytes (three 64 KiB chunks and more); line 2: 100 bytes.
        try dir.write("t.jsonl", String(repeating: "h", count: 200_000) + "\n" + String(repeating: "i", count: 100) + "\n")
        let reader = try InputFileLines(path: dir.file("t.jsonl"), displayPath: "t.jsonl", kind: "trace",
                                        maximumLineLength: 300_000)
        let first = try #require(try reader.next())
        #expect(first.bytes.count == 200_000)
        #expect(first.bytes.allSatisfy { $0 == UInt8(ascii: "h") })
        reader.maximumLineLength = 99
        reader.lineName = "an input line"
        #expect(throws: InputFileError(path: "t.jsonl", line: 2, reason: "line is longer than the limit of 99 bytes for an input line",
                                       problem: .tooLarge)) {
            try reader.next()
        }
    }

    /// The parser reads a slice of a larger buffer, positions counted from the slice.
    @Test func parsesASliceWithPositionsFromItsStart() throws {
        let bytes = Array("xx{\"a\":[1,true,null]}yy".utf8)
        #expect(try JSONParser.parse(bytes[2..<21]) == .object([JSONMember(key: "a", value: .array([.number("1"), .bool(true), .null]))]))
        #expect(throws: JSONSyntaxError(line: 1, column: 4, message: "expected a JSON value, found ']'")) {
            try JSONParser.parse(Array("xx[1,]".utf8)[2...])
        }
        // Duplicate keys are still found past the first eight members (where a set takes over).
        let keys = (1...9).map { "\"k\($0)\":0" } + ["\"k3\":1"]
        #expect(throws: JSONSyntaxError(line: 1, column: 65, message: "duplicate key \"k3\" in an object")) {
            try JSONParser.parse(Array(("{" + keys.joined(separator: ",") + "}").utf8))
        }
    }
}
