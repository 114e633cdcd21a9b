import Testing
@testable import ReorderCore
@Test func placeholderCore() { #expect(Bool(true)) }
