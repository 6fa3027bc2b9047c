/// One series drawn in a plot area: bars, a line, a pie. Core Plot's `CPTPlot`.
///
/// A plot pulls its numbers from its data source and lays itself out into a `PlotScene`;
/// it never draws. Plots are reference types: a data source, a delegate and the window's
/// selection all refer to the same plot.
public protocol Plot: AnyObject {
    /// Unique within a graph; the scene, `--dump-layout` and hit tests name the plot by it.
    var identifier: String { get }
    /// Shown in the legend and in value popups.
    var title: String { get set }
    /// A hidden plot stays in the legend (greyed) but is not laid out, drawn or hit.
    var isHidden: Bool { get set }
    /// The plot space the plot is drawn in; nil for the graph's default plot space.
    var plotSpace: XYPlotSpace? { get set }
    /// The kind the scene and `--dump-layout` name the plot by (`.bar`, `.line`, a kind of the
    /// plot type's own). Only for showing: nothing asks a plot which kind it is.
    var kind: PlotKind { get }
    /// How popups show this plot's values; nil for 2 decimals (none when every value is whole).
    var valueFormat: NumberFormat? { get set }
    /// Whether the plot is drawn against axes (a pie is not).
    var usesAxes: Bool { get }
    /// Which axis names the plot's categories (the y axis for horizontal bars).
    var categoryAxis: Axis.Coordinate { get }
    /// Whether the plot has at least one record with a finite value.
    var hasData: Bool { get }

    /// Forgets what was pulled from the data source; the next layout pulls again.
    func reloadData()

    /// The extent of the plot's data in data units, for fitting ranges; nil when it has none
    /// or does not use axes.
    func dataExtent() -> DataExtent?

    /// The extent of what the plot shows inside the x range `x` (data units): what a zoomed x
    /// range's autoscaled y fits. Default: `dataExtent()`, the whole data (a plot kind that can
    /// answer per range should, in O(log n) where its records are sorted).
    func dataExtent(inX x: PlotRange) -> DataExtent?

    /// The records whose location lies in `range` along the plot's category axis (data units),
    /// in record order, at most `limit`: what copying the visible data copies. Default: none.
    func records(in range: PlotRange, limit: Int) -> [PlotRecordValue]

    /// The category names its records stand for, by location, for a category axis.
    func categoryLabels() -> [(location: Double, name: String)]

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

    /// Records the user hid (a pie's slices, toggled from their legend entries): not laid
    /// out, greyed in the legend. A plot whose records cannot be hidden one by one ignores it.
    var hiddenRecords: Set<Int> { get set }

    /// Marks drawn over the chart where `item`, a selected record of this plot, lies: a halo
    /// around a selected point. `scale` is device pixels per layout unit.
    func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker]

    /// The record drawn as selected (the window sets it to the selection); nil for none. A
    /// plot that draws its selection as part of the chart (a pie pulls its slice out) keeps it
    /// and says so with `selectionChangesLayout`; others ignore it.
    var selectedRecord: Int? { get set }
    /// Whether a change of `selectedRecord` changes the plot's layout.
    var selectionChangesLayout: Bool { get }

    /// Takes over what the user and the chart's history set on `previous`, the same plot before
    /// its data changed (a reload, another period): a pie's hidden slices and its colors per
    /// slice name. Called on the new graph's plots by `Graph.carryOver(from:)`.
    func carryOver(from previous: any Plot)

    /// Tells the plot's delegate that `record` was selected (clicked or reached by keyboard).
    func notifySelection(record: Int)

    /// What names `record` across reloads of the data (its category name, else its
    /// location); nil when there is no such record. Default: nil.
    func key(ofRecord record: Int) -> RecordKey?

    /// The record `key` names in the data now (the first, when several do); nil when none
    /// does. Default: nil.
    func record(forKey key: RecordKey) -> Int?

    /// The source the plot asks per view for its records when they are too many to hold
    /// (`ViewDataSource`); nil when it pulls every record from its data source. Default: nil.
    var viewDataSource: (any ViewDataSource)? { get }
}

extension Plot {
    public var usesAxes: Bool { true }
    public func dataExtent(inX x: PlotRange) -> DataExtent? { dataExtent() }
    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] { [] }
    public var categoryAxis: Axis.Coordinate { .x }

    public var hiddenRecords: Set<Int> {
        get { [] }
        set {}
    }

    /// A point gets a halo in its fill's color and its marker redrawn (at least 8 pixels across
    /// at scale 1) with a ring of the background's color; bars and slices get none (their popup
    /// points at them).
    public func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker] {
        guard case .point(let p, let symbol) = item.shape else { return [] }
        let color = item.fill.representativeColor
        let size = max(symbol?.size ?? 0, 8 * scale)
        return [
            SceneMarker(
                center: p,
                symbol: PlotSymbol(
                    .ellipse, size: size + 10 * scale, fill: .solid(color.withAlpha(0.25)),
                    lineStyle: LineStyle(color: color, width: 1.5 * scale))),
            SceneMarker(
                center: p,
                symbol: PlotSymbol(
                    symbol?.shape ?? .ellipse, size: size, fill: .solid(color),
                    lineStyle: LineStyle(color: theme.background.representativeColor, width: 1.5 * scale)))
        ]
    }

    public var selectedRecord: Int? {
        get { nil }
        set {}
    }

    public var selectionChangesLayout: Bool { false }

    public func carryOver(from previous: any Plot) {}

    public func key(ofRecord record: Int) -> RecordKey? { nil }
    public func record(forKey key: RecordKey) -> Int? { nil }
    public var viewDataSource: (any ViewDataSource)? { nil }
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
