/// Supplies a plot's numbers, as Core Plot's `CPTPlotDataSource` does.
///
/// Plots pull from their data source when first laid out and again after `reloadData()`;
/// they keep what they pulled in contiguous `[Double]` buffers, so a data source is not
/// asked again per frame.
public protocol PlotDataSource: AnyObject {
    /// How many records `plot` has.
    func numberOfRecords(for plot: any Plot) -> Int

    /// The number for `field` of one record, in data units; nil when it is missing
    /// (a gap in a line, no bar), never zero in its place.
    func number(for plot: any Plot, field: PlotField, record: Int) -> Double?

    /// The numbers for `field` over `records`, in record order, with NaN for a missing value.
    /// The bulk path large data takes: implement it to hand over a buffer without a call per
    /// record. The default implementation calls `number(for:field:record:)` per record. O(n).
    func numbers(for plot: any Plot, field: PlotField, records: Range<Int>) -> [Double]

    /// A fill of its own for one record (the enrollment tutorial's one color per bar, a pie
    /// slice's color); nil for the plot's fill. Default: nil.
    func fill(for plot: any Plot, record: Int) -> Fill?

    /// The name of the category a record stands for, which a category axis shows under it and a
    /// pie's legend shows beside its slice. Default: nil.
    func categoryName(for plot: any Plot, record: Int) -> String?

    /// A data label of the record's own ("EUR\n0.91" on a slice); nil for the plot's default
    /// label (the formatted value) where the plot shows labels. Default: nil.
    func dataLabel(for plot: any Plot, record: Int) -> String?

    /// A word on how the record was made, which its popup adds after the value ("sum of 4
    /// rows" for a bar that adds up four rows of the table); nil for none. Default: nil.
    func recordNote(for plot: any Plot, record: Int) -> String?

    /// Whether any record may have a fill, a category name or a data label of its own. A data
    /// source that says false is not asked per record for them: with millions of records that
    /// saves millions of calls. Default: true.
    var providesRecordExtras: Bool { get }
}

extension PlotDataSource {
    public func numbers(for plot: any Plot, field: PlotField, records: Range<Int>) -> [Double] {
        records.map { number(for: plot, field: field, record: $0) ?? .nan }
    }

    public func fill(for plot: any Plot, record: Int) -> Fill? { nil }

    public func categoryName(for plot: any Plot, record: Int) -> String? { nil }

    public func dataLabel(for plot: any Plot, record: Int) -> String? { nil }

    public func recordNote(for plot: any Plot, record: Int) -> String? { nil }

    public var providesRecordExtras: Bool { true }
}
