@testable import ChartData
import Testing

/// Identifiers for plots whose titles write the same: unique, never a name a title takes
/// literally, and made in linear time (each base remembers its next suffix).
@Suite struct PlotIdentifiersTests {
    @Test("Repeated titles get -2, -3, …; a title that is such a name is skipped, not reused")
    func suffixesSkipLiteralNames() {
        var identifiers = PlotIdentifiers()
        let titles = ["Total", "total", "total-2", "total", "Total 3", "total", "total-2", "", "series", "total"]
        let made = titles.map { identifiers.next(for: $0) }
        #expect(made == ["total", "total-2", "total-2-2", "total-3", "total-3-2", "total-4", "total-2-3", "series", "series-2", "total-5"])
        #expect(Set(made).count == made.count)
    }

    @Test("20,000 repeated names: unique identifiers in a linear number of probes")
    func repeatedNamesAreLinear() {
        var identifiers = PlotIdentifiers()
        let count = 20_000
        var made: [String] = []
        made.reserveCapacity(count * 2)
        for _ in 0..<count { made.append(identifiers.next(for: "total")) }
        #expect(made.first == "total" && made.last == "total-\(count)")
        // The names the suffixes took, given again as titles, interleaved with more repeats.
        for k in stride(from: 2, through: count, by: 2) {
            made.append(identifiers.next(for: "total-\(k)"))
            made.append(identifiers.next(for: "total"))
        }
        #expect(Set(made).count == made.count)
        // Probing from 2 each time took about n²/2 (2 × 10⁸ here); remembering the next suffix
        // takes at most three per identifier.
        #expect(identifiers.probes <= 3 * made.count, "\(identifiers.probes) probes for \(made.count) identifiers")
    }
}
