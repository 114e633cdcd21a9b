import ReorderCore
import ReorderPersistence

/// A recorded session: an optional description of the list it ran on, then raw inputs.
///
/// On disk a trace is JSON Lines, one record per line:
///
/// ```text
/// {"type":"session","policy":"default","sections":[["a","b"],["c"]],"row_height":44,...}
/// {"type":"down","x":120.0,"y":210.0,"time":0.0}
/// {"type":"frame","time":0.016666666666666666}
/// {"type":"move","x":120.0,"y":300.0,"time":1.5}
/// {"type":"up","time":2.0}
/// ```
///
/// The `session` line is optional (without it, replay uses the REPL's demo list); on a board it
/// may carry `"list_offsets":[0,120.5,0]`, each list's own scroll (see ``Header/listOffsets``).
/// The inputs and their fields are the ``Vocabulary``'s. Times are seconds of simulated time
/// and never decrease.
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
        /// A tree session's tree (layout `tree`): its roots in the nested shape, items,
        /// children and `collapsed` as when recording began. Written as `"tree"` in place of
        /// `"sections"` (which is then empty).
        public var tree: [TreeNodeDescription]?

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
/// // {"type":"down","x":120.0,"y":210.0,"time":0.0}\n{"type":"up","time":0.5}\n
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

    /// One input as a JSON object, as the ``Vocabulary`` writes it (numbers round-trip exactly).
    public static func encode(_ input: TraceInput) -> String {
        Vocabulary.json(Vocabulary.Record(input))
    }

    /// The `session` line.
    public static func encode(header h: Trace.Header) -> String {
        var members: [(String, JSONValue)] = [("type", .string("session"))]
        if let p = h.policy { members.append(("policy", .string(p))) }
        members.append(("layout", .string(h.layout.rawValue)))
        if let tree = h.tree {
            members.append(("tree", ItemJSON.tree(tree)))
        } else {
            members.append(("sections", .array(h.sections.map { .array($0.map(ItemJSON.value)) })))
        }
        if !h.titles.isEmpty { members.append(("titles", .array(h.titles.map(JSONValue.string)))) }
        members += [("row_height", .double(h.rowHeight)), ("header_height", .double(h.headerHeight))]
        for (name, lengths) in [("grid", h.grid), ("board", h.board)] {
            var fields: [(String, JSONValue)] = lengths.keys.sorted().map { ($0, .double(lengths[$0] ?? 0)) }
            // The direction only when it is not the default: vertical traces read as before.
            if name == "grid" && h.gridDirection != .vertical {
                fields.insert(("direction", .string(h.gridDirection.rawValue)), at: 0)
            }
            if !fields.isEmpty { members.append((name, .members(fields))) }
        }
        members.append(("viewport", .members([("width", .double(h.viewport.width)), ("height", .double(h.viewport.height))])))
        members.append(("frame_rate", .double(h.frameRate)))
        members.append(("offset", .members([("x", .double(h.offset.x)), ("y", .double(h.offset.y))])))
        if h.layout == .board && h.listOffsets.contains(where: { $0 != 0 }) {
            members.append(("list_offsets", .array(h.listOffsets.map(JSONValue.double))))
        }
        return JSONWriter.compact(.members(members))
    }

    // MARK: Reading

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
    /// try decoder.decode(line: Array(#"{"type":"up","time":0}"#.utf8)[...], number: 1)   // .input(.up(0))
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
            guard case .object = value else {
                throw fail("expected a JSON object such as {\"type\":\"down\",\"x\":120,\"y\":210,\"time\":0.0}")
            }
            if value["type"] == .string("session") {
                guard !sawRecord else { throw fail("a \"session\" record may only be the first line") }
                sawRecord = true
                return .header(try TraceCodec.decodeHeader(value, fail: fail))
            }
            sawRecord = true
            let input: TraceInput
            do {
                input = try Vocabulary.input(from: value, strict: true)
            } catch {
                throw fail(error.description)
            }
            guard input.time >= lastTime else {
                throw fail("time goes backwards: \(Vocabulary.time.name) = \(input.time) after \(lastTime)")
            }
            lastTime = input.time
            return .input(input)
        }
    }

    /// Input text for a message: cut, control characters shown (``EchoText``).
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String { EchoText.clip(bytes) }

    static func outOfRange(_ text: String) -> String {
        "not valid JSON (the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is out of a double's range)"
    }

    /// Every number of a `session` line must fit a double (checked before any field is read,
    /// so an out-of-range number is named whatever field holds it).
    static func checkNumbers(_ v: JSONValue, fail: (String) -> TraceError) throws(TraceError) {
        switch v {
        case .number(let text):
            if Int(text) == nil, !(Double(text)?.isFinite ?? false) { throw fail(outOfRange(text)) }
        case .array(let elements):
            for e in elements { try checkNumbers(e, fail: fail) }
        case .object(let members):
            for m in members { try checkNumbers(m.value, fail: fail) }
        case .null, .bool, .string:
            break
        }
    }

    /// A JSON number's value, exact to the last bit (read from its decimal text); nil for
    /// anything else (`true` is not a number).
    static func double(_ v: JSONValue?) -> Double? {
        guard case .number(let text)? = v else { return nil }
        return Double(text)
    }

    /// The strings of a JSON list of strings, or nil.
    static func strings(_ v: JSONValue?) -> [String]? {
        guard case .array(let elements)? = v else { return nil }
        var out: [String] = []
        for e in elements {
            guard case .string(let s) = e else { return nil }
            out.append(s)
        }
        return out
    }

    static func coordinate(_ o: JSONValue, _ key: String, fail: (String) -> TraceError) throws(TraceError) -> Double {
        guard let raw = o[key] else { throw fail("missing \"\(key)\"") }
        guard let d = double(raw) else { throw fail("\"\(key)\" must be a number") }
        guard d.isFinite else { throw fail("\"\(key)\" must be finite, got \(d)") }
        return d
    }

    static func decodeHeader(_ o: JSONValue, fail: (String) -> TraceError) throws(TraceError) -> Trace.Header {
        let known = Set(["type", "policy", "sections", "tree", "titles"] + SessionGeometry.optionNames + ["offset", "list_offsets"])
        try checkNumbers(o, fail: fail)
        if case .object(let members) = o {
            for m in members where !known.contains(m.key) { throw fail("unknown session field \"\(EchoText.clip(m.key))\"") }
        }
        var layout = LayoutKind.table
        if let raw = o["layout"] {
            guard case .string(let name) = raw, let kind = LayoutKind(rawValue: name) else {
                throw fail("\"layout\" must be \(ChoiceText.list(LayoutKind.allCases.map(\.rawValue), quote: "\""))")
            }
            layout = kind
        }
        // A tree session's list is its tree (parents, collapsed nodes); any other's, sections.
        var sections: [[Item]] = []
        var tree: [TreeNodeDescription]?
        if layout == .tree {
            guard let raw = o["tree"] else { throw fail("a session of layout \"tree\" needs \"tree\": [\"a\", {\"id\": \"b\", \"children\": [...]}, ...]") }
            guard o["sections"] == nil else { throw fail("a session of layout \"tree\" gives its nodes in \"tree\", not \"sections\"") }
            let roots: [TreeNodeDescription]
            do { roots = try ItemJSON.tree(from: raw) } catch { throw fail(error.message) }
            // The checks `reorder.session{ tree = ... }` makes: ids, depth, size.
            do { _ = try Tree(roots) } catch { throw fail(error.message) }
            tree = roots
        } else {
            guard o["tree"] == nil else { throw fail("\"tree\" is the tree layout's: give \"layout\": \"tree\" with it") }
            guard case .array(let rawSections)? = o["sections"] else { throw fail("a session needs \"sections\": [[...], ...]") }
            for (s, rawSection) in rawSections.enumerated() {
                guard case .array(let list) = rawSection else { throw fail("section \(s + 1) must be a list") }
                var items: [Item] = []
                for (r, rawItem) in list.enumerated() {
                    do {
                        items.append(try ItemJSON.item(from: rawItem, place: "item \(s + 1).\(r + 1)"))
                    } catch {
                        throw fail(error.message)
                    }
                }
                sections.append(items)
            }
        }
        var policy: String?
        if case .string(let p)? = o["policy"] { policy = p }
        var h = Trace.Header(policy: policy, sections: sections)
        h.tree = tree
        h.layout = layout
        if let t = strings(o["titles"]) { h.titles = t }
        if o["row_height"] != nil { h.rowHeight = try coordinate(o, "row_height", fail: fail) }
        if o["header_height"] != nil { h.headerHeight = try coordinate(o, "header_height", fail: fail) }
        if o["frame_rate"] != nil { h.frameRate = try coordinate(o, "frame_rate", fail: fail) }
        for (name, keys) in [("grid", SessionGeometry.gridKeys), ("board", SessionGeometry.boardKeys)] {
            guard let raw = o[name] else { continue }
            guard case .object(let members) = raw else { throw fail("\"\(name)\" must be an object of numbers") }
            var lengths: [String: Double] = [:]
            for key in members.map(\.key).sorted() {
                if name == "grid" && key == "direction" {
                    guard case .string(let d)? = raw[key], let direction = GridLayout.Direction(rawValue: d) else {
                        throw fail("\"grid\".\"direction\" must be \"vertical\" or \"horizontal\"")
                    }
                    h.gridDirection = direction
                    continue
                }
                guard keys.contains(key) else { throw fail("unknown \(name) field \"\(EchoText.clip(key))\"") }
                lengths[key] = try coordinate(raw, key, fail: fail)
            }
            if name == "grid" { h.grid = lengths } else { h.board = lengths }
        }
        if let v = o["viewport"], case .object = v {
            h.viewport = Size(width: try coordinate(v, "width", fail: fail), height: try coordinate(v, "height", fail: fail))
        }
        if let v = o["offset"], case .object = v {
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
    static func listOffsets(_ raw: JSONValue, header h: Trace.Header, fail: (String) -> TraceError) throws(TraceError) -> [Double] {
        guard h.layout == .board else {
            throw fail("\"list_offsets\" is only for \"layout\": \"board\" (this session's layout is \"\(h.layout.rawValue)\")")
        }
        let expected = "\"list_offsets\" must be a list of \(h.sections.count) numbers, one per list"
        guard case .array(let list) = raw else { throw fail(expected) }
        guard list.count == h.sections.count else { throw fail(expected + ", got \(list.count)") }
        var offsets: [Double] = []
        for (i, value) in list.enumerated() {
            guard let d = double(value) else {
                throw fail(expected + ": list \(i + 1) is not a number")
            }
            guard d.isFinite, d >= 0 else {
                throw fail(expected + ": list \(i + 1) must be finite and not negative, got \(d)")
            }
            offsets.append(d)
        }
        return offsets
    }
}
