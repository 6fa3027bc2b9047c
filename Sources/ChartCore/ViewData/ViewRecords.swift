/// Records a `ViewDataSource` delivered: a subset of a plot's records, in record order (ascending
/// locations), that draws a view exactly as every record would (for `request`), or stands in for
/// it until that arrives (a preview, or another view's records).
///
/// A gap between runs of a line is a record whose value is NaN. Record numbers are positions in
/// these arrays, valid until the plot lays out other records.
public struct ViewRecords: Sendable {
    /// The request these records answer exactly; nil for a preview that answers none.
    public var request: ViewDataRequest?
    /// Locations (x, data units), ascending.
    public var locations: [Double]
    /// Values (y, data units); NaN for a gap.
    public var values: [Double]
    /// Distinguishes deliveries, so that a plot knows when to rebuild what it made from them.
    public var generation: Int
    /// How many records of the whole data lie in the view, with the one beyond each edge (what
    /// `ThinnedRecords.visibleRecords` counts), when known: a line marks its records with dots
    /// only when a view shows few of them.
    public var recordsInView: Int?
    /// The range of the finite values of the records located in the request's x range, and of
    /// their locations, when the records alone do not tell it (points thinned per pixel keep
    /// the first per pixel, not the extremes): what a y range that autoscales fits.
    public var rangeInView: (values: PlotRange, locations: PlotRange)?

    /// Records answering `request` (nil for all of them): parallel `locations` and `values` in data units, of data `generation`.
    public init(request: ViewDataRequest?, locations: [Double], values: [Double], generation: Int) {
        precondition(locations.count == values.count, "View records need as many locations as values.")
        self.request = request
        self.locations = locations
        self.values = values
        self.generation = generation
    }

    /// No records (nothing has arrived yet).
    public static let none = ViewRecords(request: nil, locations: [], values: [], generation: 0)

    /// The number of records.
    public var count: Int { values.count }
}
