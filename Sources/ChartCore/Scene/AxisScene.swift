/// An axis as laid out, in device pixels.
public struct AxisScene: Hashable, Sendable {
    /// The identifier of the axis laid out.
    public var axisID: String
    /// The axis line; nil when hidden.
    public var line: SceneLine?
    /// The major ticks.
    public var majorTicks: [SceneLine]
    /// The minor ticks.
    public var minorTicks: [SceneLine]
    /// Labels actually drawn (after thinning), in axis order.
    public var labels: [SceneText]
    /// The axis title; nil for none.
    public var title: SceneText?
    /// The label rotation chosen, in degrees.
    public var labelRotation: Double

    /// An axis laid out: its line, ticks, labels and title, all in device pixels.
    public init(
        axisID: String, line: SceneLine?, majorTicks: [SceneLine], minorTicks: [SceneLine],
        labels: [SceneText], title: SceneText?, labelRotation: Double
    ) {
        self.axisID = axisID
        self.line = line
        self.majorTicks = majorTicks
        self.minorTicks = minorTicks
        self.labels = labels
        self.title = title
        self.labelRotation = labelRotation
    }
}
