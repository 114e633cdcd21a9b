import CLuaShim
import Foundation
@testable import ReorderLua
import Testing

/// The sandbox fuzzer's isolated call (`rs_fuzz_call`): a call in a forked child with a kill
/// timer reports a hang, a dead child, an error or a return without touching the caller.
@Suite("Fuzzer isolated calls")
struct FuzzCallTests {
    func call(_ source: String, in vm: LuaVM, timeout: Double = 0.3) throws -> rs_fuzz_result {
        try vm.load("return function() \(source) end", chunkName: "fc.lua")
        try vm.pcall(nargs: 0, nresults: 1)
        let top = vm.top
        let r = SandboxFuzzer.isolatedCall(vm, timeout: timeout)
        #expect(vm.top == top - 1)   // the function is popped
        return r
    }

    /// A trusted VM has no string.rep guard: an empty string repeated 2^63 - 1 times loops in C
    /// with no end (lstrlib.c str_rep); the child is killed at the timeout.
    @Test func aHangIsKilledAtTheTimeout() throws {
        let vm = try LuaVM(options: .trusted)
        let start = Date()
        let r = try call("string.rep('', math.maxinteger)", in: vm, timeout: 0.3)
        #expect(r.outcome == Int32(RS_FUZZ_TIMEOUT.rawValue))
        #expect(Date().timeIntervalSince(start) < 3)
        // The caller's VM is untouched and still works.
        #expect(try vm.run("return 1 + 1") == [.integer(2)])
    }

    /// The child kills itself (a shell whose parent it is sends SIGKILL): reported as crashed,
    /// with the signal; the caller lives on.
    @Test func aChildThatDiesIsReportedAsCrashed() throws {
        let vm = try LuaVM(options: .trusted)
        let r = try call("os.execute('kill -KILL $PPID') while true do end", in: vm, timeout: 5)
        #expect(r.outcome == Int32(RS_FUZZ_CRASHED.rawValue))
        #expect(r.signal == 9)
        #expect(try vm.run("return 2 * 21") == [.integer(42)])
    }

    @Test func errorsAndReturnsAreReported() throws {
        let vm = try LuaVM(options: .policy)
        let raised = try call("error('boom')", in: vm)
        #expect(raised.outcome == Int32(RS_FUZZ_RAISED.rawValue))
        let message = withUnsafeBytes(of: raised.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #expect(message.hasPrefix("fc.lua:1: boom"), "\(message)")
        #expect(raised.exhausted == 0)
        let returned = try call("return 42", in: vm)
        #expect(returned.outcome == Int32(RS_FUZZ_RETURNED.rawValue))
        #expect(returned.seconds >= 0 && returned.seconds < 1)
        // The policy budget stops a loop in the child, as in the host.
        let loop = try call("while true do end", in: vm, timeout: 2)
        #expect(loop.outcome == Int32(RS_FUZZ_RAISED.rawValue))
        #expect(loop.exhausted == 1)
    }
}
