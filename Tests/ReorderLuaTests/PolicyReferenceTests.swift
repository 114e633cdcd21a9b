import Testing
import ReorderLua

/// The one "is it a path?" rule and the one path resolver (PolicySource.swift).
struct PolicyReferenceTests {
    /// A `/` anywhere or a `.lua` ending makes a path; anything else is a built-in name.
    @Test func theOneRule() {
        #expect(PolicyReference("jx_movable") == .builtin("jx_movable"))
        #expect(PolicyReference("mine.lua") == .file("mine.lua"))
        #expect(PolicyReference("policies/mine") == .file("policies/mine"))
        #expect(PolicyReference("/abs/p.lua") == .file("/abs/p.lua"))
        #expect(PolicyReference("lua") == .builtin("lua"))
        #expect(PolicyReference("mine.lua").isFile)
        #expect(!PolicyReference("uikit").isFile)
        #expect(PolicyReference("a/b.lua").description == "a/b.lua")
    }

    @Test func pathsResolveAgainstADirectory() {
        #expect(PolicyReference.resolve("a.lua", against: "/w") == "/w/a.lua")
        #expect(PolicyReference.resolve("a.lua", against: "/w/") == "/w/a.lua")
        #expect(PolicyReference.resolve("/x/a.lua", against: "/w") == "/x/a.lua")
        #expect(PolicyReference.resolve("~/a.lua", against: "/w", home: "/h") == "/h/a.lua")
        // Without a home, `~` is an ordinary name.
        #expect(PolicyReference.resolve("~/a.lua", against: "/w") == "/w/~/a.lua")
        #expect(PolicyReference.resolve("a.lua", against: nil) == "a.lua")
        // A built-in name is never resolved.
        #expect(PolicyReference("uikit").resolved(against: "/w") == .builtin("uikit"))
        #expect(PolicyReference("p/a.lua").resolved(against: "/w") == .file("/w/p/a.lua"))
        // A table (a spec's inline policy) has no path to resolve.
        #expect(PolicySource.table(7).resolved(against: "/w") == .table(7))
        #expect(PolicySource.table(7).description == "(inline table)")
        #expect(!PolicySource.table(7).isFile && PolicySource.table(7).isTable)
    }

    /// The reference loads what it names: a built-in by name, a file by path.
    @Test func loadsWhatItNames() throws {
        let builtin = try LuaPolicy(PolicyReference("jx_movable"))
        #expect(builtin.source == .builtin("jx_movable"))
        #expect(throws: LuaError.self) { try LuaPolicy(PolicyReference("no_such_policy")) }
        #expect(PolicySource("x/y.lua") == .file("x/y.lua"))
    }
}
