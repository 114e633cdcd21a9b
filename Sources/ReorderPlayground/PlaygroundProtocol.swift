import ReorderCore
import ReorderPersistence
import ReorderTrace

/// The WebSocket protocol between the playground page and the host (docs/PLAYGROUND.md).
///
/// Every message is one JSON object with `"v"` (the protocol version) and `"type"`; a client
/// may add `"seq"` (an integer), which the reply echoes. A page's inputs come in one shape: a
/// `frame` message carrying the inputs since the last frame, each the ``Vocabulary``'s, as
/// traces write them (`{"type":"down","x":100,"y":120,"time":1.5}`, positions 1-based), then
/// the frame's tick at its `time`.
///
/// ```swift
/// let g = try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":1.6,"inputs":[{"type":"down","time":1.58,"x":100,"y":120}]}"#)
/// // g.request == .frame([.down(1.58, Point(x: 100, y: 120))], 1.6)
/// let k = try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":2.0,"inputs":[{"type":"select","time":1.99,"section":1,"row":3}]}"#)
/// // k.request == .frame([.select(1.99, ItemPosition(section: 0, item: 2))], 2.0)
/// ```
public enum PlaygroundProtocol {
    /// The version this host speaks, and the only one it accepts: inputs and events in the
    /// ``Vocabulary``'s words, every page input in a `frame`'s `inputs` (docs/PLAYGROUND.md,
    /// "Versions").
    public static let version = 4
    /// The largest message accepted, bytes (a dropped trace of about 20,000 inputs fits).
    public static let maximumMessageSize = 1 << 20
    /// The most inputs (pointer and keyboard) one `frame` may carry (the page sends a handful:
    /// it keeps only the last move between other inputs).
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

    /// What a client asks.
    public enum Request: Hashable, Sendable {
        /// The welcome (policies, layout) and a scene.
        case hello
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
        /// Another demo list (``DemoList/Demo``'s raw value), under the same policy.
        case demo(String)
        /// An animation frame: the page's inputs since the last frame, in order (page times),
        /// then the tick at the frame's time; one scene in reply.
        case frame([TraceInput], Double)
    }

    /// The messages a page sends, by `type` (its inputs go in a `frame`'s `inputs`).
    public enum PageMessage: String, CaseIterable, Sendable {
        case hello, frame, scene, policy, record, stop, replay, reset, demo
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
        guard v == version else {
            throw fail("v: unsupported protocol version \(v) (this host speaks \(version))")
        }
        guard let type = wire.type else { throw fail("type: expected a string") }
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
        case .demo:
            guard let name = wire.name, !name.isEmpty, name.count <= 200 else {
                throw fail("demo.name: expected a demo name")
            }
            request = .demo(name)
        case .replay:
            guard let trace = wire.trace else { throw fail("replay.trace: expected the trace text") }
            request = .replay(trace)
        case .frame:
            let t: Double
            do { t = try Vocabulary.timeValue(members) } catch { throw fail("frame.\(error.description)") }
            request = .frame(try Self.frameInputs(wire.inputs ?? [], frameTime: t, fail: fail), t)
        case nil:
            if Vocabulary.input(type) != nil {
                throw fail("type: \"\(type)\" is an input: send it in a frame's inputs "
                    + #"({"v":\#(version),"type":"frame","time":T,"inputs":[...]})"#)
            }
            throw fail("type: unknown message type \"\(EchoText.clip(type))\"")
        }
        return Message(request: request, seq: seq)
    }

    /// A frame's `inputs`: objects of the ``Vocabulary``'s inputs (keys an input does not use
    /// are ignored), within the page's own bounds, their times non-decreasing and at most the
    /// frame's.
    static func frameInputs(_ list: [JSONValue], frameTime: Double,
                            fail: (String) -> DecodeError) throws(DecodeError) -> [TraceInput] {
        guard list.count <= maximumFrameInputs else {
            throw fail("frame.inputs: at most \(maximumFrameInputs) inputs, got \(list.count)")
        }
        var inputs: [TraceInput] = []
        inputs.reserveCapacity(list.count)
        var last = 0.0
        for (i, value) in list.enumerated() {
            let at = "frame.inputs[\(i)]"
            guard case .object = value else { throw fail("\(at): expected an object") }
            let input: TraceInput
            do {
                input = try Vocabulary.input(from: value, strict: false, repeatCount: keyRepeat)
            } catch {
                throw fail(error.field.map { "\(at).\($0): \(error.problem)" } ?? "\(at): \(error.problem)")
            }
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
        var name: String?
        var trace: String?
        var inputs: [JSONValue]?

        /// A field of the wrong type.
        struct FieldError: Error { var key: String }

        /// Reads the fields in this order; the first of the wrong type is the error.
        init(_ members: [JSONMember]) throws(FieldError) {
            v = try Self.integer(members, "v")
            type = try Self.string(members, "type")
            seq = try Self.integer(members, "seq")
            name = try Self.string(members, "name")
            trace = try Self.string(members, "trace")
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
