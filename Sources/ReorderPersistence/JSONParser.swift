import ReorderCore

/// A syntax error in a JSON text: where (1-based line and column, in characters) and what was
/// expected.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var message: String
    package var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes with precise error positions.
///
/// Foundation's `JSONSerialization` reports only "around character N"; an order file that a
/// person edited by hand deserves "line 3, column 5: expected ',' or '}' after an object
/// member, found '\"'". Object member order and number spelling are kept (see ``JSONValue``).
/// It is the one JSON reader of the package: order files and trace lines.
///
/// ```swift
/// try JSONParser.parse(Array("[1, 2]".utf8))   // .array([.number("1"), .number("2")])
/// ```
package struct JSONParser {
    /// Deeper nesting is refused rather than risking the stack.
    package static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0

    /// Parses one JSON value filling the whole text (whitespace around it allowed; a leading
    /// UTF-8 byte order mark is skipped). The bytes must be valid UTF-8 (see ``UTF8Check``).
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { parse(buffer: $0) }
        return try result.get()
    }

    /// ``parse(_:)`` of a slice (e.g. one line of a larger buffer); positions count from the
    /// slice's start.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { parse(buffer: $0) }
        return try result.get()
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
        var p = JSONParser(bytes: buffer)
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }
        do throws(JSONSyntaxError) {
            p.skipWhitespace()
            let v = try p.value()
            p.skipWhitespace()
            if p.i < buffer.count { throw p.error("expected the end of the file after the JSON value, found \(p.found())") }
            return .success(v)
        } catch {
            return .failure(error)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    // MARK: Values

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard i < bytes.count else { throw error("expected a JSON value, found \(found())") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a JSON value, found \(found())")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        i += 1  // {
        var members: [JSONMember] = []
        var keys = Set<String>()  // filled only for objects of more than a few members
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { i += 1; depth -= 1; return .object([]) }
        while true {
            guard peek(UInt8(ascii: "\"")) else {
                throw error("expected a string key\(members.isEmpty ? " or '}'" : ""), found \(found())")
            }
            let keyStart = i
            let key = try string()
            let duplicate: Bool
            if members.count < 8 {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            if duplicate { throw error("duplicate key \(quoted(key)) in an object", at: keyStart) }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \(quoted(key)), found \(found())") }
            i += 1
            skipWhitespace()
            let v = try value()
            members.append(JSONMember(key: key, value: v))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { i += 1; skipWhitespace(); continue }
            if peek(UInt8(ascii: "}")) { i += 1; depth -= 1; return .object(members) }
            throw error("expected ',' or '}' after an object member, found \(found())")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        i += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { i += 1; depth -= 1; return .array([]) }
        while true {
            elements.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { i += 1; skipWhitespace(); continue }
            if peek(UInt8(ascii: "]")) { i += 1; depth -= 1; return .array(elements) }
            throw error("expected ',' or ']' after a list element, found \(found())")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("lists and objects nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let start = i
        for b in w {
            guard i < bytes.count, bytes[i] == b else {
                i = start
                throw error("expected a JSON value, found \(found())")
            }
            i += 1
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        if peek(UInt8(ascii: "-")) { i += 1 }
        if peek(UInt8(ascii: "0")) {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { throw error("a number cannot have a leading zero") }
        } else {
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit, found \(found())") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit after '.', found \(found())") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit in the exponent, found \(found())") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let open = i
        i += 1  // "
        // Fast path: no escape before the closing quote, the bytes are the string.
        var k = i
        while k < bytes.count, bytes[k] != UInt8(ascii: "\""), bytes[k] != UInt8(ascii: "\\"), bytes[k] >= 0x20 { k += 1 }
        if k < bytes.count, bytes[k] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<k]), as: UTF8.self)
            i = k + 1
            return s
        }
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string (opened here)", at: open) }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("unterminated string (opened here)", at: open) }
                let e = bytes[i]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    let escape = i - 1
                    i += 1
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek(UInt8(ascii: "\\")), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("\\u escape is a lone high surrogate", at: escape)
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("\\u escape: a high surrogate must be followed by a low one", at: escape)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("\\u escape is a lone low surrogate", at: escape)
                    }
                    if let u = Unicode.Scalar(scalar) { out.append(contentsOf: Array(String(Character(u)).utf8)) }
                    continue  // hex4 already advanced
                default:
                    throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))' in a string", at: i - 1)
                }
                i += 1
            case 0x00..<0x20:
                throw error("a raw control character (\(describeByte(b))) in a string; write it escaped")
            default:
                out.append(b)
                i += 1
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw error("expected 4 hexadecimal digits after \\u, found \(found())") }
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hexadecimal digits after \\u, found \(found())")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private func peek(_ b: UInt8) -> Bool { i < bytes.count && bytes[i] == b }
    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// What is at the cursor, for messages: `'x'`, "a line break", "the end of the file".
    private func found() -> String {
        guard i < bytes.count else { return "the end of the file" }
        let b = bytes[i]
        if b < 0x80 { return describeByte(b) }
        // A whole UTF-8 character (the text was validated before parsing).
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self))'"
    }

    private func describeByte(_ b: UInt8) -> String {
        switch b {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        default: return "the control character U+\(String(b, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
    }

    /// A key from the text, as messages echo input (``EchoText``: cut, control characters shown).
    private func quoted(_ s: String) -> String { "\"\(EchoText.clip(s))\"" }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = TextPosition.lineAndColumn(of: offset ?? i, in: Array(bytes))
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}

/// Line and column (1-based; columns count characters, not bytes) of a byte offset in UTF-8.
package enum TextPosition {
    package static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var k = 0
        let end = min(offset, bytes.count)
        while k < end {
            let b = bytes[k]
            if b == 0x0A {
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 {  // not a continuation byte: a new character
                column += 1
            }
            k += 1
        }
        return (line, column)
    }
}

/// Validates UTF-8 and says where it breaks.
package enum UTF8Check {
    /// The byte offset of the first byte that does not start a valid UTF-8 sequence, or nil
    /// when all of `bytes` is valid UTF-8.
    package static func firstInvalidOffset<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension String {
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
