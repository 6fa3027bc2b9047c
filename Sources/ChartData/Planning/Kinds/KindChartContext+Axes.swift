import ChartCore

extension KindChartContext {
    /// Sets up the axes of a chart whose records sit along x at the x column's locations and
    /// whose values run up y (trading ranges, error bars): the x scale, category names or the
    /// finest date unit, the titles, then what the spec's axes set. The legend shows for two
    /// plots or more unless the spec says otherwise.
    func applyLocationAxes(valueTitle: String?) {
        graph.defaultPlotSpace.xScale = x.scale
        if x.usesAxisLabels {
            graph[axis: "x"].labelingPolicy = .none
            graph[axis: "x"].customLabels = x.axisLabels
        }
        graph[axis: "x"].title = xTitle
        graph[axis: "x"].finestDateUnit = x.finestDateUnit
        graph[axis: "y"].title = valueTitle
        ChartBuilder.apply(spec.xAxis, to: &graph[axis: "x"], space: graph.defaultPlotSpace, isX: true)
        ChartBuilder.apply(spec.yAxis, to: &graph[axis: "y"], space: graph.defaultPlotSpace, isX: false)
        graph.legend.isHidden = spec.legend.map { !$0 } ?? (graph.plots.count < 2)
    }

    /// The x axis's title: the x column's name; under a header left empty (which the reader
    /// names "column 1"), "row" for row numbers and none for names (mtcars' cars say what they
    /// are).
    var xTitle: String? {
        let name = table.columns[plan.x].name
        guard name.hasPrefix("column "), Int(name.dropFirst("column ".count)) != nil else { return name }
        return plan.profiles[plan.x].isRowNumber ? "row" : table.columns[plan.x].isText ? nil : name
    }

    /// The column `name` names (exactly, else ignoring case), or an error listing the columns.
    func column(matching name: String) throws(DataError) -> Int {
        if let i = table.columns.firstIndex(where: { $0.name == name }) { return i }
        if let i = table.columns.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) { return i }
        return try column(named: name)
    }

    /// The first column called `name` ignoring case, other than x and the group column.
    func column(calledIgnoringCase name: String) -> Int? {
        table.columns.indices.first { $0 != plan.x && $0 != plan.group && table.columns[$0].name.lowercased() == name }
    }

    /// The columns of numbers after x in table order, other than the group column.
    var numberColumnsAfterX: [Int] {
        table.columns.indices.filter { $0 > plan.x && $0 != plan.group && table.columns[$0].numbers != nil }
    }

    /// Each group's rows in order of location (every row, nil, when already in order), with
    /// the group's title: its value, or `title` without groups.
    func sortedGroups(title: String) -> [(title: String, rows: [Int]?)] {
        rowsByGroup.enumerated().map { g, rows in
            (plan.group == nil ? title : plan.groupValues[g], x.isCategory ? rows : x.sortedByLocation(rows))
        }
    }

    /// `numbers` at `rows` (all of them, shared, for nil).
    func pick(_ numbers: [Double], _ rows: [Int]?) -> [Double] { rows.map { $0.map { numbers[$0] } } ?? numbers }

    /// The locations of `rows` and their category names on a category axis.
    func places(_ rows: [Int]?) -> (locations: [Double], categories: [String]?) {
        let locations = rows.map { $0.map { x.location(ofRow: $0) } } ?? x.allLocations
        let categories = x.isCategory ? (rows ?? Array(0..<table.rowCount)).map { x.name(ofRow: $0) } : nil
        return (locations, categories)
    }
}
