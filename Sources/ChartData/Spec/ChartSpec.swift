import ChartCore

/// A chart described in a spec file (JSON): where its data comes from and how it looks.
/// Decoded with Foundation's `JSONDecoder`; every key but `name` and `data` is optional, every
/// closed set of names decodes into its type, and a key not listed here is an error (`SpecKeys`).
///
///     {"charts": [{"name": "mood", "title": "Mood", "kind": "bar",
///                  "data": {"query": "SELECT day, mood FROM days WHERE strftime('%Y-%m', day) = :period"},
///                  "period": {"query": "SELECT DISTINCT strftime('%Y-%m', day) FROM days ORDER BY 1"}}]}
public struct ChartSpec: Decodable, Sendable, Equatable {
    /// The file's top level.
    public struct File: Decodable, Sendable, Equatable {
        /// A database every chart without its own uses, relative to the spec file.
        public var database: String?
        /// A PostgreSQL server every chart without a database of its own reads: a connection
        /// string (`postgresql://…` or libpq's key=value pairs).
        public var postgres: String?
        /// The charts of the file, in order: the gallery's order.
        public var charts: [ChartSpec]
        /// Several of the charts in one window and one picture, shown as the first page; nil for none.
        public var layout: LayoutSpec?

        enum CodingKeys: String, CodingKey, CaseIterable { case database, postgres, charts, layout }
    }

    /// Where the rows come from: a query or a table of a database (a SQLite file, or a
    /// PostgreSQL server's connection string in `postgres`), or a CSV file. Paths are relative to
    /// the spec file.
    public struct DataSource: Decodable, Sendable, Equatable {
        /// A SQLite database file, relative to the spec file.
        public var database: String?
        /// The SQL query whose rows are charted (read-only).
        public var query: String?
        /// A table (or view) charted whole, in place of a query.
        public var table: String?
        /// A CSV or TSV file, relative to the spec file.
        public var csv: String?
        /// A PostgreSQL connection string: `postgresql://…` or libpq's key=value pairs.
        public var postgres: String?

        /// A data source from any of its parts; one of database, postgres or csv is needed to load it.
        public init(database: String? = nil, query: String? = nil, table: String? = nil, csv: String? = nil, postgres: String? = nil) {
            self.database = database
            self.query = query
            self.table = table
            self.csv = csv
            self.postgres = postgres
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case database, query, table, csv, postgres }
    }

    /// Per series: its column, and how it is drawn.
    public struct Series: Decodable, Sendable, Equatable {
        /// The name of the column this series charts.
        public var column: String
        /// The series' name in the legend; nil for the column's name.
        public var title: String?
        /// Written "#rrggbb" or "#rrggbbaa".
        public var color: Color?
        /// For combined charts: bar, line or scatter.
        public var kind: Kind?
        /// y (default) or y2, the axis on the right.
        public var axis: Axis?
        /// The marker: ellipse, rectangle, diamond, triangle, cross, plus, star.
        public var symbol: PlotSymbol.Shape?
        /// The marker's size in pixels.
        public var symbolSize: Double?
        /// The line's width in pixels.
        public var lineWidth: Double?
        /// linear, stepped, curved.
        public var interpolation: ScatterPlot.Interpolation?
        /// For lines: fill the area under the line, down to 0 (the axis's end on a log scale),
        /// in the series' color at 30% opacity.
        public var fill: Bool?

        /// How a series of a combined chart is drawn.
        public enum Kind: String, CaseIterable, Sendable, SpecChoice {
            /// Bars, the default for the first series.
            case bar
            /// A line through the points.
            case line
            /// Points only.
            case scatter

            /// The chart kind drawing it.
            var chartKind: ChartKind {
                switch self {
                case .bar: .bar
                case .line: .line
                case .scatter: .scatter
                }
            }

            public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
        }

        /// The value axis a series is drawn against.
        public enum Axis: String, CaseIterable, Sendable, SpecChoice {
            /// The left one (the bottom one of horizontal bars).
            case y
            /// A second axis, on the right.
            case y2

            public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case column, title, color, kind, axis, symbol, symbolSize, lineWidth, interpolation, fill
        }
    }

    /// An axis of a spec: its title, range and labels; every field nil for the default.
    public struct AxisSpec: Decodable, Sendable, Equatable {
        /// The axis title.
        public var title: String?
        /// The lower end of the axis range, in data units; nil to fit the data.
        public var min: Double?
        /// The upper end of the axis range, in data units; nil to fit the data.
        public var max: Double?
        /// A tick every `interval` data units.
        public var interval: Double?
        /// Label rotation in degrees.
        public var rotation: Double?
        /// Decimals of the labels.
        public var decimals: Int?
        /// Whether major grid lines are drawn; nil for the theme's choice.
        public var grid: Bool?
        /// linear, log or date.
        public var scale: Scale?

        /// An axis with `title` and every other field default.
        public init(title: String? = nil) {
            self.title = title
        }

        /// How an axis maps its values, as a spec names it.
        public enum Scale: String, CaseIterable, Sendable, SpecChoice {
            /// Equal steps take equal room.
            case linear
            /// Equal ratios take equal room (base 10); values above 0 only.
            case log
            /// Dates: text dates, or numbers as seconds since 1970, with ticks on calendar units.
            case date

            /// The model's scale.
            var scale: ChartCore.Scale {
                switch self {
                case .linear: .linear
                case .log: .logarithmic
                case .date: .date
                }
            }

            public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case title, min, max, interval, rotation, decimals, grid, scale }
    }

    /// How a pie is drawn: start angle, direction, hole, labels and borders; nil fields for the default.
    public struct PieSpec: Decodable, Sendable, Equatable {
        /// Degrees counter-clockwise from +x.
        public var startAngle: Double?
        /// clockwise or counterClockwise.
        public var direction: PieChart.Direction?
        /// 0 for a pie, 0.5 for a donut.
        public var innerRadius: Double?
        /// Pixels from the rim: positive outside, negative inside.
        public var labelOffset: Double?
        /// The line between slices ("#rrggbb").
        public var borderColor: Color?
        /// The slice labels ("#rrggbb").
        public var labelColor: Color?

        enum CodingKeys: String, CodingKey, CaseIterable { case startAngle, direction, innerRadius, labelOffset, borderColor, labelColor }
    }

    /// A chart whose query has a `:period` parameter steps through the values this query lists.
    public struct PeriodSpec: Decodable, Sendable, Equatable {
        /// The SQL query listing the periods, one per row in order, in its first column.
        public var query: String

        enum CodingKeys: String, CodingKey, CaseIterable { case query }
    }

    /// The chart's name: what `--chart` selects and the gallery shows.
    public var name: String
    /// The chart's title above the plot area; nil for none. A line break starts a second line.
    public var title: String?
    /// bar, hbar, stacked, line, scatter, pie, combined (`ChartKind`); nil to choose from the data.
    public var kind: ChartKind?
    /// Where the chart's rows come from.
    public var data: DataSource
    /// The column of categories or x values; nil to choose it from the data (`ChartPlan`).
    public var x: String?
    /// The series columns; nil to choose them from the data (`ChartPlan`).
    public var y: [String]?
    /// The column whose values split the rows into one series each ("symbol" in date, symbol,
    /// price); nil to detect long-format data, "none" for no groups.
    public var group: String?

    /// Whether `group` says there are no groups: "none" (any case) or empty.
    var asksForNoGroups: Bool { group.map { $0.isEmpty || $0.lowercased() == "none" } ?? false }

    /// The group column `group` names; nil when it names none (nil, "none" or empty).
    var namedGroup: String? { asksForNoGroups ? nil : group }

    /// Lines join their points in row order (a trajectory) instead of x order.
    public var keepOrder: Bool?
    /// One chart per series, stacked in one column with x linked (`GraphGrid.stacking(_:)`), for
    /// several signals over one time; nil or false for one chart.
    public var split: Bool?
    /// Which axes a split's charts share (`GridLink`): none, x (the default) or xy.
    public var link: GridLink?
    /// How rows that repeat a category (within a group) become one bar or slice: sum, mean,
    /// count, min, max or median; nil for a sum of counts and totals, a mean of other numbers
    /// (`ChartPlan.aggregation`).
    public var aggregate: Aggregation?
    /// How each series is drawn (color, kind, axis, symbol), matched by column; nil for the defaults.
    public var series: [Series]?
    /// A column holding each record's data label (a pie's "EUR\n0.91").
    public var labels: String?
    /// Write each bar's value above it.
    public var showValues: Bool?
    /// Give every bar of a one-series bar chart its own color.
    public var colorByRecord: Bool?
    /// A bar's width as a fraction of the distance between categories; nil for the kind's default (0.8 for bars).
    public var barWidth: Double?
    /// Fit the top of the y range to this many times the largest value (the rates tutorial's 1.4).
    public var yMaxFactor: Double?
    /// The x axis; nil for the default.
    public var xAxis: AxisSpec?
    /// The y axis on the left; nil for the default.
    public var yAxis: AxisSpec?
    /// The y axis on the right, of series with `"axis": "y2"`; nil for the default.
    public var y2Axis: AxisSpec?
    /// How a pie is drawn; nil for the default.
    public var pie: PieSpec?
    /// The periods a chart with a `:period` query steps through; nil for none.
    public var period: PeriodSpec?
    /// Columns of the kinds that read more than x and y, each nil to find it by name (a column
    /// called "open", "high", …) or by the columns' order: a trading range's open, high, low
    /// and close; a range's or an error bar's low and high.
    public var open: String?
    /// The column of each record's high value (see `open`).
    public var high: String?
    /// The column of each record's low value (see `open`).
    public var low: String?
    /// The column of each record's closing value (see `open`).
    public var close: String?
    /// An error bar's ± error (the same distance below and above the value).
    public var error: String?
    /// A bubble's size: its area is proportional to the value.
    public var size: String?
    /// A histogram's number of bins (`binCounts`); nil for numpy's `auto` rule.
    public var bins: Int?
    /// A histogram's bin width, in the values' units; wins over `bins`.
    public var binWidth: Double?
    /// A histogram's bars as a probability density (area 1) instead of counts.
    public var density: Bool?
    /// Several histogram series stacked instead of overlaid.
    public var stacked: Bool?
    /// Candlesticks' bodies hollow when rising (filled when falling), as traders draw them.
    public var hollow: Bool?
    /// Rising trading ranges' color ("#rrggbb"; default green).
    public var risingColor: Color?
    /// Falling trading ranges' color ("#rrggbb"; default red).
    public var fallingColor: Color?
    /// A heatmap's color map: viridis, magma, cividis (sequential) or coolwarm (diverging,
    /// centred on 0); nil for viridis, or coolwarm when the values straddle 0.
    public var colorMap: ColorMap?
    /// One of `Theme.builtIn`, by name: light, dark, dark-gradient, slate, stocks.
    public var theme: Theme?
    /// Whether the legend shows; nil to show it when there are several series or slices.
    public var legend: Bool?
    /// The text shown when the data has no rows.
    public var noDataText: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, title, kind, data, x, y, group, keepOrder, split, link, aggregate, series, labels, showValues, colorByRecord, barWidth, yMaxFactor
        case xAxis, yAxis, y2Axis, pie, period, open, high, low, close, error, size, bins, binWidth, density, stacked, hollow
        case risingColor, fallingColor, colorMap, theme, legend, noDataText
    }

    /// A chart of `data` with everything else chosen from the data.
    public init(name: String, data: DataSource) {
        self.name = name
        self.data = data
    }
}
