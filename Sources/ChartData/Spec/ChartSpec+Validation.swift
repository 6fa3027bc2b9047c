import ChartCore

extension ChartSpec {
    /// The numbers of bins a histogram takes (`bins`, `--bins`): the model's own limit,
    /// `HistogramBinning.maximumCount`, which the automatic rule and `binWidth` keep to too.
    public static let binCounts = 1...HistogramBinning.maximumCount

    /// Checks every value a user can write in this chart's spec against what chartview can
    /// draw, before anything is built from it: sizes and widths positive and finite, colors
    /// ranges with min below max (names and colors are
    /// checked as they are decoded: `SpecChoice`). Throws `DataError.spec` naming the file (`path`) and the key path
    /// ("charts[2].series[0].symbolSize: must be a number above 0, up to 200"), so that no user
    /// value ever reaches a precondition of the model. O(series).
    func validate(path: String, keyPath prefix: String) throws(DataError) {
        func fail(_ key: String, _ message: String) -> DataError { .spec(path: path, keyPath: prefix + "." + key, message: message) }
        func positive(_ value: Double?, _ key: String, upTo limit: Double) throws(DataError) {
            guard let value else { return }
            guard value.isFinite, value > 0, value <= limit else {
                throw fail(key, "must be a number above 0, up to \(NumberFormat.automatic.format(limit)) (got \(NumberFormat.automatic.format(value)))")
            }
        }
        func finite(_ value: Double?, _ key: String) throws(DataError) {
            guard let value else { return }
            guard value.isFinite else { throw fail(key, "must be a finite number") }
        }
        try positive(barWidth, "barWidth", upTo: 10)
        try positive(yMaxFactor, "yMaxFactor", upTo: 1e6)
        for (index, series) in (series ?? []).enumerated() {
            let key = "series[\(index)]"
            try positive(series.symbolSize, key + ".symbolSize", upTo: 200)
            if let width = series.lineWidth, !(width.isFinite && width >= 0 && width <= 100) {
                throw fail(key + ".lineWidth", "must be a number from 0 to 100 (got \(NumberFormat.automatic.format(width)))")
            }
        }
        for (name, axis) in [("xAxis", xAxis), ("yAxis", yAxis), ("y2Axis", y2Axis)] {
            guard let axis else { continue }
            try finite(axis.min, name + ".min")
            try finite(axis.max, name + ".max")
            if axis.min != nil || axis.max != nil {
                guard let lo = axis.min, let hi = axis.max, lo < hi else { throw fail(name, "give both min and max, with min below max") }
            }
            if let interval = axis.interval, !(interval.isFinite && interval > 0) {
                throw fail(name + ".interval", "must be a number above 0")
            }
            try finite(axis.rotation, name + ".rotation")
            if let decimals = axis.decimals, !AxisSpec.decimalPlaces.contains(decimals) {
                throw fail(name + ".decimals", SpecKeys.wholeNumberMessage(AxisSpec.decimalPlaces, got: String(decimals)))
            }
            if axis.scale == .log, let lo = axis.min, lo <= 0 { throw fail(name + ".min", "must be above 0 on a log scale") }
        }
        if let pie {
            try finite(pie.startAngle, "pie.startAngle")
            if let inner = pie.innerRadius, !(inner.isFinite && inner >= 0 && inner <= 0.95) {
                throw fail("pie.innerRadius", "must be a number from 0 (a pie) to 0.95")
            }
            if let offset = pie.labelOffset, !(offset.isFinite && abs(offset) <= 500) {
                throw fail("pie.labelOffset", "must be a number of pixels from -500 to 500")
            }
        }
        if let bins, !Self.binCounts.contains(bins) { throw fail("bins", SpecKeys.wholeNumberMessage(Self.binCounts, got: String(bins))) }
        if link != nil && split != true { throw fail("link", "is for a split chart: add \"split\": true (--split)") }
        try positive(binWidth, "binWidth", upTo: .greatestFiniteMagnitude)
        if let query = period?.query, query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw fail("period.query", "must not be empty")
        }
    }
}

extension ChartSpec {
    /// The checks of this chart that need none of its data, for a chart made on the command
    /// line, run before any data is read: `validate`, and an aggregate asked of a kind that
    /// draws every row. `source` names the data as the errors once it is read do. O(series).
    public func validateBeforeLoading(source: String) throws(DataError) {
        try validate(path: source, keyPath: "charts[\(name)]")
        if aggregate != nil, let kind, !kind.acceptsAggregation { throw ChartPlan.refusingAggregation(kind: kind, source: source) }
    }
}

extension ChartSpec.AxisSpec {
    /// The decimal places an axis's labels take (`decimals`).
    public static let decimalPlaces = 0...12
}
