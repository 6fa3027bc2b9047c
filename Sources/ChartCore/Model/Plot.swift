/// One series drawn in a plot area: bars, a line, a pie. Core Plot's `CPTPlot`.
///
/// A plot pulls its numbers from its `dataSource` and lays itself out into scene items;
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
    /// A short kind name for the scene: "bar", "line", "pie"…
    var kind: String { get }

    /// Forgets what was pulled from the data source; the next layout pulls again.
    func reloadData()

    /// The extent of the plot's data in data units, for `scaleToFit`; nil when it has none.
    func dataExtent() -> DataExtent?

    /// The category names its records stand for, by location, for a category axis.
    func categoryLabels() -> [(location: Double, name: String)]

    /// Lays the plot out into device-pixel items. Called only for visible plots.
    func layout(in context: PlotLayoutContext) -> [PlotItem]

    /// The fill its legend swatch shows, given its default series color.
    func legendFill(seriesColor: Color) -> Fill

    /// How popups show this plot's values; nil for 2 decimals (none when every value is whole).
    var valueFormat: NumberFormat? { get set }

    /// The data point a popup for `record` points at (a bar's tip), in data units; nil when the
    /// record has no finite value.
    func popupAnchor(record: Int) -> Point?

    /// Tells the plot's delegate that `record` was selected (clicked or reached by keyboard).
    func notifySelection(record: Int)
}

/// Where a plot's data lies, in data units, for fitting ranges to it.
public struct DataExtent: Hashable, Sendable {
    public var x: PlotRange?
    public var y: PlotRange?
    /// Values that an end of the x range should sit exactly on rather than get a margin past,
    /// such as the outer edges of a bar plot's slots, which already leave room.
    public var xAnchors: [Double]
    /// The same for y, such as a bar plot's base: bars start at the axis, not above it.
    public var yAnchors: [Double]

    public init(x: PlotRange?, y: PlotRange?, xAnchors: [Double] = [], yAnchors: [Double] = []) {
        self.x = x
        self.y = y
        self.xAnchors = xAnchors
        self.yAnchors = yAnchors
    }
}
