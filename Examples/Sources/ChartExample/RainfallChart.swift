import ChartCore

/// Builds the example's chart: this year's rainfall as bars, the normal as a dashed line with
/// symbols, in a theme of the example's own. Only public API.
enum RainfallChart {
    /// The graph over `data`, its plots reporting selections to `delegate` (held weakly by
    /// the plots: the caller keeps it alive).
    static func make(data: Rainfall, delegate: SelectionPrinter) -> Graph {
        let graph = Graph(title: "Monthly rainfall (sample data)", theme: theme)

        let rain = BarPlot(identifier: "rain", title: "2023", dataSource: data)
        rain.fill = .linearGradient(start: Color(rgb: 0x6BAED6), end: Color(rgb: 0x9ECAE1), angle: 90)
        rain.lineStyle = LineStyle(color: Color(rgb: 0x2171B5), width: 1)
        rain.barWidth = 0.7
        rain.barCornerRadius = 3
        rain.showsValueLabels = true
        rain.delegate = delegate
        graph.add(rain)

        let normal = ScatterPlot(identifier: "normal", title: "Normal", dataSource: data)
        normal.lineStyle = LineStyle(color: Color(rgb: 0xD94801), width: 2, dashPattern: [6, 3])
        normal.symbol = PlotSymbol(
            .diamond, size: 9, fill: .solid(Color(rgb: 0xFD8D3C)),
            lineStyle: LineStyle(color: Color(rgb: 0xD94801), width: 1))
        normal.interpolation = .curved
        normal.delegate = delegate
        graph.add(normal)

        graph.yAxis.title = "Rainfall (mm)"
        graph.xAxis.showsMajorGridLines = false
        graph.legend.position = .top
        return graph
    }

    /// The light theme with warmer paper, a framed plot area and a larger title.
    static var theme: Theme {
        var theme = Theme.plainWhite
        theme.name = "example"
        theme.background = .solid(Color(rgb: 0xFBF8F1))
        theme.plotAreaFill = .solid(.white)
        theme.plotAreaBorder = LineStyle(color: Color(rgb: 0x9E9A91), width: 1)
        theme.majorGrid = LineStyle(color: Color(rgb: 0xE4E0D6), width: 1, dashPattern: [2, 2])
        theme.titleText = TextStyle(fontSize: 20, isBold: true, color: Color(rgb: 0x1B2A41))
        theme.legendFill = .solid(Color(rgb: 0xFBF8F1))
        return theme
    }
}
