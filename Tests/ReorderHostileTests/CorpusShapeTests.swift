import Foundation
import Testing

/// The corpus itself: enough files, each self-describing.
@Suite("Corpus shape")
struct CorpusShapeTests {
    static let hooks: Set<String> = ["can_move", "target", "semantics", "zone", "speed",
                                     "on_begin", "on_move", "on_end", "on_cancel"]

    @Test func atLeastFortyBadPolicies() throws {
        let entries = try CorpusEntry.all()
        #expect(entries.count >= 40)
    }

    @Test func everyFileSaysWhatItDoesAndWhatTheHostMustDo() throws {
        for entry in try CorpusEntry.all() {
            #expect(entry.source.hasPrefix("-- Fault: "), "\(entry)")
            #expect(entry.source.contains("\n-- Host must: "), "\(entry)")
            #expect(entry.faultLine != nil, "\(entry) has no -- FAULT marker")
            if entry.loadFails {
                #expect(entry.hook == nil, "\(entry)")
            } else {
                let hook = try #require(entry.hook, "\(entry) names no hook")
                #expect(Self.hooks.contains(hook), "\(entry): unknown hook \(hook)")
            }
        }
    }

    /// The list: each hook has a runtime error, an endless loop and a wrong return type.
    @Test func everyHookHasEachFault() throws {
        let names = Set(try CorpusEntry.all().map(\.name))
        for hook in Self.hooks {
            for fault in ["runtime_error", "endless_loop", "wrong_type"] {
                #expect(names.contains("\(fault)_\(hook)"), "missing \(fault)_\(hook).lua")
            }
        }
        for required in ["syntax_error", "unbounded_recursion", "memory_bomb_growing_table",
                         "memory_bomb_string_rep", "memory_bomb_concat_loop", "speed_nan",
                         "speed_pos_infinity", "speed_neg_infinity", "speed_negative",
                         "target_out_of_range", "target_zero", "target_negative", "target_fractional",
                         "target_wrong_type", "escape_io", "escape_os_execute", "escape_require",
                         "escape_package_loadlib", "escape_load_binary_chunk", "escape_string_dump",
                         "escape_debug_sethook", "escape_string_metatable", "escape_collectgarbage_stop",
                         "escape_shared_globals", "escape_yield_from_hook", "error_value_table",
                         "error_tostring_errors", "gc_finalizer_errors", "gc_finalizer_loops",
                         "returns_no_table", "extends_cycle_a", "extends_cycle_b"] {
            #expect(names.contains(required), "missing \(required).lua")
        }
    }
}
