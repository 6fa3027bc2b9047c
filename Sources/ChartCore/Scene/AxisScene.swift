/// An axis as laid out, in device pixels.
public struct AxisScene: Hashable, Sendable {
    public var axisID: String
    public var line: SceneLine?
    public var majorTicks: [SceneLine]
    public var minorTicks: [SceneLine]
    /// Labels actually drawn (after thinning), in axis order.
    public var labels: [SceneText]
    public var title: SceneText?
    /// The label rotation chosen, in degrees.
    public var labelRotation: Double

    public init(axisID: String, line: SceneLine?, majorTicks: [SceneLine], minorTicks: [SceneLine],
                labels: [SceneText], title: SceneText?, labelRotation: Double) {
        self.axisID = axisID
        self.line = line
        self.majorTicks = majorTicks
        self.minorTicks = minorTicks
        self.labels = labels
        self.title = title
        self.labelRotation = labelRotation
    }
}
