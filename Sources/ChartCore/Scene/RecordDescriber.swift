/// A plot's records in words, as its popups say them ("2008-03-01 · AAPL 143.50"), recorded by
/// layout in the plot's scene (`PlotScene.describer`): the plot and how its category axis wrote
/// locations in that layout (`Graph.recordContext(for:)`), so a popup, the readout and
/// `--dump-layout` describe a record from the scene alone. Nothing per record is kept: a record
/// is described when asked, from the plot's data (so a scene of millions of points costs one
/// describer per plot).
///
/// It reads the plot, which it holds weakly: ask on the thread that owns the graph, never while
/// a layout job has it (the graph is lent then, as `ChartInteraction.LayoutJob` says); once the
/// plot is gone (its graph replaced) it describes nothing. `@unchecked Sendable` for that rule
/// alone: a scene crosses threads, its describer is used where the graph lives.
///
/// Not part of the scene's value: two scenes that draw the same are equal (and hash alike)
/// whatever their describers.
public struct RecordDescriber: Hashable, @unchecked Sendable {
    private let describe: (Int) -> RecordDescription?

    /// A describer that answers with `describe` (nil for a record without a value).
    public init(_ describe: @escaping (Int) -> RecordDescription?) {
        self.describe = describe
    }

    /// The describer of `plot`'s records with locations written as `context` says: the plot's
    /// own `describe(record:in:)`, while the plot exists.
    public init(plot: any Plot, context: RecordContext) {
        self.init { [weak plot] record in plot?.describe(record: record, in: context) }
    }

    /// `record` in words; nil when it has no value (or the plot is gone).
    public func description(of record: Int) -> RecordDescription? { describe(record) }

    public static func == (a: RecordDescriber, b: RecordDescriber) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
