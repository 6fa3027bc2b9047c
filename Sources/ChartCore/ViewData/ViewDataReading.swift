/// A plot that can read its records per view from a `ViewDataSource` (a table too large to
/// load) instead of pulling them all from its data source. What a loader asks a plot for when
/// it wires a big table, and what the graph asks for the sources to fetch a view's records
/// from: the capability, not which kind the plot is.
public protocol ViewDataReading: Plot {
    /// Where the plot asks per view for its records; nil to pull every record from its data
    /// source. Setting it reloads the plot.
    var viewDataSource: (any ViewDataSource)? { get set }
}
