extension Double {
    /// To the nearest whole number, halves away from zero, for device coordinates: an integer
    /// conversion without branches instead of a libm call (Swift's `rounded()` calls `round` on
    /// the baseline x86-64 target, which has no rounding instruction; a branch on the fraction
    /// mispredicts half the time on scattered points). Thinning a million points does it twice
    /// each. Equal to `rounded()` for |self| < 2⁵¹ except within an ulp of a half (0.49999999999999994
    /// gives 1): every snapped marker goes through this one function, so they agree.
    @inlinable @inline(__always)
    var wholeRounded: Double {
        guard abs(self) < 2_251_799_813_685_248 else { return rounded() }
        return Double(Int64(self + Double(signOf: self, magnitudeOf: 0.5)))
    }

    /// `rounded(.down)` through an integer conversion, without branches; exact for |self| < 2⁵¹.
    @inlinable @inline(__always)
    var wholeFloor: Double {
        guard abs(self) < 2_251_799_813_685_248 else { return rounded(.down) }
        let whole = Double(Int64(self))  // toward zero
        let above: Double = self < whole ? 1 : 0
        return whole - above
    }
}
