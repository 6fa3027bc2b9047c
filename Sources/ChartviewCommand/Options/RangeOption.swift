import ChartCore
import ChartData

/// `--x-range A:B` and `--y-range A:B`: the view to render, an end each side of a colon; an
/// empty end keeps the fitted one. Ends are numbers, dates on a date axis (`2008-03-01`,
/// `2008-03-01 14:30`, `2008`), category names on a category axis (the range then takes the
/// whole of that category's slot). Kept as text until the chart is built, since which axis is a
/// date axis is the chart's to say.
struct RangeOption: Sendable {
    let flag: String
    let lower: String?
    let upper: String?

    /// Splits `text` at the colon that leaves a readable value (or nothing) on each side, so
    /// that times ("2008-03-01 14:30:2008-03-02") split where they should.
    init(flag: String, text: String) throws(CommandError) {
        self.flag = flag
        let colons = text.indices.filter { text[$0] == ":" }
        for colon in colons {
            let left = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            let right = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            if Self.isReadable(left) && Self.isReadable(right) {
                lower = left.isEmpty ? nil : left
                upper = right.isEmpty ? nil : right
                return
            }
        }
        throw .usage("\(flag) needs A:B with numbers or dates, either end may be empty (got '\(CommandError.oneLine(text))')")
    }

    private static func isReadable(_ end: String) -> Bool {
        end.isEmpty || UserValueText.number(end) != nil || UserValueText.date(end) != nil || !end.contains(":")
    }

    /// The range in data units on an axis of `scale` whose categories (for a category axis)
    /// are `categories`, with `fitted` standing in for an empty end; nil when both ends are
    /// empty. Throws a usage error naming the flag for an end the axis cannot read, or ends in
    /// the wrong order.
    func range(scale: Scale, categories: [(location: Double, name: String)], fitted: PlotRange) throws(CommandError) -> PlotRange? {
        guard lower != nil || upper != nil else { return nil }
        func value(_ text: String, isLower: Bool) throws(CommandError) -> Double {
            if scale == .category, let category = categories.first(where: { $0.name == text }) {
                return category.location + (isLower ? -0.5 : 0.5)
            }
            if scale == .date, let date = UserValueText.date(text) { return date }
            if let number = UserValueText.number(text) {
                guard scale != .logarithmic || number > 0 else {
                    throw .usage("\(flag): \(number) cannot be shown on a log axis; give a value above 0")
                }
                return number
            }
            let kind = scale == .date ? "a date (like 2008-03-01) or a number" : scale == .category ? "a category name or a number" : "a number"
            throw .usage("\(flag): '\(CommandError.oneLine(text))' is not \(kind)")
        }
        let lo = try lower.map { (t) throws(CommandError) in try value(t, isLower: true) } ?? fitted.lower
        let hi = try upper.map { (t) throws(CommandError) in try value(t, isLower: false) } ?? fitted.upper
        guard lo < hi else { throw .usage("\(flag): the lower end must be below the upper end (got \(lo) and \(hi))") }
        return PlotRange(lo, hi)
    }

    /// The view of `graph` that `x` and `y` name (either may be nil), for its default plot space.
    static func view(x: RangeOption?, y: RangeOption?, graph: Graph) throws(CommandError) -> GraphView {
        guard x != nil || y != nil else { return .fitted }
        let space = graph.defaultPlotSpace
        let fitted = graph.fittedRanges()[space.identifier]!
        var view = GraphView.fitted
        var ranges = GraphView.Ranges()
        let scales = graph.scales(of: space)
        ranges.x = try x?.range(scale: scales.x, categories: graph.categoryNames(in: space, along: .x), fitted: fitted.x).map(ViewRange.ends)
        ranges.y = try y?.range(scale: scales.y, categories: graph.categoryNames(in: space, along: .y), fitted: fitted.y).map(ViewRange.ends)
        // A y range given is what is shown; without one, y fits what the x range shows.
        view.autoscalesY = ranges.y == nil
        view[space: space.identifier] = ranges
        return view
    }
}
