import ChartCore

/// Mixed magnitudes: series whose values differ by orders of magnitude (a price of about 1
/// beside a volume of millions, air pressure beside humidity) cannot share one axis: the small
/// ones are drawn as flat lines at zero. An analyst gives the second of two its own axis,
/// draws three to `panelLimit` in stacked panels (one y axis each, x shared), and charts
/// fewer of more.
extension ChartPlan {
    /// How the series share the value axis.
    public enum Magnitudes: Sendable, Equatable {
        /// One axis for all.
        case shared
        /// The series at this column index on a second y axis, on the right.
        case secondAxis(Int)
        /// One panel per series, stacked, x shared (`--split`).
        case panels
    }

    /// A series spanning less than this share of the values it would share an axis with is
    /// drawn flat. Above the 5% an analyst would allow: the axis is rounded out past the data
    /// (round ticks, a margin), so a series with 6% of the data's extent can get under 5% of
    /// the axis.
    static let narrowShare = 0.06
    /// The most series drawn as stacked panels: more would leave each too thin to read.
    static let panelLimit = 6
    /// The most series weighed against each other one by one when some are left out: O(s²)
    /// for s series; a wider table's are weighed against the extent of those kept.
    static let exactLimit = 64

    /// The extent of each series' values as drawn (`values`: each series' numbers, in
    /// `series` order); bars start at zero. O(rows × series).
    static func extents(_ values: [[Double]], bars: Bool) -> [ClosedRange<Double>?] {
        values.map { numbers in
            var lo = Double.infinity, hi = -Double.infinity
            for v in numbers where v.isFinite {
                lo = min(lo, v)
                hi = max(hi, v)
            }
            guard lo <= hi else { return nil }
            return bars ? min(lo, 0)...max(hi, 0) : lo...hi
        }
    }

    /// A series whose largest value (in size) is under this share of the largest of the
    /// series it shares an axis with is of another magnitude. A series that is only flatter
    /// than the others at their magnitude (one country's fertility, steady at 1.5 among others
    /// from 1 to 8) is drawn as it is: that it is flat is what it says.
    static let magnitudeShare = 0.1

    /// The indices (into `extents`) of the series of another magnitude than the others, drawn
    /// flat on an axis they share: spanning less than `narrowShare` of the extent they share
    /// and reaching less than `magnitudeShare` of the largest size. Series without values or
    /// of one value are never narrow (nothing to flatten).
    static func narrow(_ extents: [ClosedRange<Double>?]) -> [Int] {
        let present = extents.compactMap { $0 }
        guard present.count >= 2, let lo = present.map(\.lowerBound).min(), let hi = present.map(\.upperBound).max(), hi > lo else { return [] }
        let largest = max(abs(lo), abs(hi))
        return extents.indices.filter { i in
            guard let e = extents[i], e.upperBound > e.lowerBound else { return false }
            let size = max(abs(e.lowerBound), abs(e.upperBound))
            return (e.upperBound - e.lowerBound) < narrowShare * (hi - lo) && size < magnitudeShare * largest
        }
    }

    /// How `series` (two or more, no groups) share the value axis, and the series charted:
    /// all on one axis when none is narrow; else for lines and points two on two axes, up to
    /// `panelLimit` in panels; else (bars, or more series) those that share an axis with the
    /// first, the rest named in `reasons`. `values` are the series' numbers as charted (after
    /// any aggregation). O(series² + rows × series).
    static func arranged(_ series: [Int], values: [[Double]], kind: ChartKind, profiles: [ColumnProfile], reasons: inout [String])
        -> (series: [Int], magnitudes: Magnitudes)
    {
        let bars = kind.isBars
        let all = extents(values, bars: bars)
        let narrowOnes = narrow(all)
        guard series.count >= 2, !narrowOnes.isEmpty else { return (series, .shared) }
        func about(_ i: Int) -> String {
            guard let e = all[i] else { return profiles[series[i]].name }
            let size = max(abs(e.lowerBound), abs(e.upperBound))
            return "\(profiles[series[i]].name) up to \(NumberFormat.automatic.format(size))"
        }
        let spread = series.indices.map(about).joined(separator: ", ")
        if kind.takesOwnAxes {
            if series.count == 2 {
                reasons.append("second axis: \(profiles[series[1]].name), on the right: their magnitudes differ (\(spread))")
                return (series, .secondAxis(series[1]))
            }
            if series.count <= panelLimit {
                reasons.append("panels: one per series, x shared: their magnitudes differ (\(spread)); --split draws any chart so")
                return (series, .panels)
            }
        }
        // Fewer: the most series that share an axis without flattening one another (of equal
        // counts, those with the earliest first series): from each series (up to `exactLimit`
        // of them), those after it that fit beside every series kept; from the first only,
        // weighed against the extent kept so far, for wider tables (O(series)).
        func keptFrom(_ seed: Int) -> [Int] {
            var kept = [seed]
            var band = all[seed]
            for i in series.indices where i != seed {
                guard let e = all[i] else { continue }
                guard let shared = band else {
                    kept.append(i)
                    band = e
                    continue
                }
                let fits = series.count <= exactLimit ? narrow((kept + [i]).map { all[$0] }).isEmpty : narrow([shared, e]).isEmpty
                if fits {
                    kept.append(i)
                    band = min(shared.lowerBound, e.lowerBound)...max(shared.upperBound, e.upperBound)
                }
            }
            return kept.sorted()
        }
        var kept = keptFrom(0)
        if series.count <= exactLimit {
            for seed in series.indices.dropFirst() {
                let other = keptFrom(seed)
                if other.count > kept.count { kept = other }
            }
        }
        let left = series.indices.filter { !kept.contains($0) }
        reasons.append(
            "not charted: " + left.map { profiles[series[$0]].name }.joined(separator: ", ")
                + " (of other magnitudes than \(profiles[series[kept[0]]].name) and the series beside it, which they would flatten or be flattened by; --y names them)"
        )
        return (kept.map { series[$0] }, .shared)
    }
}
