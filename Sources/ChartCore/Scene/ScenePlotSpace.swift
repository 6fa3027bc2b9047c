/// One plot space as a layout mapped it: its identifier and the data↔pixel transform every
/// plot, axis and annotation in it was laid out with. Hit testing, the readout and the zoom
/// arithmetic read this, so they agree with what is drawn to the pixel.
public struct ScenePlotSpace: Hashable, Sendable {
    /// The plot space's identifier.
    public var identifier: String
    /// Data units ↔ device pixels (origin top-left, y downwards) over the scene's plot area.
    public var transform: CoordinateTransform
    /// Whether x and y are the graph's own ranges (set or fitted) rather than a view's.
    public var isFittedX: Bool
    /// Whether y is the graph's own range rather than a view's.
    public var isFittedY: Bool

    /// A laid-out plot space `identifier` with `transform`.
    public init(identifier: String, transform: CoordinateTransform, isFittedX: Bool = true, isFittedY: Bool = true) {
        self.identifier = identifier
        self.transform = transform
        self.isFittedX = isFittedX
        self.isFittedY = isFittedY
    }
}
