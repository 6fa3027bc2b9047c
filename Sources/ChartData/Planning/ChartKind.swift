/// The charts chartview builds from a table, as `--kind` and spec files name them.
public enum ChartKind: String, CaseIterable, Sendable {
    /// Vertical bars, side by side per category for several series.
    case bar
    /// Horizontal bars, the categories top to bottom in the data's order.
    case hbar
    /// Vertical bars stacked per category.
    case stacked
    /// Lines through the points, in x order.
    case line
    /// Points only.
    case scatter
    /// Slices of the first series.
    case pie
    /// Bars for the first series (or those a spec marks "bar"), lines for the others.
    case combined
    /// Open-high-low-close bars: a vertical high–low line, open ticked left, close right.
    case ohlc
    /// Candlesticks: a body from open to close (filled when falling), a wick from low to high.
    case candlestick
    /// A band between a low and a high series, or high–low bars per record.
    case range
    /// Points (or bars) with error bars of a column's ± error, or of low and high columns.
    case errorbar
    /// Points whose area stands for a size column.
    case bubble
    /// Categories around a circle, one polygon per series.
    case radar
    /// Counts of a numeric column's values in bins.
    case histogram
    /// Box plots per category: quartiles, whiskers at 1.5 IQR, outliers.
    case box
    /// A grid of cells, x by y, colored by a value.
    case heatmap

    /// The names, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether the series are bars.
    var isBars: Bool { self == .bar || self == .hbar || self == .stacked }

    /// Whether the chart's x is text categories when the table has them (bars, slices, boxes,
    /// a radar's spokes), before dates, years or numbers.
    var wantsCategories: Bool { isBars || self == .pie || self == .box || self == .radar }

    /// Whether the chart draws one mark per category (and group), so that rows repeating a
    /// category are aggregated (`Aggregation`) rather than drawn over each other.
    var aggregatesRepeatedCategories: Bool { isBars || self == .pie || self == .combined }

    /// Whether `--aggregate` applies: the kinds that aggregate repeated categories, lines and points.
    var acceptsAggregation: Bool { aggregatesRepeatedCategories || self == .line || self == .scatter }

    /// Whether the series share one value axis that the series' magnitudes must fit (bars side
    /// by side, lines, points; not stacks, whose totals are the point), so that series of other
    /// magnitudes go to a second axis, a panel each, or are left out (`ChartPlan.Magnitudes`).
    var sharesValueAxis: Bool { self == .bar || self == .hbar || self == .line || self == .scatter }

    /// Whether series of other magnitudes may get an axis or a panel of their own: lines and
    /// points (bars on two axes, or bars of one series per panel, read as one scale).
    var takesOwnAxes: Bool { self == .line || self == .scatter }

    /// Whether the kind draws its records as points alone, whose axes may be logarithmic when
    /// the values crowd near their smallest over decades (`ChartPlan.crowdedDecades(_:)`).
    var drawsPointsAlone: Bool { self == .scatter }

    /// Whether the kind joins its records in x order, so that records repeating an x within a
    /// series are averaged when x is a time (a panel's years).
    var joinsRecords: Bool { self == .line }

    /// Whether a second text key becomes the chart's series (grouped or stacked bars).
    var groupsBySecondKey: Bool { isBars || self == .combined }

    /// Whether the kind reads several columns per record in row order (a trading range's
    /// open…close, a range's low and high), so row numbers are its x before measurements.
    var readsRecordsInOrder: Bool { self == .ohlc || self == .candlestick || self == .range || self == .errorbar }

    /// The names of the columns the kind takes by name (lowercased): never what splits the
    /// rows into groups, however few values they hold (a `low` of three prices).
    var columnsByRole: Set<String> { self == .ohlc || self == .candlestick ? ["open", "high", "low", "close"] : [] }

    /// Whether the kind draws series of values along x (bars, lines, points): the kinds a table
    /// wide in years is turned for (`WideYears`).
    var drawsSeriesAlongX: Bool { isBars || self == .line || self == .scatter || self == .combined }

    /// Whether each mark is a share of a whole (a pie's slices): repeated categories are then
    /// always added up, since shares of averages add up to nothing.
    var showsSharesOfWhole: Bool { self == .pie }

    /// What the chart's marks are called in notes: "slices" or "bars".
    var marksName: String { self == .pie ? "slices" : self == .line || self == .scatter ? "points" : "bars" }

    /// Whether the chart's categories run down the y axis (horizontal bars): its x values are
    /// then placed top to bottom.
    var hasCategoriesOnY: Bool { self == .hbar }

    /// Whether the chart is lines or points over a numeric x, which a table too large to load
    /// can draw per view (`BigTable`).
    var readsPerView: Bool { self == .line || self == .scatter }

    /// Whether the chart's title names the column its series are grouped by ("price by date
    /// and symbol"); a pie's slices are its groups already.
    var titleNamesGroups: Bool { self != .pie }

    /// The builder of the kind's graph (`KindChartBuilder`), in a file of its own under Kinds/.
    var builder: any KindChartBuilder.Type {
        switch self {
        case .bar, .hbar, .stacked, .line, .scatter, .combined: SeriesChart.self
        case .pie: SlicesChart.self
        case .ohlc, .candlestick: TradingRangeChart.self
        case .range, .errorbar: RangeChart.self
        case .bubble: BubbleChart.self
        case .radar: RadarChart.self
        case .histogram: HistogramChart.self
        case .box: BoxChart.self
        case .heatmap: HeatmapChart.self
        }
    }
}
