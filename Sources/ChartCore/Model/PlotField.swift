/// The numbers a plot asks its data source for, per record.
public enum PlotField: String, Hashable, Sendable, CaseIterable {
    /// Where along the independent axis the record sits: a bar's location, a point's x.
    /// A data source that gives none places record `i` at `i`.
    case location
    /// The record's value: a bar's tip, a point's y, a slice's size.
    case value
    /// Where a bar starts, when it does not start at the plot's `baseValue`.
    case base
}
