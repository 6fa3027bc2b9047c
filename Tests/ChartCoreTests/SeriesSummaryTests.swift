@testable import ChartCore
import Testing

/// Long sorted series are summarized on two threads, with their block extremes in one pass:
/// the ranges must be those of one pass over every value, whatever lies next to a gap.
@Suite struct SeriesSummaryTests {
    @Test("Zoomed ranges skip missing and infinite values next to finite ones", arguments: [Double.nan, .infinity, -.infinity])
    func gapsBesideValues(gap: Double) throws {
        var values = [Double](repeating: 0, count: 200_000)
        values[64_000] = gap
        values[64_001] = 7
        values[150_000] = -3
        values[150_001] = gap
        let data = SeriesData(locations: (0..<values.count).map(Double.init), values: values)
        let whole = try #require(data.valueRange(inX: PlotRange(0, 199_999)))
        #expect(whole.values == PlotRange(-3, 7))
        let part = try #require(data.valueRange(inX: PlotRange(63_000, 100_000)))
        #expect(part.values == PlotRange(0, 7))
        #expect(data.valueRange == PlotRange(-3, 7))
        #expect(data.isSortedByLocation)
    }

    @Test("Unsorted halves: a series is sorted only when the second half starts at or after the first's end")
    func sortedAcrossTheHalves() {
        let n = 300_000
        var locations = (0..<n).map(Double.init)
        #expect(SeriesData(locations: locations, values: [Double](repeating: 1, count: n)).isSortedByLocation)
        locations[n / 2] = locations[n / 2 - 1] - 1  // the first of the second half steps back
        #expect(!SeriesData(locations: locations, values: [Double](repeating: 1, count: n)).isSortedByLocation)
    }
}
