import Foundation
import ReorderCore
import Testing
@testable import ReorderCLI

/// Traces read line by line from a file (TraceReader) and the line decoder both readers share.
@Suite struct TraceReaderTests {
    func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.path + "/reorder-trace-\(UUID().uuidString).jsonl"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test func readsTheHeaderThenTheInputsAsTheyCome() throws {
        let text = "\r\n{\"type\":\"session\",\"sections\":[[\"a\",\"b\"]],\"row_height\":50}\r\n"
            + "{\"t\":0,\"type\":\"down\",\"x\":10,\"y\":20}\r\n\n  \t\n{\"t\":0.25,\"type\":\"up\"}"
        try withFile(Array(text.utf8)) { path in
            let reader = try TraceReader(path: path, displayPath: "t.jsonl")
            let header = try reader.header()
            #expect(header?.sections == [[Item("a"), Item("b")]])
            #expect(header?.rowHeight == 50)
            #expect(try reader.next() == .down(0, Point(x: 10, y: 20)))
            #expect(try reader.next() == .up(0.25))  // the last line has no newline
            #expect(try reader.next() == nil)
            #expect(reader.inputCount == 2)
        }
        // Without a session line, the first input is not lost to the look-ahead.
        try withFile(Array("{\"t\":0,\"type\":\"frame\"}\n{\"t\":1,\"type\":\"frame\"}\n".utf8)) { path in
            let reader = try TraceReader(path: path)
            #expect(try reader.header() == nil)
            #expect(try reader.readAll().inputs == [.frame(0), .frame(1)])
        }
    }

    @Test func aBadLineStopsTheReaderWithItsNumber() throws {
        let text = "{\"t\":0,\"type\":\"frame\"}\n{\"t\":1,\"type\":\"frame\"}\n{\"t\":0.5,\"type\":\"frame\"}\n"
        try withFile(Array(text.utf8)) { path in
            let reader = try TraceReader(path: path, displayPath: "t.jsonl")
            #expect(try reader.next() == .frame(0))
            #expect(try reader.next() == .frame(1))
            #expect(throws: TraceFileError(path: "t.jsonl", line: 3, message: "time goes backwards: t = 0.5 after 1.0")) {
                try reader.next()
            }
        }
        #expect(TraceFileError(path: "t.jsonl", line: 3, message: "x").description == "t.jsonl:3: x")
        #expect(TraceFileError(path: "logs", line: nil, message: "is a directory, not a file").description
                == "cannot read logs: is a directory, not a file")
    }

    @Test func aLineOverTheLimitIsRefused() throws {
        // A 200-byte limit for the test; the default is 64 KiB (TraceReader.maximumLineLength).
        let long = "{\"t\":0,\"type\":\"frame\"}" + String(repeating: " ", count: 200)
        try withFile(Array(("{\"t\":0,\"type\":\"frame\"}\n" + long + "\n").utf8)) { path in
            let reader = try TraceReader(path: path, displayPath: "t.jsonl", maximumLineLength: 200)
            #expect(try reader.next() == .frame(0))
            #expect(throws: TraceFileError(path: "t.jsonl", line: 2,
                                           message: "line is longer than the limit of 200 bytes for a line of a trace")) {
                try reader.next()
            }
        }
        #expect(TraceReader.maximumLineLength == 65_536)
    }

    /// The JSON reader's own messages, with the line (and the column within it).
    @Test(arguments: [
        ("{\"t\":1e400,\"type\":\"up\"}", "not valid JSON (the number 1e400 is out of a double's range)"),
        ("{\"t\":0,\"type\":\"up\",}", "not valid JSON (column 20: expected a string key, found '}'): {\"t\":0,\"type\":\"up\",}"),
        ("{\"t\":0,\"t\":1,\"type\":\"up\"}",
         "not valid JSON (column 8: duplicate key \"t\" in an object): {\"t\":0,\"t\":1,\"type\":\"up\"}"),
        ("{\"type\":\"session\",\"sections\":[[\"a\"]],\"row_height\":1e999}",
         "not valid JSON (the number 1e999 is out of a double's range)"),
    ])
    func decoderMessages(text: String, message: String) {
        #expect(throws: TraceError(line: 2, message: message)) { try TraceCodec.decode("\n" + text) }
    }

    @Test func lineDecoderRefusesInvalidUTF8() throws {
        var decoder = TraceCodec.LineDecoder()
        // `{"t":1,"type":"` is 15 characters: the invalid byte 0xC0 is at column 16.
        let line = [UInt8]("{\"t\":1,\"type\":\"".utf8) + [0xC0, 0xAF] + [UInt8]("\"}".utf8)
        #expect(throws: TraceError(line: 7, message: "not UTF-8 text (invalid byte 0xC0 at column 16)")) {
            try decoder.decode(line: line[...], number: 7)
        }
        #expect(try decoder.decode(line: [UInt8]("  ".utf8)[...], number: 8) == nil)
    }

    /// Unknown fields and types are echoed at most 64 characters long (EchoText.maximumLength).
    @Test func echoedNamesAreCut() {
        let key = String(repeating: "k", count: 1000)
        #expect(throws: TraceError(line: 1, message: "unknown field \"\(String(repeating: "k", count: 64))…\" (an input has t, type, x, y; select, deselect, tap, focus and action have section, row; key has key, n; action has action)")) {
            try TraceCodec.decode("{\"t\":0,\"type\":\"up\",\"\(key)\":1}")
        }
    }
}
