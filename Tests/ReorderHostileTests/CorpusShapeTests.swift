import Foundation
import ReorderLua
import Testing

/// The corpus itself: exactly the files it must hold, each self-describing.
@Suite("Corpus shape")
struct CorpusShapeTests {
    /// The hooks a policy may define, as the corpus names them: the policy field table's hooks
    /// (``PolicyGuide/hookNames``, the one declaration), `edge_scroll.zone` and
    /// `edge_scroll.speed` by their last part.
    static let hooks: [String] = PolicyGuide.hookNames.map { path in
        path.split(separator: ".").last.map(String.init) ?? path
    }

    /// The faults every hook has a file for: `FAULT_HOOK.lua`.
    static let faultsPerHook = ["runtime_error", "endless_loop", "wrong_type"]

    /// The files besides the per-hook faults, by what they attack.
    static let others: Set<String> = Set([
        // Loading: syntax, the returned value, the api version, `extends`, static fields.
        ["syntax_error", "returns_no_table", "returns_nothing", "api_version_unsupported"],
        ["cycle_a", "cycle_b", "missing", "self"].map { "extends_" + $0 },
        ["invalid_semantics", "nan_press_duration", "wrong_type"].map { "static_" + $0 },
        ["allowable_movement", "drop_duration", "lift_duration", "press_duration", "rotation", "scale",
         "shadow_offset", "speed", "zone"].map { "static_range_" + $0 },
        ["coroutine_spray", "endless_loop", "escape_io", "memory_bomb"].map { "load_time_" + $0 },
        // Results out of range.
        ["nan", "neg_infinity", "negative", "pos_infinity"].map { "speed_" + $0 },
        ["infinite", "nan"].map { "zone_" + $0 },
        ["fractional", "infinity", "mininteger", "nan", "negative", "one_value", "out_of_range",
         "section_out_of_range", "wrong_type", "zero"].map { "target_" + $0 },
        // Runaways the count hook alone would not stop in time; recursion; memory.
        ["budget_coroutine_spray", "budget_coroutine_wrap_spray", "endless_loop_in_coroutine",
         "unbounded_recursion", "recursion_c_stack"],
        ["concat_c_metamethod", "gsub_large", "pattern_backtracking", "pattern_balanced", "plain_find_needle",
         "sort_c_comparator", "string_rep_loop", "table_move"].map { "runaway_" + $0 },
        ["concat_loop", "gc_stopped", "growing_table", "string_rep"].map { "memory_bomb_" + $0 },
        // Escapes from the sandbox.
        ["collectgarbage_stop", "debug_sethook", "dofile", "io", "load_binary_chunk", "load_reader_function",
         "os_execute", "package_loadlib", "require", "shared_globals", "string_dump", "string_metatable",
         "yield_from_hook"].map { "escape_" + $0 },
        // Errors that misbehave, finalizers, output floods, ctx misuse.
        ["error_tostring_errors", "error_tostring_loops", "error_value_table", "gc_finalizer_errors",
         "gc_finalizer_loops", "print_flood", "warn_flood", "ctx_bad_arguments", "ctx_mutation"],
    ].joined())

    /// Each declared hook has each fault, and nothing else is in the corpus but ``others``: a
    /// hook added to the field table without its three files, a file lost or one added without
    /// being named here fails.
    @Test func theCorpusHoldsExactlyEachHooksFaultsAndTheOthers() throws {
        #expect(Set(Self.hooks).count == Self.hooks.count, "\(Self.hooks)")
        #expect(Self.hooks.contains("zone") && Self.hooks.contains("can_add"), "\(Self.hooks)")
        let perHook = Self.hooks.flatMap { hook in Self.faultsPerHook.map { "\($0)_\(hook)" } }
        let expected = Set(perHook).union(Self.others)
        let names = Set(try CorpusEntry.all().map(\.name))
        #expect(names.subtracting(expected).sorted() == [], "files in the corpus that this test does not name")
        #expect(expected.subtracting(names).sorted() == [], "files missing from the corpus")
        #expect(names.count == Self.hooks.count * Self.faultsPerHook.count + Self.others.count)
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
}
