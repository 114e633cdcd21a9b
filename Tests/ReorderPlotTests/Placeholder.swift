import Testing
@testable import ReorderPlot
@Test func placeholderPlot() { #expect(Bool(true)) }
