/// Plot identifiers made from series titles, unique within one graph: the title as
/// `ChartBuilder.identifier` writes it ("price"), then "price-2", "price-3", … for titles that
/// write the same (groups "AAPL" and "aapl", an empty title beside "series"), which
/// `Graph.add` would refuse.
struct PlotIdentifiers {
    private var used: Set<String> = []

    /// A new identifier for a plot titled `title`. O(titles that write the same).
    mutating func next(for title: String) -> String {
        let base = ChartBuilder.identifier(title)
        var id = base, n = 2
        while used.contains(id) {
            id = base + "-\(n)"
            n += 1
        }
        used.insert(id)
        return id
    }
}
