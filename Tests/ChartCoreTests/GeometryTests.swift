import Testing
@testable import ChartCore

@Suite struct GeometryTests {
    @Test func placeholder() { #expect(Rect.zero.isEmpty) }
}
