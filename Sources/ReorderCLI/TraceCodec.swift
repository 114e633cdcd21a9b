import Foundation
import ReorderCore
import ReorderLua
import ReorderScripting
import ReorderPersistence

/// A recorded session: an optional description of the list it ran on, then raw inputs.
///
/// On disk a trace is JSON Lines, one record per line:
///
/// ```text
/// {"type":"session","policy":"default","sections":[["a","b"],["c"]],"row_height":44,...}
/// {"t":0.0,"type":"down","x":120,"y":210}
/// {"t":0.016666666666666666,"type":"frame"}
/// {"t":1.5,"type":"move","x":120,"y":300}
/// {"t":2.0,"type":"up"}
/// ```
///
/// The `session` line is optional (without it, replay uses the REPL's demo list); on a board it
/// may carry `"list_offsets":[0,120.5,0]`, each list's own scroll (see ``Header/listOffsets``).
/// Input types
/// are `down`, `move` (both with `x`, `y` in viewport points), `up`, `cancel` and `frame`.
/// Times are seconds of simulated time and never decrease.
public struct Trace: Sendable {
    /// The list, layout and policy the inputs were recorded on.
    @dynamicMemberLookup
    public struct Header: Sendable {
        public var policy: String?
        public var sections: [[Item]]
        public var titles: [String] = []
        /// Layout, heights, grid and board options, viewport and frame rate (read and written
        /// through the header's own members: `header.viewport`).
        public var geometry = SessionGeometry()
        /// The content offset when recording began.
        public var offset: Point = .zero
        /// A board's list offsets when recording began (each list's own vertical scroll, one
        /// per list; empty: all lists at the top, and always for tables and grids). Written as
        /// `list_offsets` only when some list is scrolled.
        public var listOffsets: [Double] = []

        public init(policy: String?, sections: [[Item]], geometry: SessionGeometry = SessionGeometry()) {
            self.policy = policy
            self.sections = sections
            self.geometry = geometry
        }

        public subscript<T>(dynamicMember key: WritableKeyPath<SessionGeometry, T>) -> T {
            get { geometry[keyPath: key] }
            set { geometry[keyPath: key] = newValue }
        }
    }

    public var header: Header?
    public var inputs: [TraceInput]

    public init(header: Header?, inputs: [TraceInput]) {
        self.header = header
        self.inputs = inputs
    }
}

/// A trace line that could not be read: which line and what was wrong.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Reads and writes traces as JSON Lines.
///
/// ```swift
/// let text = TraceCodec.encode(Trace(header: nil, inputs: [.down(0, Point(x: 120, y: 210)), .up(0.5)]))
/// // {"t":0.0,"type":"down","x":120.0,"y":210.0}\n{"t":0.5,"type":"up"}\n
/// let trace = try TraceCodec.decode(text)
/// ```
public enum TraceCodec {
    // MARK: Writing

    /// The whole trace, one line per record, each ending in a newline.
    public static func encode(_ trace: Trace) -> String {
        var out = ""
        if let h = trace.header { out += encode(header: h) + "\n" }
        for input in trace.inputs { out += encode(input) + "\n" }
        return out
    }

    /// One input as a JSON object (numbers round-trip exactly).
    public static func encode(_ input: TraceInput) -> String {
        var s = "{\"t\":\(number(input.time)),\"type\":\"\(input.typeName)\""
        if let p = input.point { s += ",\"x\":\(number(p.x)),\"y\":\(number(p.y))" }
        return s + "}"
    }

    /// The `session` line.
    public static func encode(header h: Trace.Header) -> String {
        var s = "{\"type\":\"session\""
        if let p = h.policy { s += ",\"policy\":\(string(p))" }
        s += ",\"layout\":\(string(h.layout.rawValue))"
        s += ",\"sections\":[" + h.sections.map { "[" + $0.map(item).joined(separator: ",") + "]" }.joined(separator: ",") + "]"
        if !h.titles.isEmpty { s += ",\"titles\":[" + h.titles.map(string).joined(separator: ",") + "]" }
        s += ",\"row_height\":\(number(h.rowHeight)),\"header_height\":\(number(h.headerHeight))"
        for (name, lengths) in [("grid", h.grid), ("board", h.board)] where !lengths.isEmpty {
            s += ",\"\(name)\":{" + lengths.keys.sorted().map { "\(string($0)):\(number(lengths[$0] ?? 0))" }
                .joined(separator: ",") + "}"
        }
        s += ",\"viewport\":{\"width\":\(number(h.viewport.width)),\"height\":\(number(h.viewport.height))}"
        s += ",\"frame_rate\":\(number(h.frameRate))"
        s += ",\"offset\":{\"x\":\(number(h.offset.x)),\"y\":\(number(h.offset.y))}"
        if h.layout == .board && h.listOffsets.contains(where: { $0 != 0 }) {
            s += ",\"list_offsets\":[" + h.listOffsets.map(number).joined(separator: ",") + "]"
        }
        return s + "}"
    }

    static func number(_ d: Double) -> String {
        d.isFinite ? "\(d)" : "null"
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static func item(_ i: Item) -> String {
        if i.isPlain { return string(i.id) }
        var parts = ["\"id\":\(string(i.id))", "\"title\":\(string(i.title))"]
        for k in i.fields.keys.sorted() {
            guard let v = i.fields[k] else { continue }
            switch v {
            case .string(let s): parts.append("\(string(k)):\(string(s))")
            case .number(let d): parts.append("\(string(k)):\(number(d))")
            case .bool(let b): parts.append("\(string(k)):\(b)")
            }
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    // MARK: Reading

    static let inputKeys: Set<String> = ["t", "type", "x", "y"]

    /// Reads a trace. Blank lines are skipped.
    /// - Throws: ``TraceError`` naming the first bad line and what was wrong with it.
    public static func decode(_ text: String) throws(TraceError) -> Trace {
        var header: Trace.Header?
        var inputs: [TraceInput] = []
        var decoder = LineDecoder()
        let bytes = Array(text.utf8)
        var lineStart = 0
        var lineNumber = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            lineNumber += 1
            switch try decoder.decode(line: bytes[lineStart..<lineEnd], number: lineNumber) {
            case .header(let h)?: header = h
            case .input(let input)?: inputs.append(input)
            case nil: break
            }
            lineStart = lineEnd + 1
        }
        return Trace(header: header, inputs: inputs)
    }

    /// One record of a trace: the `session` line or an input.
    ///
    /// ```swift
    /// if case .input(let input)? = try decoder.decode(line: bytes[...], number: 2) { sim.apply(input) }
    /// ```
    public enum Record: Sendable {
        case header(Trace.Header)
        case input(TraceInput)
    }

    /// Decodes a trace one line at a time (what ``decode(_:)`` and ``TraceReader`` do), and
    /// checks what spans lines: the `session` line comes first, times never decrease.
    ///
    /// ```swift
    /// var decoder = TraceCodec.LineDecoder()
    /// try decoder.decode(line: Array(#"{"t":0,"type":"up"}"#.utf8)[...], number: 1)   // .input(.up(0))
    /// ```
    public struct LineDecoder: Sendable {
        var lastTime = -Double.infinity
        var sawRecord = false

        public init() {}

        /// The record on line `number` (its bytes, without the line break), or nil for a
        /// blank line.
        /// - Throws: ``TraceError`` naming the line and what was wrong with it.
        public mutating func decode(line: ArraySlice<UInt8>, number lineNumber: Int) throws(TraceError) -> Record? {
            func fail(_ message: String) -> TraceError { TraceError(line: lineNumber, message: message) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
            // The parser needs UTF-8; most lines are ASCII and skip the check.
            if !line.allSatisfy({ $0 < 0x80 }), let bad = UTF8Check.firstInvalidOffset(in: line) {
                let column = TextPosition.lineAndColumn(of: bad, in: Array(line)).column
                let byte = String(line[line.startIndex + bad], radix: 16, uppercase: true)
                throw fail("not UTF-8 text (invalid byte 0x\(byte.count < 2 ? "0" + byte : byte) at column \(column))")
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                throw fail("not valid JSON (column \(error.column): \(error.message)): \(TraceCodec.excerpt(line))")
            }
            guard case .object(let members) = value else {
                throw fail("expected a JSON object such as {\"t\":0.0,\"type\":\"down\",\"x\":120,\"y\":210}")
            }
            let type: String
            switch value["type"] {
            case .string(let s)?: type = s
            case nil: throw fail("missing \"type\"")
            default: throw fail("\"type\" must be a string")
            }
            if type == "session" {
                guard !sawRecord else { throw fail("a \"session\" record may only be the first line") }
                sawRecord = true
                let object = try TraceCodec.foundationObject(members, fail: fail)
                return .header(try TraceCodec.decodeHeader(object, fail: fail))
            }
            sawRecord = true
            for member in members where !TraceCodec.inputKeys.contains(member.key) {
                throw fail("unknown field \"\(TraceCodec.excerpt(Array(member.key.utf8)[...]))\" (an input has t, type, x, y)")
            }
            let t = try TraceCodec.inputNumber(value, "t", fail: fail)
            guard t >= 0 else { throw fail("\"t\" must not be negative, got \(t)") }
            guard t >= lastTime else {
                throw fail("time goes backwards: t = \(t) after \(lastTime)")
            }
            lastTime = t
            var point: Point?
            switch type {
            case "down", "move":
                point = Point(x: try TraceCodec.inputNumber(value, "x", fail: fail), y: try TraceCodec.inputNumber(value, "y", fail: fail))
            case "up", "cancel", "frame":
                if value["x"] != nil || value["y"] != nil { throw fail("\"\(type)\" takes no x or y") }
            default:
                throw fail("unknown type \"\(TraceCodec.excerpt(Array(type.utf8)[...]))\" (expected down, move, up, cancel, frame)")
            }
            guard let input = TraceInput(typeName: type, time: t, point: point) else {
                throw fail("cannot make a \(type) input")
            }
            return .input(input)
        }
    }

    /// At most 60 characters of `bytes` for a message (with "…" when cut).
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(240), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }

    /// An input's number field: a finite JSON number.
    static func inputNumber(_ o: JSONValue, _ key: String, fail: (String) -> TraceError) throws(TraceError) -> Double {
        switch o[key] {
        case nil: throw fail("missing \"\(key)\"")
        case .number(let text)?:
            // Through the decimal text: exact to the last bit.
            guard let d = Double(text), d.isFinite else { throw fail(outOfRange(text)) }
            return d
        default: throw fail("\"\(key)\" must be a number")
        }
    }

    static func outOfRange(_ text: String) -> String {
        "not valid JSON (the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is out of a double's range)"
    }

    /// A `session` line's object as Foundation values (what ``decodeHeader(_:fail:)`` reads):
    /// `[String: Any]`, `[Any]`, `String`, `NSNumber`, `Bool`, `NSNull`.
    static func foundationObject(_ members: [JSONMember], fail: (String) -> TraceError) throws(TraceError) -> [String: Any] {
        var object: [String: Any] = [:]
        for m in members { object[m.key] = try foundationValue(m.value, fail: fail) }
        return object
    }

    static func foundationValue(_ v: JSONValue, fail: (String) -> TraceError) throws(TraceError) -> Any {
        switch v {
        case .null: return NSNull()
        case .bool(let b): return b
        case .string(let s): return s
        case .number(let text):
            if let i = Int(text) { return NSNumber(value: i) }
            guard let d = Double(text), d.isFinite else { throw fail(outOfRange(text)) }
            return NSNumber(value: d)
        case .array(let elements):
            var out: [Any] = []
            out.reserveCapacity(elements.count)
            for e in elements { out.append(try foundationValue(e, fail: fail)) }
            return out
        case .object(let members): return try foundationObject(members, fail: fail)
        }
    }

    /// JSON `true`/`false` (Foundation bridges 0 and 1 to `Bool` too, so `is Bool` cannot tell).
    static func isBoolean(_ v: Any) -> Bool {
        type(of: v) is Bool.Type || String(describing: type(of: v)).contains("Boolean")
    }

    static func coordinate(_ o: [String: Any], _ key: String, fail: (String) -> TraceError) throws(TraceError) -> Double {
        guard let raw = o[key] else { throw fail("missing \"\(key)\"") }
        guard !isBoolean(raw), let n = raw as? NSNumber else {
            throw fail("\"\(key)\" must be a number")
        }
        // Through the decimal text: exact to the last bit (NSDecimalNumber's doubleValue is not).
        let d = Double(n.description) ?? n.doubleValue
        guard d.isFinite else { throw fail("\"\(key)\" must be finite, got \(d)") }
        return d
    }

    static func decodeHeader(_ o: [String: Any], fail: (String) -> TraceError) throws(TraceError) -> Trace.Header {
        let known: Set<String> = ["type", "policy", "layout", "sections", "titles", "row_height", "header_height",
                                  "grid", "board", "viewport", "frame_rate", "offset", "list_offsets"]
        for key in o.keys where !known.contains(key) { throw fail("unknown session field \"\(key)\"") }
        guard let rawSections = o["sections"] as? [Any] else { throw fail("a session needs \"sections\": [[...], ...]") }
        var sections: [[Item]] = []
        for (s, rawSection) in rawSections.enumerated() {
            guard let list = rawSection as? [Any] else { throw fail("section \(s + 1) must be a list") }
            var items: [Item] = []
            for (r, rawItem) in list.enumerated() {
                if let str = rawItem as? String {
                    items.append(Item(str))
                } else if let dict = rawItem as? [String: Any], let id = dict["id"] as? String {
                    var fields: [String: ItemValue] = [:]
                    for (k, v) in dict where k != "id" && k != "title" {
                        if isBoolean(v), let b = v as? Bool { fields[k] = .bool(b) }
                        else if let n = v as? NSNumber { fields[k] = .number(Double(n.description) ?? n.doubleValue) }
                        else if let str = v as? String { fields[k] = .string(str) }
                        else { throw fail("item \(s + 1).\(r + 1): field \"\(k)\" must be a string, number or boolean") }
                    }
                    items.append(Item(id: id, title: dict["title"] as? String, fields: fields))
                } else {
                    throw fail("item \(s + 1).\(r + 1) must be a string or an object with an \"id\"")
                }
            }
            sections.append(items)
        }
        var h = Trace.Header(policy: o["policy"] as? String, sections: sections)
        if let t = o["titles"] as? [String] { h.titles = t }
        if let raw = o["layout"] {
            guard let name = raw as? String, let layout = LayoutKind(rawValue: name) else {
                throw fail("\"layout\" must be \"table\", \"grid\" or \"board\"")
            }
            h.layout = layout
        }
        if o["row_height"] != nil { h.rowHeight = try coordinate(o, "row_height", fail: fail) }
        if o["header_height"] != nil { h.headerHeight = try coordinate(o, "header_height", fail: fail) }
        if o["frame_rate"] != nil { h.frameRate = try coordinate(o, "frame_rate", fail: fail) }
        for (name, keys) in [("grid", SessionOptions.gridKeys), ("board", SessionOptions.boardKeys)] {
            guard let raw = o[name] else { continue }
            guard let dict = raw as? [String: Any] else { throw fail("\"\(name)\" must be an object of numbers") }
            var lengths: [String: Double] = [:]
            for key in dict.keys.sorted() {
                guard keys.contains(key) else { throw fail("unknown \(name) field \"\(key)\"") }
                lengths[key] = try coordinate(dict, key, fail: fail)
            }
            if name == "grid" { h.grid = lengths } else { h.board = lengths }
        }
        if let v = o["viewport"] as? [String: Any] {
            h.viewport = Size(width: try coordinate(v, "width", fail: fail), height: try coordinate(v, "height", fail: fail))
        }
        if let v = o["offset"] as? [String: Any] {
            h.offset = Point(x: try coordinate(v, "x", fail: fail), y: try coordinate(v, "y", fail: fail))
        }
        if let raw = o["list_offsets"] { h.listOffsets = try listOffsets(raw, header: h, fail: fail) }
        // The checks `reorder.session{...}` makes: unique ids, every length and rate in range.
        do {
            try Validator.validate(sections: h.sections)
            try h.geometry.validate()
        } catch {
            throw fail(error.message)
        }
        return h
    }

    /// A board's `list_offsets`: one finite number per list (section), none for another layout.
    static func listOffsets(_ raw: Any, header h: Trace.Header, fail: (String) -> TraceError) throws(TraceError) -> [Double] {
        guard h.layout == .board else {
            throw fail("\"list_offsets\" is only for \"layout\": \"board\" (this session's layout is \"\(h.layout.rawValue)\")")
        }
        let expected = "\"list_offsets\" must be a list of \(h.sections.count) numbers, one per list"
        guard let list = raw as? [Any] else { throw fail(expected) }
        guard list.count == h.sections.count else { throw fail(expected + ", got \(list.count)") }
        var offsets: [Double] = []
        for (i, value) in list.enumerated() {
            guard !isBoolean(value), let n = value as? NSNumber else {
                throw fail(expected + ": list \(i + 1) is not a number")
            }
            let d = Double(n.description) ?? n.doubleValue
            guard d.isFinite, d >= 0 else {
                throw fail(expected + ": list \(i + 1) must be finite and not negative, got \(d)")
            }
            offsets.append(d)
        }
        return offsets
    }
}
