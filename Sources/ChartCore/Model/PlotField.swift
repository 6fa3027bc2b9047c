/// A number a plot asks its data source for, per record: open, like Core Plot's field enums
/// per plot class, so a plot kind written outside the module names fields of its own
/// (`PlotField("weight")`) and a data source answers the ones it has.
///
/// The fields the built-in plots ask for are static members. A data source answers nil (NaN
/// in bulk) for a field it does not have.
public struct PlotField: Hashable, Sendable, CustomStringConvertible {
    /// The field's name, unique among the fields a plot asks for.
    public let name: String

    /// A field called `name`; built-in ones are static members (`.value`, `.location`, …).
    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    /// Where along the independent axis the record sits: a bar's location, a point's x.
    /// A data source that gives none places record `i` at `i`.
    public static let location = PlotField("location")
    /// The record's value: a bar's tip, a point's y, a slice's size, a candle's close.
    public static let value = PlotField("value")
    /// Where a bar starts, when it does not start at the plot's `baseValue`.
    public static let base = PlotField("base")
    /// A trading range's opening price (data units of the value axis).
    public static let open = PlotField("open")
    /// A trading range's highest value, or the upper end of a range.
    public static let high = PlotField("high")
    /// A trading range's lowest value, or the lower end of a range.
    public static let low = PlotField("low")
    /// A trading range's closing price; plots that have one read `value` as the close.
    public static let close = PlotField("close")
    /// How far below the value an error bar reaches (a positive distance, data units).
    public static let errorLow = PlotField("errorLow")
    /// How far above the value an error bar reaches (a positive distance, data units).
    public static let errorHigh = PlotField("errorHigh")
    /// How far left of the location a horizontal error bar reaches (a positive distance).
    public static let errorLeft = PlotField("errorLeft")
    /// How far right of the location a horizontal error bar reaches (a positive distance).
    public static let errorRight = PlotField("errorRight")
    /// A bubble's size (its area is proportional to it).
    public static let size = PlotField("size")
    /// A second coordinate for plots whose records sit on two axes (a heatmap cell's row).
    public static let row = PlotField("row")
}
