import ChartCore

/// The built-in demo charts, from the seed tutorials. Each is made fresh per call.
enum DemoGallery {
    struct Demo: Sendable {
        let name: String
        let summary: String
        let make: @Sendable () -> Graph
    }

    static let all: [Demo] = [
        Demo(name: "enrollment", summary: "Enrolment by subject: one bar and one color per subject, names at 45°", make: enrollment),
        Demo(name: "rates", summary: "USD exchange rates over a week: 3 currencies as grouped bars", make: rates),
        Demo(name: "rates-pie", summary: "USD exchange rates as a pie: labeled slices with white borders", make: ratesPie),
        Demo(name: "mood", summary: "A journal's mood per day of the month", make: mood),
        Demo(name: "water-exercise", summary: "Water as bars and exercise as a line with circles, two y axes", make: waterExercise),
        Demo(name: "categories", summary: "A month's journal events by category, as a donut", make: categories),
        Demo(name: "squares", summary: "y = x² for x in -10…10 with cross symbols on a dark background", make: squares),
    ]

    /// The rates of the last day in `rates()`, for the pie.
    static let lastRates: [(String, Double)] = [("EUR", 0.914), ("GBP", 0.786), ("CHF", 0.865), ("JPY", 151.2 / 100), ("CAD", 1.397)]

    static func demo(named name: String) -> Demo? { all.first { $0.name == name } }

    /// The enrollment tutorial: students per subject, a color per bar, subject names rotated 45°
    /// under the bars, y range to the largest count + 1.
    static func enrollment() -> Graph {
        let subjects = ["Mathematics", "English", "Physics", "Chemistry", "Biology",
                        "History", "Geography", "Computer Science", "Art", "Music"]
        let students: [Double] = [12, 9, 7, 6, 8, 5, 4, 11, 3, 4]
        let graph = Graph(title: "Enrolment by subject")
        let colors = Theme.plainWhite.palette.map(Fill.solid)
        let plot = BarPlot(identifier: "enrollment", title: "Students", values: students, fills: colors)
        plot.barWidth = 0.6
        graph.add(plot)
        graph.legend.isHidden = true
        graph.defaultPlotSpace.yRange = PlotRange(0, (students.max() ?? 0) + 1)
        graph.xAxis.labelingPolicy = .none
        graph.xAxis.customLabels = subjects.enumerated().map { AxisLabel($0.element, at: Double($0.offset)) }
        graph.xAxis.labelRotation = 45
        graph.yAxis.labelingPolicy = .fixedInterval(1)
        graph.yAxis.title = "Students"
        return graph
    }

    /// The exchange-rate tutorial: three currencies over seven days as grouped bars
    /// (bar width 0.25, one offset per plot), y range 1.4 × the highest rate, a 2-line title.
    static func rates() -> Graph {
        let days = ["Nov 20", "Nov 21", "Nov 22", "Nov 23", "Nov 24", "Nov 25", "Nov 26"]
        let series: [(String, [Double])] = [
            ("EUR", [0.912, 0.915, 0.909, 0.918, 0.921, 0.917, 0.914]),
            ("GBP", [0.781, 0.779, 0.785, 0.788, 0.784, 0.790, 0.786]),
            ("CHF", [0.861, 0.866, 0.858, 0.870, 0.874, 0.869, 0.865]),
        ]
        let graph = Graph(title: "USD exchange rates\n20–26 November 2026")
        let width = 0.25
        for (index, (code, values)) in series.enumerated() {
            let plot = BarPlot(identifier: code.lowercased(), title: code, values: values, categories: days)
            plot.barWidth = width
            plot.barOffset = (Double(index) - Double(series.count - 1) / 2) * width
            graph.add(plot)
        }
        let highest = series.flatMap(\.1).max() ?? 1
        graph.defaultPlotSpace.yRange = PlotRange(0, 1.4 * highest)
        graph.defaultPlotSpace.xScale = .category
        graph.yAxis.labelFormat = .fixed(decimals: 2)
        graph.yAxis.title = "Units per USD"
        return graph
    }

    /// The journal tutorial's mood chart: one red bar per day of the month.
    static func mood() -> Graph {
        let moods: [Double?] = [3, 4, 4, 2, 5, 3, nil, 4, 5, 5, 3, 2, 1, 3, 4, 4, 5, 3, 3, 4, nil, 2, 3, 4, 5, 4, 3, 4, 5, 4]
        let graph = Graph(title: "Mood, November 2026")
        let plot = BarPlot(identifier: "mood", title: "Mood", values: moods,
                           locations: moods.indices.map { Double($0 + 1) })
        plot.fill = .solid(Color(rgb: 0xE03131))
        graph.add(plot)
        graph.legend.isHidden = true
        graph.defaultPlotSpace.yRange = PlotRange(0, 5.5)
        graph.xAxis.title = "Day"
        graph.yAxis.labelingPolicy = .fixedInterval(1)
        return graph
    }

    /// The exchange-rate tutorial's pie: one slice per currency sized by what one unit of it is
    /// worth in dollars, labeled "EUR\n0.91", white borders, starting at 45° and going clockwise.
    static func ratesPie() -> Graph {
        let graph = Graph(title: "USD exchange rates\n26 November 2026")
        let codes = lastRates.map(\.0), rates = lastRates.map(\.1)
        let pie = PieChart(identifier: "rates", title: "Rates", values: rates.map { 1 / $0 }, names: codes,
                           labels: zip(codes, rates).map { "\($0)\n" + String(format: "%.2f", $1) })
        pie.startAngle = 45
        pie.sliceDirection = .clockwise
        pie.borderLineStyle = LineStyle(color: .white, width: 2)
        pie.valueFormat = .fixed(decimals: 3)
        graph.add(pie)
        return graph
    }

    /// The journal tutorial's combined chart: water (glasses) as blue bars, exercise (minutes)
    /// as a brown line with circles, on a y axis of its own at the right.
    static func waterExercise() -> Graph {
        let water: [Double?] = [6, 8, 7, 5, 9, 8, nil, 7, 6, 8, 10, 9, 7, 6, 8, 7, 9, 8, 6, 7, 8, 9, 7, 5, 6, 8, 9, 10, 8, 7]
        let exercise: [Double?] = [30, 45, 0, 20, 60, 35, 40, 0, 25, 50, 45, 30, 0, 15, 40, 55, 60, 30, 20, nil, 35, 45, 50, 0, 30, 40, 65, 50, 35, 45]
        let days = water.indices.map { Double($0 + 1) }
        let graph = Graph(title: "Water and exercise, November 2026")
        let bars = BarPlot(identifier: "water", title: "Water (glasses)", values: water, locations: days)
        bars.fill = .solid(Color(rgb: 0x1C7ED6))
        bars.barWidth = 0.7
        graph.add(bars)
        let minutes = XYPlotSpace(identifier: "minutes")
        graph.add(minutes)
        let line = ScatterPlot(identifier: "exercise", title: "Exercise (minutes)", x: days, y: exercise)
        line.lineStyle = LineStyle(color: Color(rgb: 0x8B5A2B), width: 2)
        line.symbol = PlotSymbol(.ellipse, size: 7, fill: .solid(Color(rgb: 0x8B5A2B)))
        line.plotSpace = minutes
        graph.add(line)
        graph.xAxis.title = "Day"
        graph.yAxis.title = "Glasses of water"
        graph.yAxis.labelingPolicy = .fixedInterval(2)
        var right = Axis(identifier: "y2", coordinate: .y, edge: .right, plotSpaceIdentifier: "minutes", showsMajorGridLines: false)
        right.title = "Minutes of exercise"
        graph.axes.append(right)
        return graph
    }

    /// The journal tutorial's pie of the month's events by category, as a donut with its values
    /// inside the slices.
    static func categories() -> Graph {
        let names = ["Work", "Family", "Sport", "Friends", "Study", "Travel", "Other"]
        let counts: [Double?] = [12, 6, 8, 5, 7, 2, 3]
        let graph = Graph(title: "Journal events by category, November 2026")
        let pie = PieChart(identifier: "categories", title: "Events", values: counts, names: names)
        pie.innerRadiusFraction = 0.45
        pie.labelOffset = -6
        pie.labelTextStyle = TextStyle(fontSize: 13, isBold: true, color: .white)
        graph.add(pie)
        return graph
    }

    /// The scatter tutorial: y = x² for x in -10…10 with cross symbols, axis titles, fixed
    /// ranges, light lines on a dark background.
    static func squares() -> Graph {
        let xs = (-10...10).map(Double.init)
        let graph = Graph(title: "y = x²", theme: .plainBlack)
        let plot = ScatterPlot(identifier: "squares", title: "x²", x: xs, y: xs.map { $0 * $0 })
        plot.lineStyle = LineStyle(color: .white, width: 1.5)
        plot.symbol = PlotSymbol(.cross, size: 10, lineStyle: LineStyle(color: .white, width: 2))
        graph.add(plot)
        graph.legend.isHidden = true
        graph.defaultPlotSpace.xRange = PlotRange(-11, 11)
        graph.defaultPlotSpace.yRange = PlotRange(-5, 110)
        graph.xAxis.title = "Data X"
        graph.yAxis.title = "Data Y"
        graph.xAxis.showsMajorGridLines = true
        return graph
    }
}
