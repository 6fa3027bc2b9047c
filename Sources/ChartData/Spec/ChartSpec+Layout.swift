import ChartCore

extension ChartSpec {
    /// Several charts of a spec file in one window and one picture (`GraphGrid`): the file's
    /// `layout`, shown as its first page (`name`), before the charts one by one.
    ///
    ///     "layout": {"rows": 2, "columns": 2}
    ///     "layout": {"heights": [3, 1], "charts": ["price", "volume"]}
    ///
    /// Cells fill the rows in order, `columns` to a row, each row `heights` high relative to
    /// the others (equal by default).
    public struct LayoutSpec: Decodable, Sendable, Equatable {
        /// The page's name (`--chart`, `--list`); "layout" by default.
        public var name: String?
        /// Shown above the cells; nil for none.
        public var title: String?
        /// The charts in the cells, by name, in order; nil for every chart of the file.
        public var charts: [String]?
        /// How many rows; nil to take as many as the columns need (or as `heights` lists).
        public var rows: Int?
        /// Each row's relative height (`[3, 1]`: the first row three times the second); nil for equal rows.
        public var heights: [Double]?
        /// Cells to a row; nil to take as many as the rows need (as many rows as columns, or
        /// one column more, when neither is given).
        public var columns: Int?
        /// Which axes the charts whose x is one quantity over one stretch share
        /// (`GraphGrid.cellsSharingX(_:)`): none, x (nil: the default) or x and y; the others
        /// are navigated on their own.
        public var link: GridLink?

        /// The page's name when none is given.
        public static let defaultName = "layout"
        /// The most rows or columns a layout takes.
        public static let maxCells = 64

        enum CodingKeys: String, CodingKey, CaseIterable { case name, title, charts, rows, heights, columns, link }

        /// A layout of `charts` (nil: every chart of the file).
        public init(
            name: String? = nil, title: String? = nil, charts: [String]? = nil, rows: Int? = nil, heights: [Double]? = nil, columns: Int? = nil,
            link: GridLink? = nil
        ) {
            self.name = name
            self.title = title
            self.charts = charts
            self.rows = rows
            self.heights = heights
            self.columns = columns
            self.link = link
        }

        /// The page's name: `name`, or "layout".
        public var pageName: String { name ?? Self.defaultName }

        /// The names of the charts in the cells, in order, of a file whose charts are `names`.
        public func chartNames(among names: [String]) -> [String] { charts ?? names }

        /// Checks the layout against the file's charts (`specs`): a page name of one line that
        /// no chart has, charts that exist, once each, none split (a cell holds one chart), and a
        /// shape that holds them. Throws a spec error naming `path` and the key
        /// ("layout.charts[2]: no chart named 'x'").
        func validate(charts specs: [ChartSpec], path: String) throws(DataError) {
            let names = specs.map(\.name)
            func fail(_ key: String, _ message: String) -> DataError { DataError.spec(path: path, keyPath: "layout.\(key)", message: message) }
            if let name {
                if name.isEmpty { throw fail("name", "must not be empty") }
                if name.unicodeScalars.contains(where: ChartSpec.breaksLine) { throw fail("name", "must be one line of text") }
                if names.contains(name) { throw fail("name", "'\(name)' is also a chart's name; a page has a name of its own") }
            } else if names.contains(Self.defaultName) {
                throw fail("name", "is needed: a chart is named '\(Self.defaultName)'")
            }
            let shown = chartNames(among: names)
            if shown.isEmpty { throw fail("charts", "lists no charts") }
            if shown.count > Self.maxCells {
                throw fail(
                    charts == nil ? "charts" : "charts[\(Self.maxCells)]",
                    "a page holds at most \(Self.maxCells) charts (got \(shown.count)); list the ones to show")
            }
            var seen = Set<String>()
            for (index, chart) in shown.enumerated() {
                guard names.contains(chart) else {
                    throw fail("charts[\(index)]", "no chart named '\(chart)'; the charts are: \(names.joined(separator: ", "))")
                }
                guard seen.insert(chart).inserted else { throw fail("charts[\(index)]", "'\(chart)' is listed twice") }
                if specs.first(where: { $0.name == chart })?.split == true {
                    throw fail(
                        charts == nil ? "charts" : "charts[\(index)]",
                        "'\(chart)' is split (a chart per series) and a cell holds one chart; list the charts to show, or show it alone")
                }
            }
            if case .failure(let problem) = shape(for: shown.count) { throw fail(problem.key, problem.message) }
        }

        /// The grid's shape for `count` charts: columns, and each row's relative height (empty
        /// for equal rows); or what is wrong with `rows`, `heights` and `columns` for them, as a
        /// message for the key it names ("rows": "2 rows of 2 hold 4 charts, not 5"). O(rows).
        public func shape(for count: Int) -> Result<(columns: Int, rowHeights: [Double]), LayoutProblem> {
            precondition(count >= 1, "A layout has at least one chart.")
            if let rows, !(1...Self.maxCells).contains(rows) { return .failure(LayoutProblem(key: "rows", message: "must be from 1 to \(Self.maxCells)")) }
            if let heights {
                if !(1...Self.maxCells).contains(heights.count) {
                    return .failure(LayoutProblem(key: "heights", message: "must list from 1 to \(Self.maxCells) heights"))
                }
                if let bad = heights.first(where: { !($0 > 0 && $0.isFinite) }) {
                    return .failure(LayoutProblem(key: "heights", message: "relative heights are numbers above 0 (got \(bad))"))
                }
                // Relative heights are shares of the page: ratios past a million to one (or a
                // sum that overflows, [1e308, 1e308]) lay out no row anyone could see.
                if let low = heights.min(), let high = heights.max(), high / low > 1e6 || !heights.reduce(0, +).isFinite {
                    return .failure(
                        LayoutProblem(key: "heights", message: "relative heights differ by at most a million times (got \(low) and \(high))"))
                }
                if let rows, rows != heights.count {
                    return .failure(
                        LayoutProblem(
                            key: "heights", message: "lists \(heights.count) height\(heights.count == 1 ? "" : "s") for \(rows) row\(rows == 1 ? "" : "s")"))
                }
            }
            let given = rows ?? heights?.count
            let rowsKey = rows != nil ? "rows" : "heights"
            if let columns, !(1...Self.maxCells).contains(columns) {
                return .failure(LayoutProblem(key: "columns", message: "must be from 1 to \(Self.maxCells)"))
            }
            if let columns, columns > count {
                return .failure(LayoutProblem(key: "columns", message: "\(columns) columns for \(count) chart\(count == 1 ? "" : "s") leave columns empty"))
            }
            let columns: Int
            switch (given, self.columns) {
            case (let r?, let c?):
                guard r * c >= count else {
                    return .failure(
                        LayoutProblem(
                            key: rowsKey, message: "\(r) row\(r == 1 ? "" : "s") of \(c) \(r * c == 1 ? "holds 1 chart" : "hold \(r * c) charts"), not \(count)"
                        ))
                }
                columns = c
            case (let r?, nil): columns = (count + r - 1) / r
            case (nil, let c?): columns = c
            case (nil, nil):
                var side = 1
                while side * side < count { side += 1 }
                columns = side
            }
            let needed = (count + columns - 1) / columns
            if let given, given > needed {
                return .failure(
                    LayoutProblem(
                        key: rowsKey,
                        message:
                            "\(count) chart\(count == 1 ? "" : "s") \(count == 1 ? "fills" : "fill") \(needed) row\(needed == 1 ? "" : "s") of \(columns), not \(given)"
                    ))
            }
            return .success((columns, heights ?? []))
        }
    }

    /// What is wrong with a layout's shape: the key (`rows`, `columns`) and why.
    public struct LayoutProblem: Error, Equatable, Sendable {
        /// The key of the layout the problem is in.
        public var key: String
        /// Why, as the message after the key path.
        public var message: String
    }
}
