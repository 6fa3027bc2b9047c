/// Where an axis puts its major ticks and labels, Core Plot's `CPTAxisLabelingPolicy`.
public enum AxisLabelingPolicy: Hashable, Sendable {
    /// Nice 1-2-5 steps, as many as fit without labels overlapping. On a category scale,
    /// one tick per category, named by the plots' category names.
    case automatic
    /// A tick every `interval` data units, counted from 0 (from 1 on a log scale, in decades).
    case fixedInterval(Double)
    /// Ticks at exactly these data values, labeled with the axis's number format.
    case locationsProvided([Double])
    /// No generated ticks: the axis shows its `customLabels` only.
    case none
}

/// A label given by the user at a data location, for `AxisLabelingPolicy.none`
/// (the enrollment tutorial's subject names under the bars).
public struct AxisLabel: Hashable, Sendable {
    /// The label's text.
    public var text: String
    /// Where along the axis, in data units.
    public var location: Double

    /// A label reading `text` at `location`, in data units.
    public init(_ text: String, at location: Double) {
        self.text = text
        self.location = location
    }
}
