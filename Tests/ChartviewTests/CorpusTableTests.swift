import Foundation
import Testing

/// What a user asks of the defaults, each on a real table of the corpus (`.ci/real-data`'s R
/// and statsmodels data sets), through the real binary and its `--dump-layout` scene: the
/// shapes the corpus invariants cannot see from one run with no flags (a flag the user gave,
/// a popup's words, a date in an unusual spelling).
@Suite struct CorpusTableTests {
    /// The scene `chartview PATH ARGS --dump-layout -` prints, as JSON.
    static func scene(_ table: String, _ arguments: [String] = []) throws -> [String: Any] {
        let path = try RealData.path(table)
        let result = try ChartviewProcess.run([path] + arguments + ["--dump-layout", "-"])
        try #require(result.status == 0, "\(table) \(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func plots(_ scene: [String: Any]) -> [[String: Any]] { scene["plots"] as? [[String: Any]] ?? [] }
    static func items(_ plot: [String: Any]) -> [[String: Any]] { plot["items"] as? [[String: Any]] ?? [] }
    static func xScale(_ scene: [String: Any]) -> String? { (scene["spaces"] as? [[String: Any]])?.first?["xScale"] as? String }
    static func axisLabels(_ scene: [String: Any], _ index: Int) -> [String] {
        let axes = scene["axes"] as? [[String: Any]] ?? []
        guard axes.indices.contains(index) else { return [] }
        return (axes[index]["labels"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }
    static func legend(_ scene: [String: Any]) -> [String] {
        ((scene["legend"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }
    static func describe(_ table: String, _ arguments: [String] = []) throws -> String {
        let result = try ChartviewProcess.run([try RealData.path(table)] + arguments + ["--describe"])
        try #require(result.status == 0, "\(table): \(result.stderr)")
        return result.stdout
    }

    @Test("Decimal years (AirPassengers' 1949.083…) are months on a date axis")
    func decimalYears() throws {
        let scene = try Self.scene("corpus/rdata/datasets/AirPassengers.csv")
        #expect(Self.xScale(scene) == "date")
        let plot = try #require(Self.plots(scene).first)
        let text = try #require(Self.items(plot).dropFirst().first?["text"] as? String)
        #expect(text.hasPrefix("1949-02"), "\(text)")
        #expect(try Self.describe("corpus/rdata/datasets/AirPassengers.csv").contains("time read as dates (decimal years, 12 a year)"))
    }

    @Test("Year and quarter columns (statsmodels' macrodata) combine into dates")
    func yearAndQuarter() throws {
        let scene = try Self.scene("corpus/statsmodels/macrodata/macrodata.csv")
        #expect(Self.xScale(scene) == "date")
        let describe = try Self.describe("corpus/statsmodels/macrodata/macrodata.csv")
        #expect(describe.contains("year, quarter read as the dates of a column 'year-quarter'"))
        // Neither part is a series.
        #expect(!Self.legend(scene).contains("year") && !Self.legend(scene).contains("quarter"))
    }

    @Test("Box plots by a column of codes the user names: mtcars' mpg by cylinders 4, 6, 8")
    func boxByNamedCodes() throws {
        let scene = try Self.scene("corpus/rdata/datasets/mtcars.csv", ["--kind", "box", "--x", "cyl", "--y", "mpg"])
        let categories = Set(Self.plots(scene).flatMap(Self.items).compactMap { ($0["text"] as? String)?.components(separatedBy: " · ").first })
        #expect(categories == ["4", "6", "8"])
        #expect(Self.axisLabels(scene, 0) == ["4", "6", "8"])
    }

    @Test("A histogram is not split by names unique to each row, and --group none splits nothing")
    func histogramNotSplitByNames() throws {
        let plain = try Self.scene("corpus/rdata/ggplot2/msleep.csv", ["--kind", "histogram", "--y", "sleep_total"])
        #expect(Self.plots(plain).count == 1)
        let grouped = try Self.scene("corpus/rdata/ggplot2/msleep.csv", ["--kind", "histogram", "--x", "vore", "--y", "sleep_total"])
        #expect(Self.plots(grouped).count == 4, "one histogram per vore (the rows without one left out)")
        let none = try Self.scene(
            "corpus/rdata/ggplot2/msleep.csv", ["--kind", "histogram", "--x", "vore", "--y", "sleep_total", "--group", "none"])
        #expect(Self.plots(none).count == 1)
    }

    @Test("Whole numbers bin on whole numbers: every bin holds as many possible values")
    func integerHistogram() throws {
        // Women's ages at birth, 14 to 45: bins edged at halves, of one whole width.
        let scene = try Self.scene("corpus/rdata/MASS/birthwt.csv", ["--kind", "histogram", "--y", "age"])
        let plot = try #require(Self.plots(scene).first)
        let bars = Self.items(plot)
        let edges = bars.compactMap { ($0["text"] as? String)?.components(separatedBy: " · ").first }
        #expect(!edges.isEmpty)
        // "14–15": the whole numbers each bin holds, the same count of them in every bin.
        let spans = Set(
            edges.map { edge in
                let ends = edge.components(separatedBy: "–").compactMap { Int($0) }
                return ends.count == 2 ? ends[1] - ends[0] + 1 : ends.count == 1 ? 1 : -1
            })
        #expect(spans.count == 1 && !spans.contains(-1), "\(edges)")
    }

    @Test("Repeated categories: each bar's popup says how many rows it adds up (Titanic)")
    func popupsSayTheSum() throws {
        let scene = try Self.scene("corpus/rdata/datasets/Titanic.csv", ["--x", "Class", "--y", "Freq", "--group", "Survived", "--kind", "bar"])
        let texts = Self.plots(scene).flatMap(Self.items).compactMap { $0["text"] as? String }
        #expect(texts.contains("1st · Yes 203 (sum of 4 rows)"), "\(texts)")
        #expect(texts.count == 8)
    }

    @Test("`--kind bar --x manufacturer` counts the rows of each (ggplot2's mpg), and a column of counts adds up instead (Titanic's Freq)")
    func namedCategoriesCounted() throws {
        let scene = try Self.scene("corpus/rdata/ggplot2/mpg.csv", ["--kind", "bar", "--x", "manufacturer", "--group", "none"])
        let values = Self.plots(scene).flatMap(Self.items).compactMap { $0["value"] as? Double }
        #expect(values.count == 15 && values.reduce(0, +) == 234, "\(values)")
        let describe = try Self.describe("corpus/rdata/ggplot2/mpg.csv", ["--kind", "bar", "--x", "manufacturer"])
        #expect(describe.contains("y count"), "\(describe)")
        let titanic = try Self.scene("corpus/rdata/datasets/Titanic.csv", ["--kind", "bar", "--x", "Class", "--group", "none"])
        let sums = Self.plots(titanic).flatMap(Self.items).compactMap { $0["value"] as? Double }
        #expect(sums.reduce(0, +) == 2201, "Freq adds up to the 2,201 aboard: \(sums)")
    }

    @Test("A pie of many slices shows the 11 largest and one 'other'")
    func pieOfManySlices() throws {
        let scene = try Self.scene("corpus/rdata/ggplot2/msleep.csv", ["--kind", "pie", "--x", "order", "--y", "bodywt"])
        let plot = try #require(Self.plots(scene).first)
        let slices = Self.items(plot)
        #expect(slices.count == 12)
        #expect(Self.legend(scene).last == "other (8)")
        let note = scene["note"] as? String ?? ""
        #expect(note.contains("sum of 83 rows into 19 slices"), "a pie adds up its parts: \(note)")
        #expect(note.contains("19 slices: the 11 largest, and the other 8 as one"), "\(note)")
    }

    @Test("A table wide in years (World Bank fertility) is series over the years")
    func wideTableOfYears() throws {
        let scene = try Self.scene("corpus/statsmodels/fertility/fertility.csv")
        #expect(Self.xScale(scene) == "date")
        // One line per country with a value (9 of the 219 have none).
        #expect(Self.plots(scene).count == 210)
        #expect(Self.plots(scene).allSatisfy { ($0["kind"] as? String) == "scatter" || ($0["kind"] as? String) == "line" })
        let describe = try Self.describe("corpus/statsmodels/fertility/fertility.csv")
        #expect(describe.contains("a wide table: its 54 year columns read as years along x, one series per Country Name (219)"))
    }

    @Test("Groups by codes come in order (mtcars' cylinders 4, 6, 8), and every group's markers are one size")
    func codesSortedAndMarkersAlike() throws {
        let scene = try Self.scene("corpus/rdata/datasets/mtcars.csv", ["--x", "wt", "--y", "mpg", "--group", "cyl", "--kind", "scatter"])
        #expect(Self.legend(scene) == ["4", "6", "8"])
        let diamonds = try Self.scene("corpus/rdata/ggplot2/diamonds.csv", ["--x", "carat", "--y", "price", "--group", "cut", "--kind", "scatter"])
        let sizes = Set(Self.plots(diamonds).compactMap { Self.items($0).first?["symbolSize"] as? Double })
        #expect(sizes.count == 1, "\(sizes)")
    }

    @Test("--group names a heatmap's row column")
    func heatmapRows() throws {
        let scene = try Self.scene("corpus/rdata/datasets/mtcars.csv", ["--kind", "heatmap", "--x", "cyl", "--group", "gear", "--y", "mpg"])
        #expect(Self.axisLabels(scene, 1).sorted() == ["3", "4", "5"])
        #expect(Self.axisLabels(scene, 0) == ["4", "6", "8"])
    }

    @Test("A column named y is y beside x (boot's brambles: x, y, age)")
    func columnNamedY() throws {
        let describe = try Self.describe("corpus/rdata/boot/brambles.csv")
        #expect(describe.contains("chart: x x · groups age (3) · y y · scatter (detected)"), "\(describe)")
    }

    @Test("Columns apart by runs of spaces are columns (statsmodels' spector; scotvote, whose header lacks the rows' names)")
    func blankSeparated() throws {
        let spector = try Self.describe("corpus/statsmodels/spector/spector.csv")
        #expect(spector.contains("32 rows, 5 columns") && spector.contains("(columns separated by spaces)"), "\(spector)")
        #expect(spector.contains("  GPA "), "quotes around the names dropped: \(spector)")
        let scotvote = try Self.describe("corpus/statsmodels/scotland/src/scotvote.csv")
        #expect(scotvote.contains("32 rows, 43 columns"), "\(scotvote)")
        let scene = try Self.scene("corpus/statsmodels/scotland/src/scotvote.csv")
        #expect(Self.axisLabels(scene, 0).contains("Aberdeen_City"))
    }

    @Test(
        "R's vectors (row numbers and one column of numbers) chart the numbers, never refused: a sample as a histogram, numbers in order along the rows"
    )
    func vectorsAlongTheirRows() throws {
        // precip (cities' rainfall) and aircondit (hours between failures) are samples whose row
        // order says nothing; galaxies' velocities only grow, as the file sorted them.
        for (table, histogram) in [
            ("corpus/rdata/datasets/precip.csv", true), ("corpus/rdata/MASS/galaxies.csv", false), ("corpus/rdata/boot/aircondit.csv", true)
        ] {
            let scene = try Self.scene(table)
            let plot = try #require(Self.plots(scene).first)
            #expect(Self.items(plot).count >= (histogram ? 4 : 12), "\(table)")
            let describe = try Self.describe(table)
            #expect(describe.contains("only column of numbers to chart"), "\(describe)")
            #expect(describe.contains("· histogram (detected)") == histogram, "\(describe)")
        }
    }

    @Test("Booleans group false first, whatever row comes first (pscl's presidentialElections: south TRUE, then FALSE)")
    func booleansInOrder() throws {
        let scene = try Self.scene(
            "corpus/rdata/pscl/presidentialElections.csv", ["--x", "year", "--y", "demVote", "--group", "south", "--kind", "scatter"])
        #expect(Self.legend(scene) == ["FALSE", "TRUE"])
    }

    /// bokeh's SampleSuperstore as a spreadsheet exports it: Sales and Profit as money
    /// ("\"$1,234.56\"", "-$5.00"), Discount as a percentage ("20%"). Returns its path.
    static func superstoreAsExported() throws -> String {
        let text = try String(contentsOfFile: try RealData.path("bokeh/SampleSuperstore.csv"), encoding: .utf8)
        // Lines end in "\r\n", one Character.
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        // The file quotes nothing: every line is 13 plain fields.
        func money(_ field: Substring) -> String {
            let value = Double(field)!
            let cents = String(format: "%.2f", abs(value)).split(separator: ".")
            var whole = String(cents[0])
            var grouped = ""
            while whole.count > 3 {
                grouped = "," + whole.suffix(3) + grouped
                whole.removeLast(3)
            }
            // Quoted, as spreadsheets write a field with a comma in it.
            return "\"" + (value < 0 ? "-$" : "$") + whole + grouped + "." + cents[1] + "\""
        }
        for i in lines.indices.dropFirst() {
            var fields = lines[i].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[9] = money(Substring(fields[9]))
            fields[12] = money(Substring(fields[12]))
            fields[11] = String(format: "%g%%", Double(fields[11])! * 100)
            lines[i] = fields.joined(separator: ",")
        }
        let path = try ChartviewProcess.temporaryDirectory() + "/superstore-exported.csv"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("Money and percentages keep their unit in labels and popups, and add up as the plain numbers do (SampleSuperstore as exported)")
    func unitsKept() throws {
        let exported = try Self.superstoreAsExported()
        func scene(_ path: String, _ arguments: [String]) throws -> [String: Any] {
            let result = try ChartviewProcess.run([path] + arguments + ["--dump-layout", "-"])
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let bars = ["--kind", "bar", "--x", "Category", "--y", "Profit", "--aggregate", "sum", "--group", "none"]
        let plain = try scene(try RealData.path("bokeh/SampleSuperstore.csv"), bars)
        let money = try scene(exported, bars)
        let moneyTexts = Self.plots(money).flatMap(Self.items).compactMap { $0["text"] as? String }
        // "Furniture · Profit (sum) $18,451.25 (sum of 2121 rows)": the sum of the cents as
        // written, with the sign of money in front.
        var expected: [String: Double] = [:]
        let exportedText = try String(contentsOfFile: exported, encoding: .utf8)
        for line in exportedText.split(whereSeparator: \.isNewline).dropFirst() {
            // Category is the 8th field; Profit, the last, is "$1.00", "-$1.00" or quoted with commas.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let profit = line[line.index(after: line.lastIndex(of: "$")!)...].filter { $0.isNumber || $0 == "." }
            expected[String(fields[7]), default: 0] += Double(profit)! * (line.contains("-$") ? -1 : 1)
        }
        #expect(moneyTexts.count == 3, "\(moneyTexts)")
        for text in moneyTexts {
            let category = String(text.prefix { $0 != " " && $0 != "·" }).trimmingCharacters(in: .whitespaces)
            let written = text.split(separator: "$")[1].prefix { $0.isNumber || $0 == "," || $0 == "." }.filter { $0 != "," }
            let sum = (text.contains("-$") ? -1 : 1) * (Double(written) ?? .nan)
            let want = try #require(expected[category == "Office" ? "Office Supplies" : category], "\(text)")
            #expect(abs(sum - want) < 0.006, "\(text): the cents add up to \(want)")
        }
        let valueLabels = Self.axisLabels(money, 1)
        #expect(!valueLabels.isEmpty && valueLabels.allSatisfy { $0.hasPrefix("$") || $0.hasPrefix("-$") }, "\(valueLabels)")
        #expect(valueLabels.map { $0.replacingOccurrences(of: "$", with: "") } == Self.axisLabels(plain, 1))

        // Losses are "-$", not "$-"; percentages on x end in "%", also in the popups' locations.
        let points = try scene(exported, ["--kind", "scatter", "--x", "Discount", "--y", "Profit"])
        let pointTexts = Self.plots(points).flatMap(Self.items).compactMap { $0["text"] as? String }
        #expect(pointTexts.contains { $0.contains(" -$") } && !pointTexts.contains { $0.contains("$-") }, "\(pointTexts.prefix(5))")
        #expect(pointTexts.contains { $0.hasPrefix("Discount 20% · ") }, "\(pointTexts.prefix(5))")
        let discountLabels = Self.axisLabels(points, 0)
        #expect(!discountLabels.isEmpty && discountLabels.allSatisfy { $0.hasSuffix("%") }, "\(discountLabels)")
        let describe = try ChartviewProcess.run([exported, "--describe"]).stdout
        #expect(describe.contains("written $1") && describe.contains("written 1%"), "\(describe)")
    }
}
