import ChartCore

/// The records fetched for the latest views of a table read per view (`BigTable`,
/// `ServerThinnedTable`), by request: at most `kept` views, the oldest forgotten first. A view
/// that comes back is answered at once, and the latest of a plot stands in for a view not
/// fetched yet.
struct FetchedViews {
    private var records: [ViewDataRequest: ViewRecords] = [:]
    /// The requests, oldest first.
    private var order: [ViewDataRequest] = []

    /// How many views are kept.
    static let kept = 16

    /// The records fetched for `request`, if they are kept. O(1).
    subscript(request: ViewDataRequest) -> ViewRecords? { records[request] }

    /// Keeps `fetched` as `request`'s, forgetting the oldest view past `kept`. O(kept).
    mutating func store(_ fetched: ViewRecords, for request: ViewDataRequest) {
        records[request] = fetched
        order.removeAll { $0 == request }
        order.append(request)
        if order.count > Self.kept { records[order.removeFirst()] = nil }
    }

    /// The records fetched last for plot `plotID`, of the x range `x` (within rounding) when
    /// given. O(kept).
    func latest(for plotID: String, inX x: PlotRange? = nil) -> ViewRecords? {
        order.last { $0.plotID == plotID && Self.matches($0, x) }.flatMap { records[$0] }
    }

    private static func matches(_ request: ViewDataRequest, _ x: PlotRange?) -> Bool {
        x.map { isSameRange(request.xRange, $0) } ?? true
    }

    /// Whether `a` and `b` are the same x range but for rounding (a view's range, and the one
    /// its plot area's edges map back to): within a millionth of a pixel of a 10,000-pixel axis.
    static func isSameRange(_ a: PlotRange, _ b: PlotRange) -> Bool {
        let tolerance = 1e-10 * max(a.upper - a.lower, b.upper - b.lower, .leastNormalMagnitude)
        return abs(a.lower - b.lower) <= tolerance && abs(a.upper - b.upper) <= tolerance
    }

    /// The range of the finite values of `fetched` located in `x`, and of those locations: the
    /// records' own for a line (its extremes are among them), the server's or pass's count of
    /// every row for points (`rangeInView`); nil when none. O(records).
    static func valueRange(of fetched: ViewRecords, inX x: PlotRange) -> (values: PlotRange, locations: PlotRange)? {
        if case .scatterPixels = fetched.request?.thinning { return fetched.rangeInView }
        var lo = Double.infinity, hi = -Double.infinity, first = Double.nan, last = Double.nan
        for i in fetched.values.indices where x.contains(fetched.locations[i]) && fetched.values[i].isFinite {
            lo = min(lo, fetched.values[i])
            hi = max(hi, fetched.values[i])
            if first.isNaN { first = fetched.locations[i] }
            last = fetched.locations[i]
        }
        return lo <= hi ? (PlotRange(lo, hi), PlotRange(first, last)) : nil
    }
}
