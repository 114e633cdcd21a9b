import Testing
@testable import ReorderPersistence
@Test func placeholderPersistence() { #expect(Bool(true)) }
