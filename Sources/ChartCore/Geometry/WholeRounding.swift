extension Double {
    /// 1.5 × 2⁵²: added to a double of magnitude below 2⁵¹, the sum's last bit is the units
    /// place, so the addition rounds to a whole number (to nearest, ties to even: the FPU's mode).
    @usableFromInline static let wholeShift: Double = 6_755_399_441_055_744

    /// To the nearest whole number, halves away from zero, for device coordinates, with no
    /// integer conversion and no branch on the fraction (the baseline x86-64 target has no
    /// rounding instruction; `rounded()` calls libm, and a branch on the fraction mispredicts
    /// half the time on scattered points): thinning a million points does it twice each.
    /// Equal to `rounded()` for every finite value. Every snapped marker goes through it (and
    /// `wholeRoundedSmall`), so the thinning and the drawing agree.
    @inlinable @inline(__always)
    var wholeRounded: Double {
        guard abs(self) < 2_251_799_813_685_248 else { return rounded() }
        return wholeRoundedSmall
    }

    /// `wholeRounded` for |self| < 2⁵¹ (device coordinates are within ±2²²), without the guard.
    @inlinable @inline(__always)
    var wholeRoundedSmall: Double {
        let nearest = (self + Self.wholeShift) - Self.wholeShift  // ties to even
        let fraction = self - nearest  // exact, within ±0.5
        let up: Double = fraction == 0.5 ? 1 : 0, down: Double = fraction == -0.5 ? 1 : 0
        let positive: Double = self > 0 ? 1 : 0
        return nearest + up * positive - down * (1 - positive)
    }

    /// `rounded(.down)` without an integer conversion or a branch; exact for every finite value.
    @inlinable @inline(__always)
    var wholeFloor: Double {
        guard abs(self) < 2_251_799_813_685_248 else { return rounded(.down) }
        return wholeFloorSmall
    }

    /// `wholeFloor` for |self| < 2⁵¹, without the guard.
    @inlinable @inline(__always)
    var wholeFloorSmall: Double {
        let nearest = (self + Self.wholeShift) - Self.wholeShift
        return nearest - (self < nearest ? 1 : 0)
    }
}
