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

    @Test func inputsDecodeWithTheirTimeAndPoint() throws {
        let m = try PlaygroundProtocol.decode(#"{"v":1,"type":"down","t":1.5,"x":100,"y":120.25,"seq":7}"#)
        #expect(m.request == .input(.down(1.5, Point(x: 100, y: 120.25))))
        #expect(m.seq == 7)
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"frame","t":2}"#).request == .input(.frame(2)))
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"up","t":3}"#).request == .input(.up(3)))
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"cancel","t":3}"#).request == .input(.cancel(3)))
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"policy","name":"uikit"}"#).request == .policy("uikit"))
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"replay","trace":"x"}"#).request == .replay("x"))
    }

    @Test func versionTwoFrameCarriesItsPointerMove() throws {
        // docs/PLAYGROUND.md, version 2: a frame with x and y is the move (at move_t, or at the
        // frame's t when move_t is left out) and then the tick, answered with one scene.
        let m = try PlaygroundProtocol.decode(#"{"v":2,"type":"frame","t":1.6,"x":100,"y":130.5,"move_t":1.59,"seq":4}"#)
        #expect(m.request == .inputs([.move(1.59, Point(x: 100, y: 130.5)), .frame(1.6)]))
        #expect(m.seq == 4)
        #expect(try PlaygroundProtocol.decode(#"{"v":2,"type":"frame","t":1.6,"x":1,"y":2}"#).request
                == .inputs([.move(1.6, Point(x: 1, y: 2)), .frame(1.6)]))
        // A frame without a point is a plain tick in either version; version 1 ignores x and y
        // on a frame (keys a message type does not use are ignored).
        #expect(try PlaygroundProtocol.decode(#"{"v":2,"type":"frame","t":2}"#).request == .input(.frame(2)))
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"frame","t":2,"x":1,"y":2}"#).request == .input(.frame(2)))
        // Version 1's separate move is still accepted from a version 2 page.
        #expect(try PlaygroundProtocol.decode(#"{"v":2,"type":"move","t":1,"x":1,"y":2}"#).request == .input(.move(1, Point(x: 1, y: 2))))
        #expect(failure(#"{"v":2,"type":"frame","t":1,"x":1}"#)?.message == "frame.y: expected a number from -1e7 to 1e7")
        #expect(failure(#"{"v":2,"type":"frame","t":1,"x":1,"y":2,"move_t":1.5}"#)?.message
                == "frame.move_t: expected seconds from 0 to the frame's time (1.0), got 1.5")
        #expect(failure(#"{"v":2,"type":"frame","t":1,"x":1,"y":2,"move_t":"now"}"#)?.message == "move_t: expected a finite number")
    }

    @Test func versionThreeFrameCarriesThePointerInputsInOrder() throws {
        // docs/PLAYGROUND.md, version 3: `inputs` is every pointer input since the last frame,
        // each with its own time, applied in order before the frame's tick.
        let m = try PlaygroundProtocol.decode(#"""
            {"v":3,"type":"frame","t":2,"seq":9,"inputs":[{"type":"down","t":1.9,"x":10,"y":20},
             {"type":"move","t":1.95,"x":10,"y":30.5},{"type":"up","t":1.95},{"type":"cancel","t":1.96},
             {"type":"select","t":1.97,"x":5,"y":6},{"type":"tap","t":2,"x":7,"y":8}]}
            """#)
        // A version 3 page's select and tap give a point: the host finds the item there.
        #expect(m.request == .frame([.input(.down(1.9, Point(x: 10, y: 20))), .input(.move(1.95, Point(x: 10, y: 30.5))),
                                     .input(.up(1.95)), .input(.cancel(1.96)), .selectAt(1.97, Point(x: 5, y: 6)),
                                     .tapAt(2, Point(x: 7, y: 8))], 2))
        #expect(m.seq == 9)
        // An empty list is a plain tick of version 3; without `inputs`, a version 3 frame is
        // read as version 2's (a tick, or x/y/move_t's move and the tick).
        #expect(try PlaygroundProtocol.decode(#"{"v":3,"type":"frame","t":2,"inputs":[]}"#).request == .frame([], 2))
        #expect(try PlaygroundProtocol.decode(#"{"v":3,"type":"frame","t":2}"#).request == .input(.frame(2)))
        #expect(try PlaygroundProtocol.decode(#"{"v":3,"type":"frame","t":2,"x":1,"y":2}"#).request
                == .inputs([.move(2, Point(x: 1, y: 2)), .frame(2)]))
        // Version 1 and 2 pages never send `inputs`: their frames ignore it (a key their frame
        // does not use), and the separate touch messages are still accepted at version 3.
        #expect(try PlaygroundProtocol.decode(#"{"v":2,"type":"frame","t":2,"inputs":[{"type":"up","t":1}]}"#).request
                == .input(.frame(2)))
        #expect(try PlaygroundProtocol.decode(#"{"v":3,"type":"down","t":1,"x":1,"y":2}"#).request
                == .input(.down(1, Point(x: 1, y: 2))))
        #expect(try PlaygroundProtocol.decode(#"{"v":3,"type":"up","t":1}"#).request == .input(.up(1)))
    }

    /// Version 4: every input as traces write it (`time`, 1-based positions); `select`,
    /// `deselect` and `tap` name the item (docs/PLAYGROUND.md, "Versions").
    @Test func versionFourInputsAreTheVocabularys() throws {
        let m = try PlaygroundProtocol.decode(#"""
            {"v":4,"type":"frame","time":3,"seq":2,"inputs":[{"type":"select","section":1,"row":2,"time":2.5},
             {"type":"deselect","section":2,"row":1,"time":2.6},{"type":"tap","section":1,"row":4,"time":2.7},
             {"type":"down","x":1.5,"y":2,"time":2.8},{"type":"frame","time":2.9}]}
            """#)
        #expect(m.request == .frame([.input(.select(2.5, ItemPosition(section: 0, item: 1))),
                                     .input(.deselect(2.6, ItemPosition(section: 1, item: 0))),
                                     .input(.tap(2.7, ItemPosition(section: 0, item: 3))),
                                     .input(.down(2.8, Point(x: 1.5, y: 2))), .input(.frame(2.9))], 3))
        // `t`, the old spelling, is read in any version; not both.
        #expect(try PlaygroundProtocol.decode(#"{"v":4,"type":"up","t":1}"#).request == .input(.up(1)))
        #expect(failure(#"{"v":4,"type":"up","t":1,"time":1}"#)?.message
                == "up.time: given twice, as \"time\" and as its old spelling \"t\"")
        // A version 4 select with a point and no item is refused (x, y are keys it does not use).
        #expect(failure(#"{"v":4,"type":"select","x":1,"y":2,"time":1}"#)?.message
                == "select.section: missing (expected a whole number from 1 to 10000000)")
    }

    @Test func versionThreeFrameInputsAreChecked() {
        // Each input's time is at least the one before's and at most the frame's; the item named
        // by its index in the list.
        let kinds = "down, move, up, cancel, frame, focus, key, action, select, deselect, tap or toggle"
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"up","t":1.5},{"type":"up","t":1.4}]}"#)?.message
                == "frame.inputs[1].time: expected seconds from the input before's time (1.5) to the frame's time (2.0), got 1.4")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"up","t":2.5}]}"#)?.message
                == "frame.inputs[0].time: expected seconds from 0 to the frame's time (2.0), got 2.5")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"up","t":-1}]}"#)?.message
                == "frame.inputs[0].t: expected a number from 0 to 1e9 (got -1)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"up"}]}"#)?.message
                == "frame.inputs[0].time: missing (expected a number from 0 to 1e9)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"down","t":1,"x":3}]}"#)?.message
                == "frame.inputs[0].y: missing (expected a number from -1e7 to 1e7)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"move","t":1,"x":3,"y":2e7}]}"#)?.message
                == "frame.inputs[0].y: expected a number from -1e7 to 1e7 (got 2e7)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"scene","t":1}]}"#)?.message
                == "frame.inputs[0].type: unknown input \"scene\" (expected \(kinds))")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"t":1}]}"#)?.message
                == "frame.inputs[0].type: missing (expected \(kinds))")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"up","t":"soon"}]}"#)?.message
                == "frame.inputs[0].t: expected a number from 0 to 1e9 (got a string)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[3]}"#)?.message == "frame.inputs[0]: expected an object")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":{"type":"up"}}"#)?.message == "inputs: expected an array of inputs")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"x":1,"y":1,"inputs":[]}"#)?.message
                == "frame: give either inputs (version 3) or x, y and move_t (version 2), not both")
        // At most 256 inputs (PlaygroundProtocol.maximumFrameInputs); 256 are fine.
        let up = #"{"type":"up","t":1}"#
        let most = #"{"v":3,"type":"frame","t":2,"inputs":["# + Array(repeating: up, count: 256).joined(separator: ",") + "]}"
        if case .success(let m) = decode(most), case .frame(let inputs, _) = m.request {
            #expect(inputs.count == 256)
        } else {
            Issue.record("256 inputs were refused")
        }
        let over = #"{"v":3,"type":"frame","t":2,"inputs":["# + Array(repeating: up, count: 257).joined(separator: ",") + "]}"
        #expect(failure(over)?.message == "frame.inputs: at most 256 inputs, got 257")
        // The seq still comes back with an input's error.
        #expect(failure(#"{"v":3,"type":"frame","t":2,"seq":4,"inputs":[{"type":"fly","t":1}]}"#)?.seq == 4)
    }

    @Test func versionThreeFrameCarriesTheKeyboardInputsInOrderWithThePointers() throws {
        // docs/PLAYGROUND.md, version 3: `inputs` also carries `focus`, `key` and `action` with
        // the fields of the stand-alone messages (positions 1-based there, 0-based in
        // ItemPosition; `n` 1 when left out), in order with the pointer inputs.
        let m = try PlaygroundProtocol.decode(#"""
            {"v":3,"type":"frame","t":3,"seq":5,"inputs":[{"type":"focus","t":2.5,"section":1,"row":2},
             {"type":"key","t":2.6,"key":"space"},{"type":"down","t":2.6,"x":1,"y":2},{"type":"key","t":2.7,"key":"down","n":3},
             {"type":"action","t":2.8,"section":2,"row":1,"action":"move_to_section 1"},{"type":"key","t":3,"key":"shift+space"}]}
            """#)
        #expect(m.request == .frame([.input(.focus(2.5, ItemPosition(section: 0, item: 1))), .input(.key(2.6, .space, 1)),
                                     .input(.down(2.6, Point(x: 1, y: 2))), .input(.key(2.7, .down, 3)),
                                     .input(.action(2.8, ItemPosition(section: 1, item: 0), .moveToSection(0))),
                                     .input(.key(3, .shiftSpace, 1))], 3))
        #expect(m.seq == 5)
        // The stand-alone messages of versions 1 to 3 are still accepted, as the same inputs.
        #expect(try PlaygroundProtocol.decode(#"{"v":3,"type":"key","t":1,"key":"up","n":2}"#).request == .input(.key(1, .up, 2)))
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"focus","t":1,"section":1,"row":3}"#).request
                == .input(.focus(1, ItemPosition(section: 0, item: 2))))
        #expect(try PlaygroundProtocol.decode(#"{"v":2,"type":"action","t":1,"section":1,"row":3,"action":"move_up"}"#).request
                == .input(.action(1, ItemPosition(section: 0, item: 2), .moveUp)))
    }

    @Test func keyboardInputErrorsNameTheInput() {
        // In a frame the error names `frame.inputs[i]`; stand-alone, the message's type, as before.
        let keys = "one of space, enter, up, down, left, right, home, end, escape, tab or shift+space"
        let actions = "one of move_up, move_down, move_to_start, move_to_end, \"move_to_section N\" or \"move_to_list NAME\""
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"up","t":1},{"type":"key","t":1}]}"#)?.message
                == "frame.inputs[1].key: missing (expected \(keys))")
        #expect(failure(#"{"v":3,"type":"key","t":1}"#)?.message == "key.key: missing (expected \(keys))")
        // A page's key repeats at most 1000 times (PlaygroundProtocol.maximumKeyRepeat).
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"key","t":1,"key":"space","n":1001}]}"#)?.message
                == "frame.inputs[0].n: expected a whole number from 1 to 1000 (got 1001)")
        #expect(failure(#"{"v":3,"type":"key","t":1,"key":"space","n":0}"#)?.message == "key.n: expected a whole number from 1 to 1000 (got 0)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"focus","t":1,"section":1}]}"#)?.message
                == "frame.inputs[0].row: missing (expected a whole number from 1 to 10000000)")
        #expect(failure(#"{"v":3,"type":"focus","t":1,"section":0,"row":1}"#)?.message
                == "focus.section: expected a whole number from 1 to 10000000 (got 0)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"action","t":1,"section":1,"row":1,"action":"fly"}]}"#)?.message
                == "frame.inputs[0].action: expected \(actions) (got \"fly\")")
        #expect(failure(#"{"v":3,"type":"action","t":1,"section":1,"row":1}"#)?.message
                == "action.action: missing (expected \(actions))")
        // A field of the wrong type, and a keyboard input later than the frame.
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"key","t":1,"key":7}]}"#)?.message
                == "frame.inputs[0].key: expected \(keys) (got a number)")
        #expect(failure(#"{"v":3,"type":"frame","t":2,"inputs":[{"type":"key","t":2.5,"key":"space"}]}"#)?.message
                == "frame.inputs[0].time: expected seconds from 0 to the frame's time (2.0), got 2.5")
    }

    @Test func malformedMessagesSayWhatIsWrong() {
        #expect(failure("garbage{")?.message == "not JSON")
        #expect(failure("[1, 2]")?.message == "expected a JSON object")
        #expect(failure(#"{"type":"hello"}"#)?.message == "v: expected the protocol version, 4")
        #expect(failure(#"{"v":5,"type":"hello"}"#)?.message == "v: unsupported protocol version 5 (this host speaks 1 to 4)")
        #expect(failure(#"{"v":0,"type":"hello"}"#)?.message == "v: unsupported protocol version 0 (this host speaks 1 to 4)")
        #expect(failure(#"{"v":1}"#)?.message == "type: expected a string")
        #expect(failure(#"{"v":1,"type":"fly"}"#)?.message == "type: unknown message type \"fly\"")
        // The seq comes back even when a field is wrong.
        let e = failure(#"{"v":1,"type":"down","t":"soon","x":1,"y":2,"seq":12}"#)
        #expect(e?.message == "down.t: expected a number from 0 to 1e9 (got a string)")
        #expect(e?.seq == 12)
        #expect(failure(#"{"v":1,"type":"down","t":1,"x":1}"#)?.message == "down.y: missing (expected a number from -1e7 to 1e7)")
        #expect(failure(#"{"v":1,"type":"move","t":-1,"x":1,"y":1}"#)?.message == "move.t: expected a number from 0 to 1e9 (got -1)")
        #expect(failure(#"{"v":1,"type":"move","t":1,"x":1e9,"y":1}"#)?.message == "move.x: expected a number from -1e7 to 1e7 (got 1e9)")
        #expect(failure(#"{"v":1,"type":"policy"}"#)?.message == "policy.name: expected a policy name")
    }

    @Test func fieldsAreReadByTypeWithNullAsAbsentAndUnknownKeysIgnored() throws {
        // docs/PLAYGROUND.md: v and seq are integers, t/x/y finite numbers, type/name/trace
        // strings; a null is the field left out; other keys are ignored.
        let m = try PlaygroundProtocol.decode(#"{"v":1,"type":"frame","t":2.5,"x":null,"extra":[1,{"a":2}],"seq":3.0}"#)
        #expect(m.request == .input(.frame(2.5)))
        #expect(m.seq == 3)
        #expect(failure(#"{"v":"1","type":"hello"}"#)?.message == "v: expected an integer")
        #expect(failure(#"{"v":1.5,"type":"hello"}"#)?.message == "v: expected an integer")
        #expect(failure(#"{"v":1,"type":7}"#)?.message == "type: expected a string")
        #expect(failure(#"{"v":1,"type":"down","t":1,"x":1e400,"y":1}"#)?.message == "x: expected a finite number")
        let bad = failure(#"{"v":1,"type":"up","t":true,"seq":"nine"}"#)
        #expect(bad?.message == "seq: expected an integer")   // seq is read before t, as before
        #expect(bad?.seq == nil)
        // Strict JSON: a repeated key or a trailing comma is not JSON (the page never sends either).
        #expect(failure(#"{"v":1,"v":1,"type":"hello"}"#)?.message == "not JSON")
        #expect(failure(#"{"v":1,"type":"hello",}"#)?.message == "not JSON")
        #expect(failure(#"{"v":1,"type":"policy","name":"uikit \u2192 \"mine\""}"#) == nil)
        #expect(try PlaygroundProtocol.decode(#"{"v":1,"type":"policy","name":"a\u2192b"}"#).request == .policy("a→b"))
    }

    @Test func oversizedMessagesAreRefusedBeforeParsing() {
        let big = #"{"v":1,"type":"replay","trace":""# + String(repeating: "x", count: PlaygroundProtocol.maximumMessageSize) + #""}"#
        #expect(failure(big)?.message == "message too large: \(big.utf8.count) bytes (at most 1048576)")
    }

}
