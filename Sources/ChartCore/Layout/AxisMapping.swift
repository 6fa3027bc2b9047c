import Foundation

/// One axis of a `CoordinateTransform` in the form loops over millions of records use: the
/// device coordinate (pixels from the surface's top-left corner; y grows downwards) of a data
/// value is `forward(value) * factor + offset`, where `forward` is `log10` on a logarithmic scale
/// and the value itself on every other scale. No optional and no switch on the scale per value.
/// Every mapping is O(1).
public struct AxisMapping: Hashable, Sendable {
    /// Device pixels per data unit (per decade on a log scale); negative along y.
    public let factor: Double
    /// The device coordinate of data 0 (of data 1 on a log scale).
    public let offset: Double
    public let isLogarithmic: Bool
    /// Every value the scale can show is above this, in data units: -infinity on a linear scale,
    /// 0 on a log scale. NaN is never above it, so `value > floor` tells a value that shows from
    /// a gap in one comparison, for values that are finite or NaN (`SeriesData` holds no
    /// infinities).
    public let floor: Double

    public init(factor: Double, offset: Double, isLogarithmic: Bool) {
        self.factor = factor
        self.offset = offset
        self.isLogarithmic = isLogarithmic
        floor = isLogarithmic ? 0 : -.infinity
    }

    /// The device coordinate of `value`, which must show (`value > floor`).
    @inlinable @inline(__always)
    public func device(_ value: Double) -> Double {
        (isLogarithmic ? log10(value) : value) * factor + offset
    }

    /// The data value at device coordinate `device` (the inverse of `device(_:)`).
    public func value(atDevice device: Double) -> Double {
        let forward = (device - offset) / factor
        return isLogarithmic ? pow(10, forward) : forward
    }
}
