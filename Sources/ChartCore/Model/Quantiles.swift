/// Quantiles by numpy's default definition (`np.percentile(..., method="linear")`, Hyndman and
/// Fan's type 7): the quantile `p` of n sorted values sits at position h = (n − 1)·p, between
/// the values at ⌊h⌋ and ⌊h⌋ + 1, interpolated linearly. Found by selection (Hoare's
/// quickselect, median-of-three pivots), not a sort: O(n) expected, in place.
public enum Quantiles {
    /// The quantile `p` (0…1) of `values`, which must all be finite and not empty. Reorders
    /// `values` (at most one selection for ⌊h⌋ plus a scan for the next value). O(n) expected.
    public static func quantile(_ p: Double, of values: inout [Double]) -> Double {
        quantiles([p], of: &values)[0]
    }

    /// Several quantiles at once, each by selection within what the previous ones left
    /// partitioned: O(n · quantiles) at worst, less since later selections look at a part.
    public static func quantiles(_ ps: [Double], of values: inout [Double]) -> [Double] {
        precondition(!values.isEmpty, "Quantiles of no values.")
        let n = values.count
        var results = [Double](repeating: .nan, count: ps.count)
        // In increasing order of position, so each selection only looks right of the last.
        let order = ps.indices.sorted { ps[$0] < ps[$1] }
        var low = 0
        for index in order {
            let p = min(max(ps[index], 0), 1)
            let h = Double(n - 1) * p
            let k = min(Int(h.rounded(.down)), n - 1)
            let kth = select(k, in: &values, from: max(low, 0), to: n - 1)
            low = k
            let fraction = h - Double(k)
            if fraction > 0 && k + 1 < n {
                // After selecting k, everything right of k is ≥ it: the next value is their least.
                var next = Double.infinity
                for i in (k + 1)..<n where values[i] < next { next = values[i] }
                results[index] = kth + fraction * (next - kth)
            } else {
                results[index] = kth
            }
        }
        return results
    }

    /// Puts the k-th smallest of `values[from...to]` at `k`, the smaller ones left of it and
    /// the larger right. O(to − from) expected.
    static func select(_ k: Int, in values: inout [Double], from: Int, to: Int) -> Double {
        var lo = from, hi = to
        values.withUnsafeMutableBufferPointer { v in
            while hi > lo {
                // Median of three as the pivot: sorted data (the common case) stays linear.
                let mid = lo + (hi - lo) / 2
                if v[mid] < v[lo] { v.swapAt(mid, lo) }
                if v[hi] < v[lo] { v.swapAt(hi, lo) }
                if v[hi] < v[mid] { v.swapAt(hi, mid) }
                let pivot = v[mid]
                var i = lo, j = hi
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while pivot < v[j] { j -= 1 }
                    if i <= j {
                        v.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j { hi = j } else if k >= i { lo = i } else { break }
            }
        }
        return values[k]
    }
}
