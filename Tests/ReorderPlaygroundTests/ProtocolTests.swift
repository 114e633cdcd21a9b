import Foundation
import ReorderCore
import ReorderTrace
import Testing
@testable import ReorderPlayground

/// Decoding of the page's messages (docs/PLAYGROUND.md).
@Suite struct ProtocolTests {
    func decode(_ text: String) -> Result<PlaygroundProtocol.Message, PlaygroundProtocol.DecodeError> {
        do { return .success(try PlaygroundProtocol.decode(text)) } catch { return .failure(error) }
    }

    func failure(_ text: String) -> PlaygroundProtocol.DecodeError? {
        if case .failure(let e) = decode(text) { return e }
        return nil
    }

    /// A frame: its inputs in the Vocabulary's words, in order, then the tick at its `time`;
    /// `select`, `deselect` and `tap` name the item (docs/PLAYGROUND.md).
    @Test func framesCarryTheVocabularysInputs() throws {
        let m = try PlaygroundProtocol.decode(#"""
            {"v":4,"type":"frame","time":3,"seq":2,"inputs":[{"type":"select","section":1,"row":2,"time":2.5},
             {"type":"deselect","section":2,"row":1,"time":2.6},{"type":"tap","section":1,"row":4,"time":2.7},
             {"type":"down","x":1.5,"y":2,"time":2.8},{"type":"move","x":1.5,"y":30.5,"time":2.8},{"type":"up","time":2.85},
             {"type":"cancel","time":2.86},{"type":"frame","time":2.9}]}
            """#)
        #expect(m.request == .frame([.select(2.5, ItemPosition(section: 0, item: 1)),
                                     .deselect(2.6, ItemPosition(section: 1, item: 0)),
                                     .tap(2.7, ItemPosition(section: 0, item: 3)),
                                     .down(2.8, Point(x: 1.5, y: 2)), .move(2.8, Point(x: 1.5, y: 30.5)), .up(2.85),
                                     .cancel(2.86), .frame(2.9)], 3))
        #expect(m.seq == 2)
        // No inputs, or none given: a plain tick.
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":2,"inputs":[]}"#).request == .frame([], 2))
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":2}"#).request == .frame([], 2))
        // `t`, the old spelling of `time` (Vocabulary), is read; not both.
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","t":2,"inputs":[{"type":"up","t":1}]}"#).request == .frame([.up(1)], 2))
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up","t":1,"time":1}]}"#)?.message
                == "frame.inputs[0].time: given twice, as \"time\" and as its old spelling \"t\"")
        // A select with a point and no item is refused (x, y are keys it does not use).
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"select","x":1,"y":2,"time":1}]}"#)?.message
                == "frame.inputs[0].section: missing (expected a whole number from 1 to 10000000)")
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"policy","name":"uikit"}"#).request == .policy("uikit"))
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"replay","trace":"x"}"#).request == .replay("x"))
    }

    /// One shape for a page's inputs: an input sent as a message of its own (versions 1 to 3),
    /// a version 2 frame's `x`, `y` and `move_t`, and every version but 4 are refused, each
    /// saying what to send instead.
    @Test func olderShapesAreRefusedWithTheShapeToUse() throws {
        let instead = #"send it in a frame's inputs ({"v":4,"type":"frame","time":T,"inputs":[...]})"#
        #expect(failure(#"{"v":4,"type":"down","time":1,"x":1,"y":2}"#)?.message == "type: \"down\" is an input: " + instead)
        #expect(failure(#"{"v":4,"type":"key","time":1,"key":"up","seq":3}"#)?.message == "type: \"key\" is an input: " + instead)
        #expect(failure(#"{"v":4,"type":"key","time":1,"key":"up","seq":3}"#)?.seq == 3)
        for v in [1, 2, 3] {
            #expect(failure(#"{"v":\#(v),"type":"hello"}"#)?.message == "v: unsupported protocol version \(v) (this host speaks 4)")
        }
        // x and y are keys a frame does not use: ignored, the frame is a plain tick.
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":2,"x":1,"y":2,"move_t":1}"#).request == .frame([], 2))
    }

    @Test func frameInputsAreChecked() {
        // Each input's time is at least the one before's and at most the frame's; the item named
        // by its index in the list.
        let kinds = "down, move, up, cancel, frame, focus, key, action, select, deselect, tap, toggle or pan"
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up","time":1.5},{"type":"up","time":1.4}]}"#)?.message
                == "frame.inputs[1].time: expected seconds from the input before's time (1.5) to the frame's time (2.0), got 1.4")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up","time":2.5}]}"#)?.message
                == "frame.inputs[0].time: expected seconds from 0 to the frame's time (2.0), got 2.5")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up","time":-1}]}"#)?.message
                == "frame.inputs[0].time: expected a number from 0 to 1e9 (got -1)")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up"}]}"#)?.message
                == "frame.inputs[0].time: missing (expected a number from 0 to 1e9)")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"down","time":1,"x":3}]}"#)?.message
                == "frame.inputs[0].y: missing (expected a number from -1e7 to 1e7)")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"move","time":1,"x":3,"y":2e7}]}"#)?.message
                == "frame.inputs[0].y: expected a number from -1e7 to 1e7 (got 2e7)")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"scene","time":1}]}"#)?.message
                == "frame.inputs[0].type: unknown input \"scene\" (expected \(kinds))")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"time":1}]}"#)?.message
                == "frame.inputs[0].type: missing (expected \(kinds))")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up","time":"soon"}]}"#)?.message
                == "frame.inputs[0].time: expected a number from 0 to 1e9 (got a string)")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":[3]}"#)?.message == "frame.inputs[0]: expected an object")
        #expect(failure(#"{"v":4,"type":"frame","time":2,"inputs":{"type":"up"}}"#)?.message == "inputs: expected an array of inputs")
        #expect(failure(#"{"v":4,"type":"frame","inputs":[]}"#)?.message == "frame.time: missing (expected a number from 0 to 1e9)")
        // At most 256 inputs (PlaygroundProtocol.maximumFrameInputs); 256 are fine.
        let up = #"{"type":"up","time":1}"#
        let most = #"{"v":4,"type":"frame","time":2,"inputs":["# + Array(repeating: up, count: 256).joined(separator: ",") + "]}"
        if case .success(let m) = decode(most), case .frame(let inputs, _) = m.request {
            #expect(inputs.count == 256)
        } else {
            Issue.record("256 inputs were refused")
        }
        let over = #"{"v":4,"type":"frame","time":2,"inputs":["# + Array(repeating: up, count: 257).joined(separator: ",") + "]}"
        #expect(failure(over)?.message == "frame.inputs: at most 256 inputs, got 257")
        // The seq still comes back with an input's error.
        #expect(failure(#"{"v":4,"type":"frame","time":2,"seq":4,"inputs":[{"type":"fly","time":1}]}"#)?.seq == 4)
    }

    @Test func framesCarryTheKeyboardInputsInOrderWithThePointers() throws {
        // `focus`, `key` and `action` (positions 1-based there, 0-based in ItemPosition; `n` 1
        // when left out), in order with the pointer inputs.
        let m = try PlaygroundProtocol.decode(#"""
            {"v":4,"type":"frame","time":3,"seq":5,"inputs":[{"type":"focus","time":2.5,"section":1,"row":2},
             {"type":"key","time":2.6,"key":"space"},{"type":"down","time":2.6,"x":1,"y":2},{"type":"key","time":2.7,"key":"down","n":3},
             {"type":"action","time":2.8,"section":2,"row":1,"action":"move_to_section 1"},{"type":"key","time":3,"key":"shift+space"}]}
            """#)
        #expect(m.request == .frame([.focus(2.5, ItemPosition(section: 0, item: 1)), .key(2.6, .space, 1),
                                     .down(2.6, Point(x: 1, y: 2)), .key(2.7, .down, 3),
                                     .action(2.8, ItemPosition(section: 1, item: 0), .moveToSection(0)),
                                     .key(3, .shiftSpace, 1)], 3))
        #expect(m.seq == 5)
    }

    @Test func keyboardInputErrorsNameTheInput() {
        let keys = "one of space, enter, up, down, left, right, home, end, escape, tab or shift+space"
        let actions = "one of move_up, move_down, move_to_start, move_to_end, \"move_to_section N\" or \"move_to_list NAME\""
        func inFrame(_ input: String) -> String? {
            failure(#"{"v":4,"type":"frame","time":2,"inputs":[{"type":"up","time":1},\#(input)]}"#)?.message
        }
        #expect(inFrame(#"{"type":"key","time":1}"#) == "frame.inputs[1].key: missing (expected \(keys))")
        // A page's key repeats at most 1000 times (PlaygroundProtocol.maximumKeyRepeat).
        #expect(inFrame(#"{"type":"key","time":1,"key":"space","n":1001}"#) == "frame.inputs[1].n: expected a whole number from 1 to 1000 (got 1001)")
        #expect(inFrame(#"{"type":"key","time":1,"key":"space","n":0}"#) == "frame.inputs[1].n: expected a whole number from 1 to 1000 (got 0)")
        #expect(inFrame(#"{"type":"focus","time":1,"section":1}"#) == "frame.inputs[1].row: missing (expected a whole number from 1 to 10000000)")
        #expect(inFrame(#"{"type":"focus","time":1,"section":0,"row":1}"#) == "frame.inputs[1].section: expected a whole number from 1 to 10000000 (got 0)")
        #expect(inFrame(#"{"type":"action","time":1,"section":1,"row":1,"action":"fly"}"#) == "frame.inputs[1].action: expected \(actions) (got \"fly\")")
        #expect(inFrame(#"{"type":"action","time":1,"section":1,"row":1}"#) == "frame.inputs[1].action: missing (expected \(actions))")
        // A field of the wrong type, and a keyboard input later than the frame.
        #expect(inFrame(#"{"type":"key","time":1,"key":7}"#) == "frame.inputs[1].key: expected \(keys) (got a number)")
        #expect(inFrame(#"{"type":"key","time":2.5,"key":"space"}"#) == "frame.inputs[1].time: expected seconds from the input before's time (1.0) to the frame's time (2.0), got 2.5")
    }

    @Test func malformedMessagesSayWhatIsWrong() {
        #expect(failure("garbage{")?.message == "not JSON")
        #expect(failure("[1, 2]")?.message == "expected a JSON object")
        #expect(failure(#"{"type":"hello"}"#)?.message == "v: expected the protocol version, 4")
        #expect(failure(#"{"v":5,"type":"hello"}"#)?.message == "v: unsupported protocol version 5 (this host speaks 4)")
        #expect(failure(#"{"v":0,"type":"hello"}"#)?.message == "v: unsupported protocol version 0 (this host speaks 4)")
        #expect(failure(#"{"v":4}"#)?.message == "type: expected a string")
        #expect(failure(#"{"v":4,"type":"fly"}"#)?.message == "type: unknown message type \"fly\"")
        // The seq comes back even when a field is wrong.
        let e = failure(#"{"v":4,"type":"frame","time":"soon","seq":12}"#)
        #expect(e?.message == "frame.time: expected a number from 0 to 1e9 (got a string)")
        #expect(e?.seq == 12)
        #expect(failure(#"{"v":4,"type":"policy"}"#)?.message == "policy.name: expected a policy name")
    }

    @Test func fieldsAreReadByTypeWithNullAsAbsentAndUnknownKeysIgnored() throws {
        // docs/PLAYGROUND.md: v and seq are integers, type/name/trace strings, inputs an array;
        // a null is the field left out; other keys are ignored.
        let m = try PlaygroundProtocol.decode(#"{"v":4,"type":"frame","time":2.5,"inputs":null,"extra":[1,{"a":2}],"seq":3.0}"#)
        #expect(m.request == .frame([], 2.5))
        #expect(m.seq == 3)
        #expect(failure(#"{"v":"4","type":"hello"}"#)?.message == "v: expected an integer")
        #expect(failure(#"{"v":4.5,"type":"hello"}"#)?.message == "v: expected an integer")
        #expect(failure(#"{"v":4,"type":7}"#)?.message == "type: expected a string")
        let bad = failure(#"{"v":4,"type":"frame","time":true,"seq":"nine"}"#)
        #expect(bad?.message == "seq: expected an integer")   // seq is read before the frame's time
        #expect(bad?.seq == nil)
        // Strict JSON: a repeated key or a trailing comma is not JSON (the page never sends either).
        #expect(failure(#"{"v":4,"v":4,"type":"hello"}"#)?.message == "not JSON")
        #expect(failure(#"{"v":4,"type":"hello",}"#)?.message == "not JSON")
        #expect(failure(#"{"v":4,"type":"policy","name":"uikit \u2192 \"mine\""}"#) == nil)
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"policy","name":"a\u2192b"}"#).request == .policy("a→b"))
    }

    @Test func oversizedMessagesAreRefusedBeforeParsing() {
        let big = #"{"v":4,"type":"replay","trace":""# + String(repeating: "x", count: PlaygroundProtocol.maximumMessageSize) + #""}"#
        #expect(failure(big)?.message == "message too large: \(big.utf8.count) bytes (at most 1048576)")
    }

}
