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
    /// Whether data values go through log10 before `factor` and `offset`.
    public let isLogarithmic: Bool
    /// Every value the scale can show is above this, in data units: -infinity on a linear scale,
    /// 0 on a log scale. NaN is never above it, so `value > floor` tells a value that shows from
    /// a gap in one comparison, for values that are finite or NaN (`SeriesData` holds no
    /// infinities).
    public let floor: Double

    /// A mapping from data to device units: `pixel = value * factor + offset`, of log10(value) when `isLogarithmic`.
    public init(factor: Double, offset: Double, isLogarithmic: Bool) {
        self.factor = factor
        self.offset = offset
        self.isLogarithmic = isLogarithmic
        floor = isLogarithmic ? 0 : -.infinity
    }

    /// How far from the surface's origin a device coordinate may lie, in pixels: a value far
    /// past the range (1e300 on an axis from 0 to 1) maps to this edge rather than to a number
    /// Cairo's 24.8 fixed point cannot hold (or to infinity). 2²² pixels is a thousand times
    /// any surface, so a line cut there keeps its slope across the plot area to within a
    /// hundredth of a pixel per hundred pixels.
    public static let deviceLimit: Double = 4_194_304

    /// The device coordinate of `value`, which must show (`value > floor`), within
    /// ±`deviceLimit`.
    @inlinable @inline(__always)
    public func device(_ value: Double) -> Double {
        Self.limited((isLogarithmic ? log10(value) : value) * factor + offset)
    }

    /// `device` within ±`deviceLimit` pixels.
    @inlinable @inline(__always)
    public static func limited(_ device: Double) -> Double {
        Swift.min(Swift.max(device, -deviceLimit), deviceLimit)
    }

    /// The data value at device coordinate `device` (the inverse of `device(_:)`).
    public func value(atDevice device: Double) -> Double {
        let forward = (device - offset) / factor
        return isLogarithmic ? pow(10, forward) : forward
    }
}
