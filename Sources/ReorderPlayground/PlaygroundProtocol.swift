import ReorderCore
import ReorderPersistence
import ReorderTrace

/// The WebSocket protocol between the playground page and the host (docs/PLAYGROUND.md).
///
/// Every message is one JSON object with `"v"` (the protocol version) and `"type"`; a client
/// may add `"seq"` (an integer), which the reply echoes. Inputs are the ``Vocabulary``'s, as
/// traces write them: `{"type":"down","x":100,"y":120,"time":1.5}`, positions 1-based.
///
/// ```swift
/// let g = try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":1.6,"inputs":[{"type":"down","time":1.58,"x":100,"y":120}]}"#)
/// // g.request == .frame([.input(.down(1.58, Point(x: 100, y: 120)))], 1.6)
/// let k = try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":2.0,"inputs":[{"type":"select","time":1.99,"section":1,"row":3}]}"#)
/// // k.request == .frame([.input(.select(1.99, ItemPosition(section: 0, item: 2)))], 2.0)
/// let m = try PlaygroundProtocol.decode(#"{"v":1,"type":"down","t":1.5,"x":100,"y":120}"#)
/// // m.request == .input(.down(1.5, Point(x: 100, y: 120)))   (`t`: `time`'s old spelling)
/// ```
public enum PlaygroundProtocol {
    /// The version this host speaks. Version 2 adds a pointer move to `frame` (`x`, `y`,
    /// `move_t`: a frame's move and tick in one message, one scene in reply); version 3 adds
    /// `inputs` to `frame`: every input since the last frame, in order with its own time, then
    /// the tick; version 4 writes every input and event in the ``Vocabulary``'s words, as traces
    /// do (`time`, 1-based positions everywhere, `select`, `deselect` and `tap` naming the item
    /// by `section` and `row`). Messages of versions 1 to 3 are still accepted.
    public static let version = 4
    /// The oldest version still accepted.
    public static let oldestVersion = 1
    /// The largest message accepted, bytes (a dropped trace of about 20,000 inputs fits).
    public static let maximumMessageSize = 1 << 20
    /// The most inputs (pointer and keyboard) one version 3 `frame` may carry (the page sends a
    /// handful: it keeps only the last move between other inputs).
    public static let maximumFrameInputs = 256
    /// The most inputs a replayed trace may have: twice what a page's recording that fits in
    /// ``maximumMessageSize`` holds (about 20,000 inputs of some 50 bytes; at a move and a frame
    /// every 1/60 s, nearly three minutes of dragging), so that only traces of unusually short
    /// lines meet it.
    public static let maximumReplayInputs = 40_000
    /// The longest a replay may last, seconds from its first input to its last: page inputs
    /// stop a replay (docs/PLAYGROUND.md), but a trace must not hold the session for years.
    public static let maximumReplayDuration = 600.0

    /// The most times one `key` input of a page, or of a trace it replays, may repeat: the page
    /// sends one key at a time, and a message must not hold the session for long (a trace's
    /// key may repeat up to ``Vocabulary/Limits/repeatCount`` times).
    public static let maximumKeyRepeat = 1_000

    /// An input as a page sends it: one of the ``Vocabulary``'s, or, from a page of version 3
    /// or older, a select or a tap at a viewport point, which the host turns into the item there
    /// when it applies it (after the inputs before it).
    ///
    /// ```swift
    /// let down = PlaygroundProtocol.PageInput.input(.down(1.5, Point(x: 100, y: 120)))
    /// let old = PlaygroundProtocol.PageInput.tapAt(1.7, Point(x: 100, y: 300))
    /// ```
    public enum PageInput: Hashable, Sendable {
        /// An input as traces write it.
        case input(TraceInput)
        /// Version 3 and older: a Shift- or Cmd-click at a viewport point selects (or
        /// deselects) the item there.
        case selectAt(Double, Point)
        /// Version 3 and older: a second pointer during a drag taps the item at a viewport point.
        case tapAt(Double, Point)

        /// The page's time of the input, seconds.
        public var time: Double {
            switch self {
            case .input(let i): return i.time
            case .selectAt(let t, _), .tapAt(let t, _): return t
            }
        }
    }

    /// What a client asks.
    public enum Request: Hashable, Sendable {
        /// The welcome (policies, layout) and a scene.
        case hello
        /// An input at the page's time (seconds), as a message of its own.
        case input(TraceInput)
        /// Inputs applied in order with one scene in reply: version 2's `frame` carrying the
        /// frame's pointer move, `[.move(moveTime, point), .frame(t)]`.
        case inputs([TraceInput])
        /// Just the scene now.
        case scene
        /// Switch to a built-in policy by name, or `"file"` for the file given to `reorder play`.
        case policy(String)
        /// Start recording a trace (from the current order).
        case record
        /// Stop recording: the reply is the trace text.
        case stop
        /// Replay a trace in real time (its text, as `reorder replay` reads it).
        case replay(String)
        /// Back to the list the playground started with.
        case reset
        /// Version 3 and older: a select or tap at a viewport point as a message of its own.
        case page(PageInput)
        /// Version 3 and later's `frame`: the inputs since the last frame, in order, then the
        /// tick at the frame's time; one scene in reply.
        case frame([PageInput], Double)
    }

    /// The messages a page sends, by `type` (the inputs besides: a page may send any input of
    /// the ``Vocabulary`` as a message of its own).
    public enum PageMessage: String, CaseIterable, Sendable {
        case hello, frame, scene, policy, record, stop, replay, reset
    }

    /// The messages the host sends, by `type`.
    public enum HostMessage: String, CaseIterable, Sendable {
        case welcome, scene, status, trace, error, diagnostics
        case policyError = "policy_error"
    }

    /// A decoded message: the request and the client's `seq`, if any.
    public struct Message: Hashable, Sendable {
        public var request: Request
        public var seq: Int?
    }

    /// A message that could not be used, and the `seq` it carried (when readable).
    public struct DecodeError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var seq: Int?
        public var description: String { message }
    }

    /// Parses one text message.
    public static func decode(_ text: String) throws(DecodeError) -> Message {
        let size = text.utf8.count
        guard size <= maximumMessageSize else {
            throw DecodeError(message: "message too large: \(size) bytes (at most \(maximumMessageSize))")
        }
        // One pass of the package's own JSON reader (Foundation's JSONDecoder, run twice for
        // the lenient seq, took 7.6 µs of a message's 30 µs; this takes about 1 µs).
        let object: JSONValue
        do {
            object = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw DecodeError(message: "not JSON")
        }
        guard case .object(let members) = object else { throw DecodeError(message: "expected a JSON object") }
        // The seq first, leniently, so that even a message with bad fields gets its seq back.
        let seq = try? Wire.integer(members, "seq")
        func fail(_ m: String) -> DecodeError { DecodeError(message: m, seq: seq) }
        let wire: Wire
        do {
            wire = try Wire(members)
        } catch {
            throw fail("\(error.key): expected \(Wire.expected(error.key))")
        }
        guard let v = wire.v else { throw fail("v: expected the protocol version, \(version)") }
        guard (oldestVersion...version).contains(v) else {
            throw fail("v: unsupported protocol version \(v) (this host speaks \(oldestVersion) to \(version))")
        }
        guard let type = wire.type else { throw fail("type: expected a string") }
        func time() throws(DecodeError) -> Double {
            do { return try Vocabulary.timeValue(members) } catch { throw fail("\(type).\(error.description)") }
        }
        let request: Request
        switch PageMessage(rawValue: type) {
        case .hello: request = .hello
        case .scene: request = .scene
        case .record: request = .record
        case .stop: request = .stop
        case .reset: request = .reset
        case .policy:
            guard let name = wire.name, !name.isEmpty, name.count <= 200 else {
                throw fail("policy.name: expected a policy name")
            }
            request = .policy(name)
        case .replay:
            guard let trace = wire.trace else { throw fail("replay.trace: expected the trace text") }
            request = .replay(trace)
        case .frame:
            let t = try time()
            if v >= 3, let list = wire.inputs {
                // Version 3 and later: every input since the last frame, in order, then the tick.
                guard wire.x == nil, wire.y == nil, wire.moveT == nil else {
                    throw fail("frame: give either inputs (version 3) or x, y and move_t (version 2), not both")
                }
                request = .frame(try Self.frameInputs(list, frameTime: t, version: v, fail: fail), t)
            } else if v >= 2, wire.x != nil || wire.y != nil || wire.moveT != nil {
                // Version 2: the pointer's position this frame (and when it got there) comes along.
                let p = try Self.point(wire.x, wire.y, at: "frame", fail: fail)
                var moved = t
                if wire.moveT != nil {
                    guard let m = wire.moveT, m >= 0, m <= t else {
                        throw fail("frame.move_t: expected seconds from 0 to the frame's time (\(t)), got \(wire.moveT ?? .nan)")
                    }
                    moved = m
                }
                request = .inputs([.move(moved, p), .frame(t)])
            } else {
                request = .input(.frame(t))
            }
        case nil:
            // An input as a message of its own.
            guard Vocabulary.input(type) != nil else { throw fail("type: unknown message type \"\(EchoText.clip(type))\"") }
            request = try Self.pageInput(object, members, version: v, at: type, fail: fail).map(
                input: { .input($0) }, page: { .page($0) })
        }
        return Message(request: request, seq: seq)
    }

    /// An input of a page: the ``Vocabulary``'s (keys it does not use are ignored), within
    /// the page's own bounds; from a page of version 3 or older, `select` and `tap` at `x`, `y`.
    static func pageInput(_ object: JSONValue, _ members: [JSONMember], version v: Int, at: String,
                          fail: (String) -> DecodeError) throws(DecodeError) -> PageInput {
        let type = Wire.text(members, "type")
        if v <= 3, type == Vocabulary.Inputs.select.name || type == Vocabulary.Inputs.tap.name {
            let t: Double
            do { t = try Vocabulary.timeValue(members) } catch { throw fail("\(at).\(error.description)") }
            let p = try point(try? Wire.number(members, "x"), try? Wire.number(members, "y"), at: at, fail: fail)
            return type == Vocabulary.Inputs.tap.name ? .tapAt(t, p) : .selectAt(t, p)
        }
        do {
            return .input(try Vocabulary.input(from: object, strict: false, repeatCount: keyRepeat))
        } catch {
            throw fail(error.field.map { "\(at).\($0): \(error.problem)" } ?? "\(at): \(error.problem)")
        }
    }

    /// A version 2 frame's, or an old page's select or tap, point: both numbers within
    /// ``Vocabulary/Limits/coordinate``.
    static func point(_ x: Double?, _ y: Double?, at: String, fail: (String) -> DecodeError) throws(DecodeError) -> Point {
        let bound = Vocabulary.Limits.coordinate
        for (name, value) in [("x", x), ("y", y)] {
            guard let value, bound.contains(value) else { throw fail("\(at).\(name): expected \(bound.expectation)") }
        }
        return Point(x: x ?? 0, y: y ?? 0)
    }

    /// A frame's `inputs`: objects of the ``Vocabulary``'s inputs, their times non-decreasing
    /// and at most the frame's.
    static func frameInputs(_ list: [JSONValue], frameTime: Double, version: Int,
                            fail: (String) -> DecodeError) throws(DecodeError) -> [PageInput] {
        guard list.count <= maximumFrameInputs else {
            throw fail("frame.inputs: at most \(maximumFrameInputs) inputs, got \(list.count)")
        }
        var inputs: [PageInput] = []
        inputs.reserveCapacity(list.count)
        var last = 0.0
        for (i, value) in list.enumerated() {
            let at = "frame.inputs[\(i)]"
            guard case .object(let members) = value else { throw fail("\(at): expected an object") }
            let input = try pageInput(value, members, version: version, at: at, fail: fail)
            let t = input.time
            guard t >= last, t <= frameTime else {
                throw fail("\(at).time: expected seconds from \(i == 0 ? "0" : "the input before's time (\(last))") to the frame's time (\(frameTime)), got \(t)")
            }
            last = t
            inputs.append(input)
        }
        return inputs
    }

    /// A page's `n`: 1 to ``maximumKeyRepeat``.
    static let keyRepeat = NumberRange(1, Double(maximumKeyRepeat), whole: true)

    /// What is wrong with a key's repeat count (nil: it is in 1 ... ``maximumKeyRepeat``).
    static func keyRepeatProblem(_ n: Int) -> String? {
        keyRepeat.contains(Double(n)) ? nil : "expected \(keyRepeat.expectation) (got \(n))"
    }

    /// The message-level fields (absent or null ones nil; other keys are ignored; an input's
    /// own fields are the ``Vocabulary``'s to read).
    struct Wire {
        var v: Int?
        var type: String?
        var seq: Int?
        var x: Double?
        var y: Double?
        var name: String?
        var trace: String?
        var moveT: Double?
        var inputs: [JSONValue]?

        /// A field of the wrong type.
        struct FieldError: Error { var key: String }

        /// Reads the fields in this order; the first of the wrong type is the error.
        init(_ members: [JSONMember]) throws(FieldError) {
            v = try Self.integer(members, "v")
            type = try Self.string(members, "type")
            seq = try Self.integer(members, "seq")
            x = try Self.number(members, "x")
            y = try Self.number(members, "y")
            name = try Self.string(members, "name")
            trace = try Self.string(members, "trace")
            moveT = try Self.number(members, "move_t")
            switch Vocabulary.member(members, "inputs") {
            case nil, .null?: inputs = nil
            case .array(let list)?: inputs = list
            default: throw FieldError(key: "inputs")
            }
        }

        static func number(_ members: [JSONMember], _ key: String) throws(FieldError) -> Double? {
            switch Vocabulary.member(members, key) {
            case nil, .null?: return nil
            case .number(let spelled)?:
                guard let d = Double(spelled), d.isFinite else { throw FieldError(key: key) }
                return d
            default: throw FieldError(key: key)
            }
        }

        static func integer(_ members: [JSONMember], _ key: String) throws(FieldError) -> Int? {
            guard let d = try number(members, key) else { return nil }
            guard d == d.rounded(), abs(d) < 9e15 else { throw FieldError(key: key) }
            return Int(d)
        }

        static func string(_ members: [JSONMember], _ key: String) throws(FieldError) -> String? {
            switch Vocabulary.member(members, key) {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw FieldError(key: key)
            }
        }

        /// A string field, or nil when it is missing or not a string.
        static func text(_ members: [JSONMember], _ key: String) -> String? {
            if case .string(let s)? = Vocabulary.member(members, key) { return s }
            return nil
        }

        static func expected(_ key: String) -> String {
            switch key {
            case "v", "seq": return "an integer"
            case "type", "name", "trace": return "a string"
            case "inputs": return "an array of inputs"
            default: return "a finite number"
            }
        }
    }
}

extension PlaygroundProtocol.PageInput {
    /// `input(i)` for a vocabulary input, `page(p)` for an old page's select or tap.
    func map<T>(input: (TraceInput) -> T, page: (Self) -> T) -> T {
        if case .input(let i) = self { return input(i) }
        return page(self)
    }
}
