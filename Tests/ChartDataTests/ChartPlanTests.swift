import ChartCore
import ChartData
import Foundation
import Testing

// What a user opening a file without flags expects chartview to choose: columns by their content
// and names, not their position; one series per group in long-format data; a line only when x
// never decreases; the titles the columns give. Shapes taken from real data sets (stock prices in
// long format, daily weather, penguin measurements, country statistics by year).

/// The table of CSV `text`.
private func table(_ text: String) throws -> DataTable {
    try CSVReader.parse(Array(text.utf8), path: "t.csv").table
}

/// The plan for CSV `text` with the user's choices.
private func plan(
    _ text: String, x: String? = nil, y: [String]? = nil, group: ChartPlan.Grouping = .automatic,
    kind: ChartKind? = nil
) throws -> ChartPlan {
    try ChartPlan(table: table(text), x: x, y: y, group: group, kind: kind, source: "t.csv")
}

private func names(_ plan: ChartPlan, _ columns: [Int]) -> [String] { columns.map { plan.profiles[$0].name } }

/// The graph for CSV `text` with `spec`'s choices.
private func graph(_ text: String, _ configure: (inout ChartSpec) -> Void = { _ in }) throws -> Graph {
    var spec = ChartSpec(name: "t", data: ChartSpec.DataSource(csv: "t.csv"))
    configure(&spec)
    return try ChartBuilder.graph(from: table(text), spec: spec, source: "t.csv")
}

/// Long-format stock prices, as vega_datasets' stocks.csv has them: symbol first, dates spelled
/// "Jan 1 2000", one row per symbol and month.
private let stocks = """
    symbol,date,price
    MSFT,Jan 1 2000,39.81
    MSFT,Feb 1 2000,36.35
    MSFT,Mar 1 2000,43.22
    AAPL,Jan 1 2000,25.94
    AAPL,Feb 1 2000,28.66
    AAPL,Mar 1 2000,33.95
    IBM,Jan 1 2000,100.52
    IBM,Feb 1 2000,92.11
    IBM,Mar 1 2000,106.11

    """

@Suite("Chart choice from the data")
struct ChartPlanTests {
    @Test("Dates are x, never a series, wherever their column is")
    func datesAreX() throws {
        let p = try plan("temp,date\n47.8,2010/01/01 00:00:00\n47.4,2010/01/01 01:00:00\n46.9,2010/01/01 02:00:00\n")
        #expect(names(p, [p.x]) == ["date"])
        #expect(names(p, p.series) == ["temp"])
        #expect(p.kind == .line)
    }

    @Test("Years as numbers are x and become dates: \"2013\" on the axis and in popups, not \"2,013\"")
    func yearsAreX() throws {
        let text = "year,sales\n2011,5000\n2012,7200\n2013,12000\n2014,9100\n"
        let p = try plan(text)
        #expect(names(p, [p.x]) == ["year"] && names(p, p.series) == ["sales"])
        #expect(p.profiles[p.x].role == .time)
        let g = try graph(text)
        #expect(g.defaultPlotSpace.xScale == .date)
        let plot = try #require(g.plots.first)
        #expect(plot.describe(record: 2, in: g.recordContext(for: plot))?.text == "2013 · sales 12,000")
        #expect(plot.describe(record: 0, in: g.recordContext(for: plot))?.text == "2011 · sales 5,000")
    }

    @Test("A year column is never a series, even when it is not x")
    func yearsAreNotSeries() throws {
        // Penguins: measurements of three years; x is the first measurement, not the year.
        let p = try plan(
            """
            species,bill_length_mm,bill_depth_mm,year
            Adelie,39.1,18.7,2007
            Gentoo,46.1,13.2,2007
            Adelie,39.5,17.4,2008
            Chinstrap,46.5,17.9,2009
            Gentoo,50,16.3,2009
            Adelie,40.3,18,2008
            Gentoo,48.7,14.1,2007
            Chinstrap,50,19.5,2007
            Adelie,36.7,19.3,2009
            Gentoo,47.5,15,2008

            """)
        #expect(names(p, [p.x]) == ["bill_length_mm"])
        #expect(names(p, p.series) == ["bill_depth_mm"])
        #expect(p.group.map { p.profiles[$0].name } == "species")
        #expect(p.kind == .scatter)
    }

    @Test("Long-format data gets one line per group, each in date order, with its own color")
    func longFormatGroups() throws {
        let p = try plan(stocks)
        #expect(names(p, [p.x]) == ["date"])
        #expect(p.group.map { p.profiles[$0].name } == "symbol")
        #expect(p.groupValues == ["MSFT", "AAPL", "IBM"])
        #expect(p.kind == .line)
        let g = try graph(stocks)
        #expect(g.plots.map(\.title) == ["MSFT", "AAPL", "IBM"])
        #expect(g.legend.isHidden == false)
        #expect(g[axis: "y"].title == "price" && g[axis: "x"].title == "date")
        let scene = g.layout(size: Size(width: 800, height: 600), measurer: FixedTextMeasurer())
        let colors = scene.plots.flatMap { plot in plot.items.map(\.fill.representativeColor) }
        #expect(Set(colors).count == 3)
        let aapl = try #require(g.plot(identifier: "aapl"))
        #expect(aapl.describe(record: 2, in: g.recordContext(for: aapl))?.text == "2000-03 · AAPL 33.95")
    }

    @Test("--group names the column; 'none' turns detection off; more than 50 groups is a clear error")
    func explicitGroups() throws {
        let none = try plan(stocks, group: .none)
        #expect(none.group == nil && none.kind == .scatter)
        var rows = "code,day,value\n"
        for i in 0..<60 { rows += "c\(i),2020-01-01,\(i)\nc\(i),2020-01-02,\(i + 1)\n" }
        #expect(
            throws: DataError.unusable(
                path: "t.csv",
                message:
                    "column 'code' has 60 distinct values, more than the 50 groups a chart can tell apart; filter the rows (a query with WHERE) or group by another column"
            )
        ) {
            _ = try plan(rows, group: .column("code"))
        }
        // Detection never picks a column of more than 50 values.
        #expect(try plan(rows).group == nil)
        #expect(throws: DataError.self) { _ = try plan(stocks, group: .column("nope")) }
    }

    @Test("x that goes back and forth gives points; that never decreases, a line; text, bars; x that repeats, points")
    func kindFromShape() throws {
        #expect(try plan("x,y\n3,1\n1,2\n2,3\n").kind == .scatter)
        #expect(try plan("x,y\n1,1\n2,2\n3,3\n").kind == .line)
        // A line through a repeated x is a vertical spike.
        #expect(try plan("x,y\n1,1\n1,2\n2,3\n").kind == .scatter)
        #expect(try plan("name,v\na,1\nb,2\n").kind == .bar)
        #expect(try plan("x,y\n3,1\n1,2\n2,3\n", kind: .line).kind == .line)
    }

    @Test("A line asked for on unsorted x joins its points in x order (stable), unless keepOrder")
    func linesInXOrder() throws {
        let text = "x,y\n3,30\n1,10\n2,20\n1,11\n"
        let sorted = try graph(text) { $0.kind = .line }
        let line = try #require(sorted.plots.first as? ScatterPlot)
        let scene = sorted.layout(size: Size(width: 600, height: 400), measurer: FixedTextMeasurer())
        let xs = scene.plots[0].items.map(\.value)
        #expect(xs == [10, 11, 20, 30])
        #expect(line.recordCount == 4)
        let kept = try graph(text) {
            $0.kind = .line; $0.keepOrder = true
        }
        let keptScene = kept.layout(size: Size(width: 600, height: 400), measurer: FixedTextMeasurer())
        #expect(keptScene.plots[0].items.map(\.value) == [30, 10, 20, 11])
    }

    @Test("Increasing whole numbers are x; text with a value per row is categories before them")
    func keysAndCategories() throws {
        let walk = try plan("x,y\n0,0.5\n1,0.7\n2,0.1\n3,0.4\n")
        #expect(names(walk, [walk.x]) == ["x"] && walk.kind == .line)
        // A first column of 1…n numbers the rows: not a series.
        let ranked = try plan("rank,country,population\n1,India,1428\n2,China,1425\n3,USA,340\n")
        #expect(names(ranked, [ranked.x]) == ["country"] && names(ranked, ranked.series) == ["population"])
        // An id is not charted.
        let ids = try plan("id,name,score\n7,a,1\n3,b,2\n9,c,3\n")
        #expect(names(ids, ids.series) == ["score"])
    }

    @Test("Parts of a date are not series next to a date; in order, they are x")
    func dateParts() throws {
        let weather = try plan(
            """
            origin,year,month,day,hour,temp,time_hour
            EWR,2013,1,1,1,39.02,2013-01-01T06:00:00Z
            EWR,2013,1,1,2,39.02,2013-01-01T07:00:00Z
            JFK,2013,1,1,1,39.92,2013-01-01T06:00:00Z
            JFK,2013,1,1,2,39.02,2013-01-01T07:00:00Z

            """)
        #expect(names(weather, [weather.x]) == ["time_hour"])
        #expect(names(weather, weather.series) == ["temp"])
        #expect(weather.group.map { weather.profiles[$0].name } == "origin")
        let month = try plan("day,water,exercise\n1,6,30\n2,8,45\n3,7,0\n")
        #expect(names(month, [month.x]) == ["day"] && names(month, month.series) == ["water", "exercise"])
    }

    @Test("Every year the same is not an x axis from 1850 to 2200")
    func oneYear() throws {
        let g = try graph("year,v\n2013,1\n2013,2\n2013,3\n") { $0.x = "year" }
        let scene = g.layout(size: Size(width: 800, height: 600), measurer: FixedTextMeasurer())
        let labels = scene.axes.first { $0.axisID == "x" }?.labels.map(\.text) ?? []
        #expect(!labels.isEmpty)
        #expect(labels.allSatisfy { $0.contains("2013") || $0.contains("2012") || !$0.contains("18") }, "\(labels)")
        #expect(!labels.contains { $0.hasPrefix("18") || $0.hasPrefix("22") }, "\(labels)")
    }

    @Test("Titles from the data: the file's name, the query's columns, the axes' columns")
    func titles() throws {
        let g = try graph(stocks)
        #expect(g.title == "t")
        var spec = ChartSpec(name: "q", data: ChartSpec.DataSource(database: "db.sqlite", query: "SELECT …"))
        spec.x = "date"
        let q = try ChartBuilder.graph(from: table(stocks), spec: spec, source: "db.sqlite")
        #expect(q.title == "price by date and symbol")
        let single = try graph("day,EUR\nNov 20,0.91\nNov 21,0.92\n")
        #expect(single[axis: "x"].title == "day" && single[axis: "y"].title == "EUR")
        let several = try graph("day,EUR,GBP\nNov 20,0.91,0.78\nNov 21,0.92,0.79\n")
        #expect(several[axis: "y"].title == nil)
    }

    @Test("Horizontal bars read top to bottom in the data's order")
    func horizontalBarsTopDown() throws {
        let g = try graph("fruit,sold\nApples,30\nBananas,20\nCherries,10\n") { $0.kind = .hbar }
        let scene = g.layout(size: Size(width: 600, height: 400), measurer: FixedTextMeasurer())
        let tops = scene.plots[0].items.sorted { $0.record < $1.record }.map(\.bounds.minY)
        #expect(tops == tops.sorted() && Set(tops).count == 3, "\(tops)")
        let labels = scene.axes.first { $0.axisID == "y" }?.labels.sorted { $0.rect.minY < $1.rect.minY }.map(\.text)
        #expect(labels == ["Apples", "Bananas", "Cherries"])
    }

    @Test("Bars on a date axis take their width from the data's spacing: 80% of a day, of a month")
    func dateBarWidths() throws {
        let daily = try graph("day,v\n2024-03-01,1\n2024-03-02,2\n2024-03-04,3\n") { $0.kind = .bar }
        let bars = try #require(daily.plots.first as? BarPlot)
        #expect(abs(bars.barWidth - 0.8 * 86_400) < 1)
        let monthly = try graph("month,v\n2024-01-01,1\n2024-02-01,2\n2024-03-01,3\n2024-04-01,4\n") { $0.kind = .stacked }
        let monthBars = try #require(monthly.plots.first as? BarPlot)
        #expect(abs(monthBars.barWidth - 0.8 * 2_629_746) < 1)
        let scene = monthly.layout(size: Size(width: 800, height: 600), measurer: FixedTextMeasurer())
        #expect(scene.plots[0].items.allSatisfy { $0.bounds.width > 50 }, "bars are hairlines")
    }

    @Test("--describe says each column's type, role and distinct values, and the chart")
    func describe() throws {
        let text = try plan(stocks).description(source: "stocks.csv")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "stocks.csv: 9 rows, 3 columns")
        #expect(lines[1].contains("symbol") && lines[1].contains("text") && lines[1].contains("group") && lines[1].contains("3 distinct"))
        #expect(lines[2].contains("date") && lines[2].contains("time") && lines[2].contains(" x "))
        #expect(lines[3].contains("price") && lines[3].contains("series"))
        #expect(text.contains("chart: x date · groups symbol (3) · y price · line (detected)"))
    }

    @Test("A table with no rows plans a chart saying so, not an error")
    func noRows() throws {
        let empty = DataTable(columns: [DataColumn(name: "day", values: .number([])), DataColumn(name: "mood", values: .number([]))])
        let p = try ChartPlan(table: empty, source: "t")
        #expect(names(p, [p.x]) == ["day"] && names(p, p.series) == ["mood"])
    }
}

/// Text metrics without a font: 7 pixels per character, 14 per line.
struct FixedTextMeasurer: TextMeasuring {
    func size(of text: String, style: TextStyle) -> Size {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return Size(width: Double(lines.map(\.count).max() ?? 0) * 7 * style.fontSize / 12, height: Double(lines.count) * 14 * style.fontSize / 12)
    }
}

@Suite("Messy CSV files: no header, day-month dates")
struct MessyCSVTests {
    @Test("A first row of numbers over columns of numbers is data: the columns are 'column 1'…")
    func noHeader() throws {
        let t = try table(
            "CN010010,01,001,\"Autauga County, AL\",2009,9.7\nPA011000,01,003,\"Baldwin County, AL\",2009,9.1\nCN010050,01,005,\"Barbour County, AL\",2009,13.4\n"
        )
        #expect(t.columns.map(\.name) == ["column 1", "column 2", "column 3", "column 4", "column 5", "column 6"])
        #expect(t.rowCount == 3)
        #expect(t.columns[5].numbers == [9.7, 9.1, 13.4])
        // A header of words over numbers stays a header; so does one of text over text.
        #expect(try table("a,b\n1,2\n3,4\n").columns.map(\.name) == ["a", "b"])
        #expect(try table("name,city\nx,y\n").columns.map(\.name) == ["name", "city"])
        // Years as column names over text stay names.
        #expect(try table("country,2019,2020\nFrance,1,2\n").columns.map(\.name) == ["country", "2019", "2020"])
    }

    @Test("Dates with slashes are read in the order the column's values allow, or its name spells")
    func slashedDates() throws {
        let us = try table("DATE (MM/DD/YYYY),v\n10/14/2018,1\n10/15/2018,2\n")
        #expect(us.columns[0].isDate)
        #expect(us.columns[0].numbers?.first.map { DateResolution.day.format($0) } == "2018-10-14")
        let european = try table("day,v\n29/11/2026,1\n1/12/2026 14:30,2\n")
        #expect(european.columns[0].numbers.map { $0.map { DateResolution.minute.format($0) } } == ["2026-11-29 00:00", "2026-12-01 14:30"])
        let named = try table("date (DD/MM/YYYY),v\n01/02/2026,1\n")
        #expect(named.columns[0].numbers?.first.map { DateResolution.day.format($0) } == "2026-02-01")
        // Open (no part passes 12): month first, as pandas reads them, and said (issue 45).
        let open = try table("d,v\n01/02/2026,1\n03/04/2026,2\n")
        #expect(open.columns[0].numbers?.first.map { DateResolution.day.format($0) } == "2026-01-02")
        #expect(open.notes.contains { $0.hasPrefix("column 'd': dates read month first") })
        // Contradicting itself, or no date: text, never a guess.
        #expect(try table("d,v\n13/01/2026,1\n01/13/2026,2\n").columns[0].isText)
        #expect(try table("d,v\n31/02/2026,1\n").columns[0].isText)
    }
}

/// The shapes a review of the column choice found wrong, each as it should be now.
@Suite("Chart choice: what a review found")
struct ChartPlanReviewTests {
    private func chart(_ text: String) throws -> String { try plan(text).note }

    @Test("Whole numbers of 1700 to 2100 are years only first and with no date beside them")
    func yearsByContent() throws {
        #expect(try chart("date,price\n2020-01-01,1850\n2020-01-02,1862\n2020-01-03,1901\n") == "x date · y price · line (detected)")
        #expect(try chart("year,count\n2001,2000\n2002,2030\n2003,2080\n") == "x year · y count · line (detected)")
        #expect(
            try chart("date,calories,steps\n2020-01-01,1900,8000\n2020-01-02,2050,9500\n2020-01-03,1980,7000\n")
                == "x date · y calories, steps · line (detected)")
        #expect(try chart("item,cost_per_year\na,1900\nb,2000\nc,2050\n") == "x item · y cost_per_year · bar (detected)")
        #expect(try plan("years,salary\n1,40000\n5,60000\n3,50000\n").profiles[0].role != .time)
    }

    @Test("Names of parts of a date and of ids count only where they fit")
    func partsAndKeys() throws {
        #expect(try chart("date,min,max\n2020-01-01,3,12\n2020-01-02,5,14\n2020-01-03,2,9\n") == "x date · y min, max · line (detected)")
        #expect(try chart("region,number\nNorth,12\nSouth,7\nEast,9\n") == "x region · y number · bar (detected)")
        #expect(
            try chart("time,sensor_id,value\n2020-01-01 00:00,1,5\n2020-01-01 00:00,2,6\n2020-01-01 01:00,1,7\n2020-01-01 01:00,2,8\n")
                == "x time · groups sensor_id (2) · y value · line (detected)")
    }

    @Test("A semicolon file with decimal commas, as European spreadsheets write it")
    func decimalCommas() throws {
        let t = try table("Datum;Wert\n2020-01-01;3,5\n2020-01-02;4,25\n2020-01-03;2,75\n2020-01-04;1.234,5\n")
        #expect(t.columns.map(\.name) == ["Datum", "Wert"])
        #expect(t.columns[1].numbers == [3.5, 4.25, 2.75, 1234.5])
    }

    @Test("Percentages and thousands separators are numbers; a wide table's date headers stay headers")
    func writtenNumbers() throws {
        let t = try table("region,share,population\nNorth,12%,\"1,412,000,000\"\nSouth,7.5 %,\"331,000\"\n")
        #expect(t.columns[1].numbers == [12, 7.5] && t.columns[2].numbers == [1_412_000_000, 331_000])
        let wide = try table("metric,2021-01,2021-02,2021-03\ncpu,10,20,30\nram,5,6,7\n")
        #expect(wide.columns.map(\.name) == ["metric", "2021-01", "2021-02", "2021-03"])
        let headerless = try table("1,5\n2,7\n3,9\n")
        #expect(headerless.rowCount == 3 && headerless.columns.map(\.name) == ["column 1", "column 2"])
    }

    @Test("Money and percentages are numbers that keep their unit; two currencies in one column are text")
    func numbersWithUnits() throws {
        let t = try table("item,price,change,rate,mixed,either\na,\"$1,250.50\",-$5,12%,$3,5%\nb,$-2,+$4,7.5 %,€3,5\nc,,$0.25,NA,$1,6%\n")
        #expect(t.columns[1].numbers?.prefix(2) == [1250.5, -2] && t.columns[1].unit == NumberUnit(prefix: "$"))
        #expect(t.columns[2].numbers == [-5, 4, 0.25] && t.columns[2].unit == NumberUnit(prefix: "$"))
        #expect(t.columns[3].numbers?.prefix(2) == [12, 7.5] && t.columns[3].unit == .percent)
        #expect(t.columns[4].isText, "$ beside € adds up to nothing")
        #expect(t.columns[5].numbers == [5, 5, 6] && t.columns[5].unit == nil, "a unit only some cells have is not the column's")
        let euro = try table("Artikel;Preis\na;3,40 €\nb;1.234,50 €\n")
        #expect(euro.columns[1].numbers == [3.4, 1234.5] && euro.columns[1].unit == NumberUnit(suffix: " €"))
    }

    @Test("Dates that do not repeat within a series are a line in date order, even listed newest first")
    func descendingDates() throws {
        #expect(try chart("Date,Close\n2020-01-03,12\n2020-01-02,11\n2020-01-01,10\n") == "x Date · y Close · line (detected)")
    }

    @Test("Long format with more series than a chart tells apart gives points, and says why")
    func tooManyGroups() throws {
        var rows = "sym,date,price\n"
        for d in 1...5 { for s in 0..<60 { rows += "s\(s),2020-01-0\(d),\(s * 10 + d)\n" } }
        let p = try plan(rows)
        #expect(p.group == nil && p.kind == .scatter)
        #expect(p.reasons.contains { $0.contains("more than 50 series") }, "\(p.reasons)")
    }

    @Test("Group names: dates at their resolution, whole numbers without separators, missing named")
    func groupNames() throws {
        let p = try plan("zip,day,v\n10001,2020-01-01,1\n10002,2020-01-01,2\n10001,2020-01-02,3\n10002,2020-01-02,4\n")
        #expect(p.groupValues == ["10001", "10002"], "\(p.reasons)")
        let missing = try plan("symbol,date,price\nA,2020-01-01,1\n,2020-01-01,2\nA,2020-01-02,3\n,2020-01-02,4\nB,2020-01-01,5\nB,2020-01-02,6\n")
        #expect(missing.groupValues == ["A", "(missing)", "B"])
    }

    @Test("Bars on quarterly and five-yearly dates are most of their slot")
    func slotWidths() throws {
        let quarterly = try graph("q,v\n2020-01-01,1\n2020-04-01,2\n2020-07-01,3\n2020-10-01,4\n") { $0.kind = .bar }
        let q = try #require(quarterly.plots.first as? BarPlot)
        #expect(abs(q.barWidth - 0.8 * 3 * 2_629_746) < 1)
        let lustrum = try graph("year,v\n1990,1\n1995,2\n2000,3\n") { $0.kind = .bar }
        let l = try #require(lustrum.plots.first as? BarPlot)
        #expect(abs(l.barWidth - 0.8 * 5 * 31_556_952) < 1)
    }

    @Test("Dates as people split them: yyyymmdd under a date name, year and month, a time named so")
    func datesFromParts() throws {
        let ymd = ColumnTyping.combiningDatesAndTimes(try table("date,value\n20200101,1\n20200102,2\n"))
        #expect(ymd.columns[0].isDate && ymd.notes == ["date read as dates (yyyymmdd)"])
        let ym = ColumnTyping.combiningDatesAndTimes(try table("year,month,sales\n2020,1,5\n2020,2,6\n2020,3,7\n"))
        #expect(ym.columns.map(\.name) == ["year-month", "year", "month", "sales"] && ym.columns[0].isDate)
        let pace = ColumnTyping.combiningDatesAndTimes(try table("date,pace,distance\n2020-01-01,5:30,10\n2020-01-02,5:12,12\n"))
        #expect(pace.columns.map(\.name) == ["date", "pace", "distance"], "a pace is not a time of day")
        let timed = ColumnTyping.combiningDatesAndTimes(try table("date,time,v\n2020-01-01,13:45,1\n2020-01-01,24:00,2\n"))
        #expect(timed.columns.map(\.name) == ["date", "v"])
        #expect(timed.columns[0].numbers.map { $0.map { DateResolution.minute.format($0) } } == ["2020-01-01 13:45", "2020-01-02 00:00"])
    }

    @Test("A single column of numbers is charted against its row numbers")
    func oneColumn() throws {
        let g = try graph("value\n3\n1\n4\n1\n5\n")
        #expect(g.note == "x row · y value · line (detected)")
    }
}

@Suite("Column profiles")
struct ColumnProfileTests {
    @Test("Names split into words alike in ASCII and beyond: year by name or not")
    func yearsByName() {
        let cases: [(String, Bool)] = [
            ("year", true), ("Year of birth", true), ("fiscalYear", true), ("model_year", true), ("YR", true),
            ("cost_per_year", false), ("years", false), ("yearly", false), ("Année", true), ("año fiscal", true),
            ("Jahr (Ernte)", true), ("stationYearId", true), ("Y", false), ("", false)
        ]
        for (name, expected) in cases {
            let profile = ColumnProfile(DataColumn(name: name, values: .number([2001, 2002])))
            #expect(profile.isYearByName == expected, "\(name)")
        }
    }

    /// What a column's profile says, worked out the plain way.
    static func naive(_ values: [Double]) -> (missing: Int, distinct: Int, lo: Double, hi: Double, nondecreasing: Bool, increasing: Bool, whole: Bool) {
        let present = values.filter(\.isFinite)
        let nondecreasing = zip(present, present.dropFirst()).allSatisfy { $0 <= $1 }
        let increasing = zip(present, present.dropFirst()).allSatisfy { $0 < $1 }
        return (
            values.count - present.count, nondecreasing ? Set(present).count : -1, present.min() ?? .nan, present.max() ?? .nan,
            nondecreasing, increasing, present.allSatisfy { $0 == $0.rounded() }
        )
    }

    @Test("The eight-at-a-time pass finds what one value at a time finds", arguments: 0..<12)
    func scanMatches(seed: Int) throws {
        var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 11 }
        let count = [0, 1, 7, 8, 9, 64, 1000, 4099][seed % 8]
        var values: [Double] = []
        var walk = 0.0
        for _ in 0..<count {
            switch seed % 4 {
            case 0: walk += Double(next() % 3)  // whole, never decreasing, ties
            case 1: walk = Double(next() % 1000) / 8  // halves and eighths, unsorted
            case 2: walk = Double(next() % 2 == 0 ? next() : 0) * 1e6  // past 2^51, whole
            default: walk += Double(next() % 5) + 0.5  // increasing, not whole
            }
            values.append(next() % 17 == 0 ? (next() % 2 == 0 ? .nan : .infinity) : walk)
        }
        let profile = ColumnProfile(DataColumn(name: "v", values: .number(values)))
        let expected = Self.naive(values)
        #expect(profile.missingCount == expected.missing)
        #expect(profile.isNondecreasing == expected.nondecreasing && profile.isIncreasing == expected.increasing)
        #expect(profile.isWhole == expected.whole)
        if expected.nondecreasing { #expect(profile.distinctCount == expected.distinct) }
        #expect(profile.minimum.isNaN && expected.lo.isNaN || profile.minimum == expected.lo)
        #expect(profile.maximum.isNaN && expected.hi.isNaN || profile.maximum == expected.hi)
    }
}
