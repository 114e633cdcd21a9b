import Testing
@testable import ReorderLua
@Test func placeholderLua() { #expect(Bool(true)) }
