import Foundation
import ReorderCore
import ReorderPersistence

/// The WebSocket protocol between the playground page and the host (docs/PLAYGROUND.md).
///
/// Every message is one JSON object with `"v"` (the protocol version) and `"type"`; a client
/// may add `"seq"` (an integer), which the reply echoes.
///
/// ```swift
/// let m = try PlaygroundProtocol.decode(#"{"v":1,"type":"down","t":1.5,"x":100,"y":120}"#)
/// // m.request == .input(.down(1.5, Point(x: 100, y: 120)))
/// let f = try PlaygroundProtocol.decode(#"{"v":2,"type":"frame","t":1.6,"x":100,"y":130,"move_t":1.59}"#)
/// // f.request == .inputs([.move(1.59, Point(x: 100, y: 130)), .frame(1.6)])
/// let g = try PlaygroundProtocol.decode(#"{"v":3,"type":"frame","t":1.6,"inputs":[{"type":"down","t":1.58,"x":100,"y":120}]}"#)
/// // g.request == .frame([.touch(.down(1.58, Point(x: 100, y: 120)))], 1.6)
/// let k = try PlaygroundProtocol.decode(#"{"v":3,"type":"frame","t":2.0,"inputs":[{"type":"key","t":1.99,"key":"space"}]}"#)
/// // k.request == .frame([.touch(.key(1.99, .space, 1))], 2.0)
/// ```
public enum PlaygroundProtocol {
    /// The version this host speaks. Version 2 adds a pointer move to `frame` (`x`, `y`,
    /// `move_t`: a frame's move and tick in one message, one scene in reply); version 3 adds
    /// `inputs` to `frame`: every input since the last frame (the pointer's down, move, up,
    /// cancel, select, tap and the keyboard's focus, key, action), in order with its own time,
    /// then the tick. Version 1 and 2 messages, and stand-alone keyboard messages, are still
    /// accepted.
    public static let version = 3
    /// The oldest version still accepted.
    public static let oldestVersion = 1
    /// The largest message accepted, bytes (a dropped trace of about 20,000 inputs fits).
    public static let maximumMessageSize = 1 << 20
    /// The most inputs (pointer and keyboard) one version 3 `frame` may carry (the page sends a
    /// handful: it keeps only the last move between other inputs).
    public static let maximumFrameInputs = 256
    /// The largest time a message or a replayed input may give, seconds (about 31 years of a
    /// page's clock, which starts at its load). Every time is checked against it where it is
    /// read, so the session's clock, the frame grid (`time × frame rate` as an integer) and a
    /// replay's schedule stay exact and in range.
    public static let maximumTime = 1e9
    /// The largest coordinate, viewport points either way: far past any screen, small enough
    /// that a position plus an offset stays exact.
    public static let maximumCoordinate = 1e7
    /// The largest 1-based `section` or `row` a keyboard input, select or tap may name.
    public static let maximumPosition = 100_000_000
    /// The largest repeat count `n` of a `key` input.
    public static let maximumKeyRepeat = 1_000
    /// The most inputs a replayed trace may have: twice what a page's recording that fits in
    /// ``maximumMessageSize`` holds (about 20,000 inputs of some 50 bytes; at a move and a frame
    /// every 1/60 s, nearly three minutes of dragging), so that only traces of unusually short
    /// lines meet it.
    public static let maximumReplayInputs = 40_000
    /// The longest a replay may last, seconds from its first input to its last: page inputs
    /// stop a replay (docs/PLAYGROUND.md), but a trace must not hold the session for years.
    public static let maximumReplayDuration = 600.0

    /// An input as the page sends it in a frame: a touch or a keyboard input, or (issue 19) a
    /// select or a tap at a viewport point, which the host turns into the item there when it
    /// applies it (after the inputs before it).
    ///
    /// ```swift
    /// let down = PlaygroundProtocol.PageInput.touch(.down(1.5, Point(x: 100, y: 120)))
    /// let space = PlaygroundProtocol.PageInput.touch(.key(1.6, .space, 1))
    /// let tap = PlaygroundProtocol.PageInput.tap(1.7, Point(x: 100, y: 300))
    /// ```
    public enum PageInput: Hashable, Sendable {
        /// A trace input at the page's time: a touch (`down`, `move`, `up`, `cancel`), a
        /// keyboard input (`focus`, `key`, `action`) or a frame tick.
        case touch(TraceInput)
        /// A Shift- or Cmd-click at a viewport point: select (or deselect) the item there.
        case select(Double, Point)
        /// A second pointer during a drag taps the item at a viewport point.
        case tap(Double, Point)

        /// The page's time of the input, seconds.
        public var time: Double {
            switch self {
            case .touch(let i): return i.time
            case .select(let t, _), .tap(let t, _): return t
            }
        }
    }

    /// What a client asks.
    public enum Request: Hashable, Sendable {
        /// The welcome (policies, layout) and a scene.
        case hello
        /// A touch or a frame tick at the page's time (seconds).
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
        /// Issue 19: a Shift- or Cmd-click at a viewport point selects the item there, or
        /// deselects it when it is selected (while idle).
        case select(Double, Point)
        /// Issue 19: a second pointer taps the item at a viewport point during a drag.
        case tap(Double, Point)
        /// Version 3's `frame`: the inputs (pointer and keyboard) since the last frame, in
        /// order, then the tick at the frame's time; one scene in reply.
        case frame([PageInput], Double)
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
        let members: [JSONMember]
        do {
            guard case .object(let m) = try JSONParser.parse(Array(text.utf8)) else {
                throw DecodeError(message: "expected a JSON object")
            }
            members = m
        } catch let e as DecodeError {
            throw e
        } catch {
            throw DecodeError(message: "not JSON")
        }
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
        func number(_ key: String, _ value: Double?) throws(DecodeError) -> Double {
            guard let d = value, d.isFinite else { throw fail("\(type).\(key): expected a finite number") }
            return d
        }
        func time() throws(DecodeError) -> Double {
            let t = try number("t", wire.t)
            if let problem = Self.timeProblem(t) { throw fail("\(type).t: \(problem)") }
            return t
        }
        func point() throws(DecodeError) -> Point {
            let p = Point(x: try number("x", wire.x), y: try number("y", wire.y))
            if let problem = Self.pointProblem(p) { throw fail("\(type): \(problem)") }
            return p
        }
        let request: Request
        switch type {
        case "hello": request = .hello
        case "scene": request = .scene
        case "down": request = .input(.down(try time(), try point()))
        case "move": request = .input(.move(try time(), try point()))
        case "up": request = .input(.up(try time()))
        case "cancel": request = .input(.cancel(try time()))
        case "frame":
            let t = try time()
            if v >= 3, let list = wire.inputs {
                // Version 3: every input since the last frame, in order, then the tick.
                guard wire.x == nil, wire.y == nil, wire.moveT == nil else {
                    throw fail("frame: give either inputs (version 3) or x, y and move_t (version 2), not both")
                }
                request = .frame(try Self.frameInputs(list, frameTime: t, fail: fail), t)
            } else if v >= 2, wire.x != nil || wire.y != nil || wire.moveT != nil {
                // Version 2: the pointer's position this frame (and when it got there) comes along.
                let p = try point()
                var moved = t
                if wire.moveT != nil {
                    moved = try number("move_t", wire.moveT)
                    guard moved >= 0, moved <= t else {
                        throw fail("frame.move_t: expected seconds from 0 to the frame's t (\(t)), got \(moved)")
                    }
                }
                request = .inputs([.move(moved, p), .frame(t)])
            } else {
                request = .input(.frame(t))
            }
        case "policy":
            guard let name = wire.name, !name.isEmpty, name.count <= 200 else {
                throw fail("policy.name: expected a policy name")
            }
            request = .policy(name)
        case "select": request = .select(try time(), try point())   // issue 19
        case "tap": request = .tap(try time(), try point())
        case "record": request = .record
        case "stop": request = .stop
        case "reset": request = .reset
        case "replay":
            guard let trace = wire.trace else { throw fail("replay.trace: expected the trace text") }
            request = .replay(trace)
        // Keyboard dragging (issue 18): positions 1-based, as in traces.
        case "focus", "key", "action":
            request = .input(try Self.keyboardInput(type, wire, time: try time(), at: type, fail: fail))
        default:
            throw fail("type: unknown message type \"\(type.prefix(40))\"")
        }
        return Message(request: request, seq: seq)
    }

    /// A version 3 frame's `inputs`: objects `{"type", "t", ...}` of type `down`, `move`, `up`,
    /// `cancel`, `select` or `tap` (with `x`, `y` where the message of that type has them) or
    /// `focus`, `key` or `action` (with that message's fields), their times non-decreasing and
    /// at most the frame's.
    static func frameInputs(_ list: [JSONValue], frameTime: Double,
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
            let wire: Wire
            do { wire = try Wire(members) } catch { throw fail("\(at).\(error.key): expected \(Wire.expected(error.key))") }
            guard let type = wire.type else { throw fail("\(at).type: expected a string") }
            guard let t = wire.t else { throw fail("\(at).t: expected a finite number") }
            guard t >= last, t <= frameTime else {
                throw fail("\(at).t: expected seconds from \(i == 0 ? "0" : "the input before's t (\(last))") to the frame's t (\(frameTime)), got \(t)")
            }
            last = t
            func point() throws(DecodeError) -> Point {
                guard let x = wire.x else { throw fail("\(at).x: expected a finite number") }
                guard let y = wire.y else { throw fail("\(at).y: expected a finite number") }
                let p = Point(x: x, y: y)
                if let problem = Self.pointProblem(p) { throw fail("\(at): \(problem)") }
                return p
            }
            switch type {
            case "down": inputs.append(.touch(.down(t, try point())))
            case "move": inputs.append(.touch(.move(t, try point())))
            case "up": inputs.append(.touch(.up(t)))
            case "cancel": inputs.append(.touch(.cancel(t)))
            case "select": inputs.append(.select(t, try point()))
            case "tap": inputs.append(.tap(t, try point()))
            case "focus", "key", "action":
                inputs.append(.touch(try keyboardInput(type, wire, time: t, at: at, fail: fail)))
            default:
                throw fail("\(at).type: expected down, move, up, cancel, select, tap, focus, key or action, got \"\(type.prefix(40))\"")
            }
        }
        return inputs
    }

    /// A `focus` (`section`, `row`), `key` (`key`, `n`) or `action` (`section`, `row`, `action`)
    /// message's input, or a frame's input of that type; `at` names it in errors (the message's
    /// type, or `frame.inputs[i]`).
    static func keyboardInput(_ type: String, _ wire: Wire, time t: Double, at: String,
                              fail: (String) -> DecodeError) throws(DecodeError) -> TraceInput {
        func position() throws(DecodeError) -> ItemPosition {
            guard let s = wire.section, let r = wire.row, s >= 1, r >= 1, s <= maximumPosition, r <= maximumPosition else {
                throw fail("\(at): section and row: expected positive integers")
            }
            return ItemPosition(section: s - 1, item: r - 1)
        }
        switch type {
        case "focus":
            return .focus(t, try position())
        case "key":
            guard let name = wire.key, let key = KeyboardKey(rawValue: name) else {
                throw fail("\(at).key: expected one of \(KeyboardKey.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let n = wire.n ?? 1
            if let problem = keyRepeatProblem(n) { throw fail("\(at).n: \(problem)") }
            return .key(t, key, n)
        default:
            let p = try position()
            guard let name = wire.action, let action = KeyboardAction(name: name) else {
                throw fail("\(at).action: expected move_up, move_down, move_to_start, move_to_end, \"move_to_section N\" or \"move_to_list NAME\"")
            }
            return .action(t, p, action)
        }
    }

    /// What is wrong with a time (nil: it is in 0 ... ``maximumTime``).
    static func timeProblem(_ t: Double) -> String? {
        t >= 0 && t <= maximumTime ? nil : "expected seconds from 0 to \(limitText(maximumTime)), got \(t)"
    }

    /// What is wrong with a point (nil: both coordinates within ±``maximumCoordinate``).
    static func pointProblem(_ p: Point) -> String? {
        abs(p.x) <= maximumCoordinate && abs(p.y) <= maximumCoordinate
            ? nil : "x and y must be within ±\(limitText(maximumCoordinate)) points"
    }

    /// A limit as the messages write it: `1e9` for a power of ten, else its digits.
    static func limitText(_ d: Double) -> String {
        let e = log10(d).rounded()
        return d > 1 && pow(10, e) == d ? "1e\(Int(e))" : NumberText.fixed(d, 0)
    }

    /// What is wrong with a key's repeat count (nil: it is in 1 ... ``maximumKeyRepeat``).
    static func keyRepeatProblem(_ n: Int) -> String? {
        n >= 1 && n <= maximumKeyRepeat ? nil : "expected 1 to \(maximumKeyRepeat), got \(n)"
    }

    /// The fields of every message type (absent or null ones nil; other keys are ignored).
    struct Wire {
        var v: Int?
        var type: String?
        var seq: Int?
        var t: Double?
        var x: Double?
        var y: Double?
        var name: String?
        var trace: String?
        var moveT: Double?
        var section: Int?
        var row: Int?
        var key: String?
        var n: Int?
        var action: String?
        var inputs: [JSONValue]?

        /// A field of the wrong type.
        struct FieldError: Error { var key: String }

        /// Reads the fields in this order; the first of the wrong type is the error.
        init(_ members: [JSONMember]) throws(FieldError) {
            v = try Self.integer(members, "v")
            type = try Self.string(members, "type")
            seq = try Self.integer(members, "seq")
            t = try Self.number(members, "t")
            x = try Self.number(members, "x")
            y = try Self.number(members, "y")
            name = try Self.string(members, "name")
            trace = try Self.string(members, "trace")
            moveT = try Self.number(members, "move_t")
            section = try Self.integer(members, "section")
            row = try Self.integer(members, "row")
            key = try Self.string(members, "key")
            n = try Self.integer(members, "n")
            action = try Self.string(members, "action")
            switch Self.member(members, "inputs") {
            case nil, .null?: inputs = nil
            case .array(let list)?: inputs = list
            default: throw FieldError(key: "inputs")
            }
        }

        static func member(_ members: [JSONMember], _ key: String) -> JSONValue? {
            for m in members where m.key == key { return m.value }
            return nil
        }

        static func number(_ members: [JSONMember], _ key: String) throws(FieldError) -> Double? {
            switch member(members, key) {
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
            switch member(members, key) {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw FieldError(key: key)
            }
        }

        static func expected(_ key: String) -> String {
            switch key {
            case "v", "seq", "section", "row", "n": return "an integer"
            case "type", "name", "trace", "key", "action": return "a string"
            case "inputs": return "an array of inputs"
            default: return "a finite number"
            }
        }
    }

}
