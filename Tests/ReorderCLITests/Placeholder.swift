import Testing
@testable import ReorderCLI
@Test func placeholderCLI() { #expect(Bool(true)) }
