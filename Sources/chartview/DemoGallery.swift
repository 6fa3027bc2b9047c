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
        Demo(name: "mood", summary: "A journal's mood per day of the month", make: mood),
        Demo(name: "balance", summary: "Monthly balance with losses below the base", make: balance),
    ]

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

    /// Profit and loss per month: bars below the base go down, in a color of their own.
    static func balance() -> Graph {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let values: [Double] = [1200, 850, -300, 1500, 2100, -950, 400, 1800, -1200, 600, 2500, 3100]
        let graph = Graph(title: "Monthly balance 2026")
        let gain = Fill.solid(Color(rgb: 0x2F9E44)), loss = Fill.solid(Color(rgb: 0xE03131))
        let plot = BarPlot(identifier: "balance", title: "Balance (EUR)", values: values, categories: months,
                           fills: values.map { $0 < 0 ? loss : gain })
        graph.add(plot)
        graph.defaultPlotSpace.xScale = .category
        graph.legend.isHidden = true
        graph.yAxis.title = "EUR"
        return graph
    }
}
