/// Plot identifiers made from series titles, unique within one graph: the title as
/// `ChartBuilder.identifier` writes it ("price"), then "price-2", "price-3", … for titles that
/// write the same (groups "AAPL" and "aapl", an empty title beside "series"), which
/// `Graph.add` would refuse. A title that is itself such a name ("price-2") is never given
/// again: the suffixes skip it.
///
/// Linear in the number of plots: each base name remembers the next suffix to try, so 20,000
/// series titled "total" probe each name once, not "total-2" … "total-N" again for each
/// (quadratic: 40 s for `--y total,…` ×20,000). A probe fails only on a name taken, and every
/// taken name fails at most one probe, since only its own base writes it ("total-2" is "total"
/// and 2; "total-2-2" is "total-2" and 2), and that base's suffix moves past it.
struct PlotIdentifiers {
    private var used: Set<String> = []
    /// Per base name, the suffix to try next: every "base-k" below it is taken.
    private var nextSuffix: [String: Int] = [:]
    /// How many names were looked up in `used`: at most three per identifier made (its base,
    /// its suffixed name, and each taken name once over all).
    private(set) var probes = 0

    /// A new identifier for a plot titled `title`. O(1) amortized.
    mutating func next(for title: String) -> String {
        let base = ChartBuilder.identifier(title)
        probes += 1
        if used.insert(base).inserted { return base }
        var n = nextSuffix[base, default: 2]
        while true {
            let id = base + "-\(n)"
            n += 1
            probes += 1
            if used.insert(id).inserted {
                nextSuffix[base] = n
                return id
            }
        }
    }
}
