/// One series drawn in a plot area: bars, a line, a pie. Core Plot's `CPTPlot`.
///
/// A plot pulls its numbers from its data source and lays itself out into a `PlotScene`;
/// it never draws. Plots are reference types: a data source, a delegate and the window's
/// selection all refer to the same plot.
///
/// These are what every plot kind answers. What only some kinds do is a capability protocol
/// of its own, which callers ask for with `as?`: naming its categories (`CategoryPlot`), keys
/// for its records across reloads (`KeyedRecordsPlot`), its records or its extent within a
/// range (`RangeQueryablePlot`, `RangeExtentPlot`), its own mark for a selected record
/// (`HighlightingPlot`), a selection drawn as part of its layout (`SelectionDrawingPlot`),
/// records hidden one by one (`RecordHidingPlot`), taking over state across a reload
/// (`CarryingOverPlot`), reading per view (`ViewDataReading`). The identity and the settings
/// every kind shares live in one `PlotState`, which this protocol's extension reads and writes.
public protocol Plot: AnyObject {
    /// The identifier, title, hidden flag, plot space, value format and delegate every plot
    /// has; `identifier`, `title`, `isHidden`, `plotSpace`, `valueFormat` and `delegate` read
    /// and write it.
    var state: PlotState { get set }
    /// The kind the scene and `--dump-layout` name the plot by (`.bar`, `.line`, a kind of the
    /// plot type's own). Only for showing: nothing asks a plot which kind it is.
    var kind: PlotKind { get }
    /// Whether the plot is drawn against axes (a pie is not). Default: true.
    var usesAxes: Bool { get }
    /// Whether the plot has at least one record with a finite value.
    var hasData: Bool { get }

    /// The extent of the plot's data in data units, for fitting ranges; nil when it has none
    /// or does not use axes.
    func dataExtent() -> DataExtent?

    /// Lays the plot out into device-pixel items, paths and labels, and the clip it is drawn in
    /// (`context.plotArea` for most; a pie's pulled-out slice may reach into the margins).
    /// Called only for visible plots.
    func layout(in context: PlotLayoutContext) -> PlotScene

    /// The legend entries the plot contributes (one for most plots, one per slice for a pie),
    /// given its default series color.
    func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem]

    /// `record` in words for its value popup ("Nov 24 · EUR 0.92"), with locations written as
    /// `context` says (dates at the data's resolution) and values as the plot's labels write
    /// them (the plot's `valueFormat`, else 2 decimals, none when every value is whole; the
    /// same thousands separators for all); nil when the record has no value.
    func describe(record: Int, in context: RecordContext) -> RecordDescription?
}

extension Plot {
    /// Unique within a graph; the scene, `--dump-layout` and hit tests name the plot by it.
    public var identifier: String { state.identifier }

    /// Shown in the legend and in value popups.
    public var title: String {
        get { state.title }
        set { state.title = newValue }
    }

    /// A hidden plot stays in the legend (greyed) but is not laid out, drawn or hit.
    public var isHidden: Bool {
        get { state.isHidden }
        set { state.isHidden = newValue }
    }

    /// The plot space the plot is drawn in; nil for the graph's default plot space.
    public var plotSpace: XYPlotSpace? {
        get { state.plotSpace }
        set { state.plotSpace = newValue }
    }

    /// How popups show this plot's values; nil for 2 decimals (none when every value is whole).
    public var valueFormat: NumberFormat? {
        get { state.valueFormat }
        set { state.valueFormat = newValue }
    }

    /// Hears about the plot's records being selected; held weakly.
    public var delegate: (any PlotDelegate)? {
        get { state.delegate }
        set { state.delegate = newValue }
    }

    public var usesAxes: Bool { true }

    /// Tells the plot's delegate that `record` was selected, as a click on it or the keyboard
    /// does: what a test, or a program without a window, calls to select a record.
    public func notifySelection(record: Int) {
        state.delegate?.plot(self, wasSelectedAtRecord: record)
    }
}

/// What a plot shows in the legend for one entry.
public struct LegendItem: Hashable, Sendable {
    /// The entry's text.
    public var title: String
    /// The swatch's fill; nil for none (a line swatch).
    public var fill: Fill?
    /// A line drawn across the swatch (line plots).
    public var line: LineStyle?
    /// A marker drawn in the middle of the swatch (scatter plots).
    public var symbol: PlotSymbol?
    /// The record the entry stands for (a pie slice); nil for the whole plot.
    public var record: Int?

    /// An entry titled `title` with a swatch of `fill`, `line` and `symbol`; `record` for an entry of one record (a slice).
    public init(title: String, fill: Fill? = nil, line: LineStyle? = nil, symbol: PlotSymbol? = nil, record: Int? = nil) {
        self.title = title
        self.fill = fill
        self.line = line
        self.symbol = symbol
        self.record = record
    }
}

/// Where a plot's data lies, in data units, for fitting ranges to it.
public struct DataExtent: Hashable, Sendable {
    /// The x values' range in data units; nil when the plot adds none.
    public var x: PlotRange?
    /// The y values' range in data units; nil when the plot adds none.
    public var y: PlotRange?
    /// Values that an end of the x range should sit exactly on rather than get a margin past,
    /// such as the outer edges of a bar plot's slots, which already leave room. Fitting includes
    /// them in the range where the scale can show them (not zero or below on a log scale).
    public var xAnchors: [Double]
    /// The same for y, such as a bar plot's base or an area's: bars start at the axis, not above it.
    public var yAnchors: [Double]

    /// An extent of `x` and `y` ranges, with values that must stay inside a fitted range (`xAnchors`, `yAnchors`, such as a bar's base).
    public init(x: PlotRange?, y: PlotRange?, xAnchors: [Double] = [], yAnchors: [Double] = []) {
        self.x = x
        self.y = y
        self.xAnchors = xAnchors
        self.yAnchors = yAnchors
    }
}

/// One record's numbers as the data source gave them: where it sits (data units along the
/// category axis), its value, and its category name if it has one.
public struct PlotRecordValue: Hashable, Sendable {
    /// The record's index in the data source.
    public var record: Int
    /// The record's location (x for a vertical bar), data units.
    public var location: Double
    /// The record's value, data units.
    public var value: Double
    /// The record's category name; nil for none.
    public var name: String?

    /// A record's index, location, value and name.
    public init(record: Int, location: Double, value: Double, name: String? = nil) {
        self.record = record
        self.location = location
        self.value = value
        self.name = name
    }
}
