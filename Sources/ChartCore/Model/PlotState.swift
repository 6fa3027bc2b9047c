/// What every plot holds alike: its identity, title, visibility, plot space, value format and
/// delegate. A plot kind stores one (`var state: PlotState`) and `Plot`'s extension reads and
/// writes each property through it (`plot.title`, `plot.isHidden`, …), so no kind repeats them.
public struct PlotState {
    /// Unique within a graph, not empty; the scene, `--dump-layout` and hit tests name the
    /// plot by it.
    public let identifier: String
    /// Shown in the legend and in value popups.
    public var title: String
    /// A hidden plot stays in the legend (greyed) but is not laid out, drawn or hit.
    public var isHidden = false
    /// The plot space the plot is drawn in; nil for the graph's default plot space.
    public var plotSpace: XYPlotSpace?
    /// How popups (and the kinds that write values, their labels) show the plot's values; nil
    /// for the data's own: 2 decimals, none when every value is whole.
    public var valueFormat: NumberFormat?
    /// Hears about the plot's records being selected; held weakly, as Core Plot holds its
    /// delegates.
    public weak var delegate: (any PlotDelegate)?

    /// The state of a plot named `identifier` (unique in its graph, not empty), titled `title`
    /// (the identifier when nil).
    public init(identifier: String, title: String? = nil) {
        precondition(!identifier.isEmpty, "A plot needs a non-empty identifier.")
        self.identifier = identifier
        self.title = title ?? identifier
    }
}
