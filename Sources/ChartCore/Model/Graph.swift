/// A chart: a title, a plot area with axes and plots, a legend and annotations, drawn in a
/// theme. Core Plot's `CPTXYGraph`.
///
/// A graph is a description; `layout(size:scale:view:measurer:cancellation:)` turns it into a `Scene` of device
/// pixels, which painters draw and hit tests query. Graphs are used from one thread at a time.
public final class Graph {
    /// Shown above the plot area; "\n" separates lines.
    public var title: String?
    /// Title style; nil for the theme's.
    public var titleTextStyle: TextStyle?
    /// Around everything, in device pixels at scale 1.
    public var padding = EdgeInsets(all: 16)
    /// Extra room between the plot area frame and the plot area itself, beyond what the axis
    /// labels need, in device pixels at scale 1.
    public var plotAreaPadding = EdgeInsets(top: 8, left: 0, bottom: 0, right: 8)
    /// The colors, lines and fonts of everything the graph does not style itself.
    public var theme: Theme
    /// Drawn in order: later plots on top.
    public private(set) var plots: [any Plot] = []
    /// The plot space plots and axes use unless they name another.
    public let defaultPlotSpace = XYPlotSpace()
    /// Further plot spaces (a second y axis), by identifier.
    public private(set) var extraPlotSpaces: [XYPlotSpace] = []
    /// The axes, by default one x at the bottom and one y at the left.
    public var axes: [Axis] = [.defaultX(), .defaultY()]
    /// The legend: where it sits and how it looks.
    public var legend = Legend()
    /// Text placed on the graph, drawn over the plots in order.
    public var annotations: [Annotation] = []
    /// Notes at data points (`ChartNote`), drawn over the annotations, in order.
    public var notes: [ChartNote] = []
    /// Shown in the middle of the plot area, instead of empty axes, when no plot has a record.
    public var noDataText = "No data to display"
    /// How the chart was chosen from its data ("x date · groups symbol (5) · y price · line"),
    /// for `--describe`, `--trace` and `--dump-layout`; nil when no one chose for the user.
    /// Never drawn.
    public var note: String?
    /// What the user must know about the data drawn, in one sentence: rows of the file set
    /// aside ("2 rows set aside (lines 84, 201)"). Shown on a window's status
    /// line when the chart is shown, and part of `note`; nil when the data was read whole.
    public var caveat: String?
    /// Whether the graph reads best as stacked panels, one per plot with x shared
    /// (`GraphGrid.stacking(_:)`): its series' magnitudes differ too much for one axis. A host
    /// shows it so unless the user chose otherwise.
    public var prefersPanels = false
    /// Shown instead when there are records but every plot holding them is hidden.
    public var allHiddenText = "All series are hidden"

    /// An empty graph titled `title` (nil for none) in `theme`.
    public init(title: String? = nil, theme: Theme = .plainWhite) {
        self.title = title
        self.theme = theme
    }

    /// Each plot's index in `plots`, by identifier.
    private var plotIndex: [String: Int] = [:]

    /// Adds `plot` on top of the others. Its identifier must be new to the graph. O(1).
    public func add(_ plot: any Plot) {
        precondition(
            plotIndex[plot.identifier] == nil,
            "The graph already has a plot '\(plot.identifier)'; identifiers must be unique.")
        plotIndex[plot.identifier] = plots.count
        plots.append(plot)
    }

    /// Removes the plot with `identifier`, if any. O(plots).
    public func removePlot(identifier: String) {
        plots.removeAll { $0.identifier == identifier }
        plotIndex = Dictionary(uniqueKeysWithValues: plots.enumerated().map { ($1.identifier, $0) })
    }

    /// The plot with `identifier`, if any. O(1).
    public func plot(identifier: String) -> (any Plot)? {
        plotIndex[identifier].map { plots[$0] }
    }

    /// Adds a plot space for plots and axes that name it (a second y axis).
    public func add(_ plotSpace: XYPlotSpace) {
        precondition(
            plotSpace.identifier != defaultPlotSpace.identifier && self.plotSpace(identifier: plotSpace.identifier) == nil,
            "The graph already has a plot space '\(plotSpace.identifier)'.")
        extraPlotSpaces.append(plotSpace)
    }

    /// The plot space called `identifier` ("default" for `defaultPlotSpace`).
    public func plotSpace(identifier: String) -> XYPlotSpace? {
        identifier == defaultPlotSpace.identifier ? defaultPlotSpace : extraPlotSpaces.first { $0.identifier == identifier }
    }

    /// The axis called `identifier`, for changing in place: `graph[axis: "x"].title = "Day"`.
    public subscript(axis identifier: String) -> Axis {
        get {
            guard let axis = axes.first(where: { $0.identifier == identifier }) else {
                preconditionFailure("The graph has no axis '\(identifier)' (it has \(axes.map(\.identifier))).")
            }
            return axis
        }
        set {
            guard let index = axes.firstIndex(where: { $0.identifier == identifier }) else {
                preconditionFailure("The graph has no axis '\(identifier)' (it has \(axes.map(\.identifier))).")
            }
            axes[index] = newValue
        }
    }

    /// The default x axis.
    public var xAxis: Axis {
        get { self[axis: "x"] }
        set { self[axis: "x"] = newValue }
    }

    /// The default y axis.
    public var yAxis: Axis {
        get { self[axis: "y"] }
        set { self[axis: "y"] = newValue }
    }

    /// The category names by location that the axis along `coordinate` of `space` shows: those
    /// of the first plot there with any (a category axis names its slots by them).
    public func categoryNames(in space: XYPlotSpace, along coordinate: Axis.Coordinate) -> [(location: Double, name: String)] {
        plots(in: space).lazy.compactMap { $0 as? any CategoryPlot }.filter { $0.categoryAxis == coordinate }
            .map { $0.categoryLabels() }.first { !$0.isEmpty } ?? []
    }

    /// The plots drawn in `space`.
    func plots(in space: XYPlotSpace) -> [any Plot] {
        plots.filter { ($0.plotSpace ?? defaultPlotSpace) === space }
    }

    /// Palette places by plot identifier, for plots that keep a color they had before (see
    /// `carryOver(from:)`); a plot not named here takes its index in `plots`.
    public var colorSlots: [String: Int] = [:]

    /// How `plot`'s records are described (popups, `--dump-layout`): along its category axis,
    /// as that axis shows them, named by its title.
    public func recordContext(for plot: any Plot) -> RecordContext {
        recordContext(for: plot, scales: scales(of: plot.plotSpace ?? defaultPlotSpace))
    }

    /// `recordContext(for:)` with the scales of the plot's space already worked out (a layout
    /// has them in its transforms: working them out asks every plot of the space).
    func recordContext(for plot: any Plot, scales spaceScales: (x: Scale, y: Scale)) -> RecordContext {
        let space = plot.plotSpace ?? defaultPlotSpace
        let coordinate = plot.locationAxis
        let scale = coordinate == .x ? spaceScales.x : spaceScales.y
        let axis =
            axes.first { $0.coordinate == coordinate && $0.plotSpaceIdentifier == space.identifier }
            ?? axes.first { $0.coordinate == coordinate }
        return RecordContext(locationScale: scale, locationTitle: axis?.title, locationUnit: axis?.labelFormat.unit)
    }

    /// The palette color of the plot at `index` in `plots`.
    func seriesColor(ofPlotAt index: Int) -> Color { theme.seriesColor(colorSlots[plots[index].identifier] ?? index) }

    /// Takes over what the user set on `previous`, the same chart before a reload or in
    /// another period: every plot keeps its color (a series keeps its color whatever comes and
    /// goes around it; new plots take the first palette places no kept plot holds) and whether
    /// it is hidden, by identifier; pies keep their slices' colors and hidden slices by name.
    /// O(plots + records).
    public func carryOver(from previous: Graph) {
        let kept = ColorSlots.carried(plots.map(\.identifier), from: previous.plots.map(\.identifier), slots: previous.colorSlots)
        colorSlots = kept
        for plot in plots {
            guard let old = previous.plot(identifier: plot.identifier) else { continue }
            plot.isHidden = old.isHidden
            (plot as? any CarryingOverPlot)?.carryOver(fromAny: old)
        }
    }
}
