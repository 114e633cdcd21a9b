import ReorderTestSupport
import Testing
@testable import ReorderCLI

/// A whole piped REPL session, compared character for character.
@Suite struct ReplTranscriptTests {
    @Test func dragOrderPolicyShow() {
        let (status, out) = repl("""
            s:drag(1, 2, 1, 9)
            s:order()
            :policy jx_movable
            s:drag(1, 1, 1, 3)
            s:press_item(1, 4)
            s:hold(1.25)
            s:move(187.5, 400, 0.3)
            s:show()
            s:release()
            s:advance(0.5)
            s:items()[1]
            """)
        #expect(status == 0)
        #expect(out == """
            true
            {
              "Inbox zero", "Review PR 42", "Write spec", "Lunch with Ana",
              "Fix flaky test", "Call dentist", "Plan sprint", "Pay rent", "Standup",
              "Gym", "Read paper", "Groceries", "Reply to Sam", "Update README",
              "Water plants", "Book flights", "Tax return", "Learn Lua", "Clean garage",
              "Renew passport", "Backup photos", "Paint fence", "Visit grandma",
              "Sell old bike", "Fix bike light", "Try new cafe", "Sort emails",
              "Birthday gift", "Car service", "Plan holiday"
            }
            s: policy jx_movable
            true
            jx_movable | dragging | offset 0,0 (max 0,709) | t 3.433 s
               +------------------------------------------+
             ^ | == Today ==                              |
             ^ | 1.1  Review PR 42                        |
             ^ | 1.2  Write spec                          |
             ^ | 1.3  Inbox zero                          |
               | 1.4  Fix flaky test                      |
               | 1.5  Call dentist                        |
               | 1.6  Plan sprint                         |
               | 1.7  Pay rent                            |
               | 1.8  Standup                             |
               | 1.9  . . . .[Lunch with Ana]             |
               | 1.10 Gym                                 |
               | 1.11 Read paper                          |
             v | 1.12 Groceries                           |
             v | 1.13 Reply to Sam                        |
             v | 1.14 Update README                       |
             v | 1.15 Water plants                        |
               +------------------------------------------+
               zones 150 pt (^ top, v bottom) | scroll 0/709 [----------------]
               snapshot [Lunch with Ana] at 187.5,400 | scale 1 | alpha 1 | lifted
            {
              "Review PR 42", "Write spec", "Inbox zero", "Fix flaky test",
              "Call dentist", "Plan sprint", "Pay rent", "Standup", "Lunch with Ana",
              "Gym", "Read paper", "Groceries", "Reply to Sam", "Update README",
              "Water plants"
            }

            """)
    }

    @Test func showAfterScrollingMarksTheScrollPosition() {
        let (status, out) = repl("""
            s:scroll(0, 300)
            :show
            """)
        #expect(status == 0)
        #expect(out == """
            default | idle | offset 0,300 (max 0,709) | t 0 s
               +------------------------------------------+
             ^ | 1.7  Call dentist                        |
             ^ | 1.8  Plan sprint                         |
             ^ | 1.9  Pay rent                            |
               | 1.10 Gym                                 |
               | 1.11 Read paper                          |
               | 1.12 Groceries                           |
               | 1.13 Reply to Sam                        |
               | 1.14 Update README                       |
               | 1.15 Water plants                        |
               | == Later ==                              |
               | 2.1  Book flights                        |
               | 2.2  Tax return                          |
               | 2.3  Learn Lua                           |
             v | 2.4  Clean garage                        |
             v | 2.5  Renew passport                      |
             v | 2.6  Backup photos                       |
               +------------------------------------------+
               zones 120 pt (^ top, v bottom) | scroll 300/709 [#######---------]

            """)
    }
}

@Suite struct BuiltInSpecTests {
    /// `reorder test Policies/` passes: the built-in policies keep the numbers their specs pin.
    @Test func builtInPolicySpecsPass() {
        let out = OutputBuffer()
        let status = SpecRunner(paths: ["Policies/"]).run(console: .buffered(output: out, currentDirectory: packageRoot.path))
        #expect(status == 0, "\(out.text)")
        let last = out.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"))
        for policy in ["jx_movable", "default", "uikit", "cookbook", "drag_drop_table", "swift_reorder",
                       "rbd_autoscroll", "pragmatic_autoscroll", "android_touch_helper", "grid_home", "kanban"] {
            #expect(out.text.contains("Policies/spec/\(policy)_spec.lua ."), "no spec for \(policy)")
        }
    }
}
