import ChartCairo
import Foundation
import Testing

/// The trading range and range kinds from the command line, with the real binary: real public
/// data with no flags but the file, SQLite tables and queries, CSV, themes, SVG and PDF, and
/// one-line errors for data they cannot chart.
@Suite struct TradingRangeCommandTests {
    func dump(_ arguments: [String]) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", "900x600", "--dump-layout", "-"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    @Test func vegaOHLCIsCandlesticksWithNoFlags() throws {
        let layout = try dump([try RealData.path("vega/ohlc.csv")])
        #expect(layout.note?.hasSuffix("candlestick (detected)") == true, "\(layout.note ?? "")")
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "candlestick")
        #expect(Set(plot.items.map(\.record)).count == 44, "one candle per trading day of vega's ohlc.csv")
        #expect(plot.items.first?.text == "2009-06-01 · O 28.70 H 30.05 L 28.45 C 30.04")
        // The y axis fits the lows and highs.
        let ohlc = try dump([try RealData.path("vega/ohlc.csv"), "--kind", "ohlc"])
        #expect(ohlc.plots.first?.kind == "ohlc")
        #expect(ohlc.plots.first?.items.count == 44)
    }

    @Test func stocksSQLiteTablesAreCandlesticksPerTicker() throws {
        let db = try RealData.path("stocks.sqlite")
        let ohlc = try dump([db, "--table", "ohlc"])
        #expect(ohlc.plots.map(\.kind) == Array(repeating: "candlestick", count: ohlc.plots.count))
        #expect(ohlc.plots.count >= 2, "one plot per ticker")
        #expect(ohlc.legend.entries.map(\.title) == ohlc.plots.map(\.title))
        #expect(ohlc.plots[0].items.first?.text?.hasPrefix("2000-03-01 · AAPL O ") == true, "\(ohlc.plots[0].items.first?.text ?? "")")
        let vix = try dump([db, "--table", "vix"])
        #expect(vix.plots.map(\.kind) == ["candlestick"])
        // A query with the columns named by flags, drawn as OHLC bars.
        let query = try dump([
            db, "--query", "SELECT Date, Open AS a, High AS b, Low AS c, Close AS d FROM ohlc WHERE Ticker = 'IBM' AND Date < '2001-01-01'",
            "--kind", "ohlc", "--open", "a", "--high", "b", "--low", "c", "--close", "d"
        ])
        #expect(query.plots.first?.kind == "ohlc")
        #expect(query.plots.first?.items.first?.text?.hasPrefix("2000-03-01 · O ") == true)
    }

    @Test func hollowCandlesColorsThemesAndFiles() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = dir + "/candles.json"
        try """
        {"charts": [{"name": "c", "kind": "candlestick", "data": {"csv": "\(try RealData.path("vega/ohlc.csv"))"},
                     "hollow": true, "risingColor": "#0000ff", "fallingColor": "#ff8800"}]}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        let layout = try dump([spec])
        let colors = Set(try #require(layout.plots.first).items.map(\.color))
        #expect(colors.isSuperset(of: ["#ff8800"]) && colors.contains { $0.hasPrefix("#0000ff") || $0 == "#00000000" }, "\(colors)")
        for output in ["c.png", "c.svg", "c.pdf"] {
            let result = try ChartviewProcess.run([spec, "--theme", "dark", "--output", dir + "/" + output])
            #expect(result.status == 0, "\(output): \(result.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: dir + "/" + output)[.size] as? Int) ?? 0
            #expect(size > 1000, "\(output) is \(size) bytes")
        }
    }

    @Test func errorBarsAndBandsFromCSVAndSQLite() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/m.csv"
        try "day,mean,err\n1,10,2\n2,12,1\n3,8,3\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let bars = try dump([csv, "--kind", "errorbar"])
        #expect(bars.plots.first?.kind == "errorbar")
        #expect(bars.plots.first?.items.first?.text == "day 1 · mean 10 (8–12)")
        let named = try dump([csv, "--kind", "errorbar", "--y", "mean", "--error", "err"])
        #expect(named.plots.first?.items.map(\.text) == bars.plots.first?.items.map(\.text))
        let seattle = try dump([try RealData.path("vega/seattle-weather.csv"), "--kind", "range", "--low", "temp_min", "--high", "temp_max"])
        #expect(seattle.plots.first?.kind == "range")
        #expect(seattle.plots.first?.items.first?.text == "2012-01-01 · temp_min–temp_max 5.00–12.80")
        let penguins = try dump([
            try RealData.path("penguins.sqlite"), "--query",
            "SELECT species, avg(body_mass_g) AS mass, min(body_mass_g) AS low, max(body_mass_g) AS high FROM penguins GROUP BY species",
            "--kind", "errorbar"
        ])
        #expect(penguins.plots.first?.items.contains { $0.rect.count == 4 } == true, "bars for text categories")
        #expect(
            penguins.plots.first?.items.first?.text?.hasPrefix("Adelie · mass 3700.66 (2850.00–4775.00)") == true,
            "\(penguins.plots.first?.items.first?.text ?? "")")
    }

    @Test func groupsOfErrorBarsStandSideBySideInEachCategory() throws {
        let layout = try dump([
            try RealData.path("penguins.sqlite"), "--query",
            "SELECT species, sex, avg(body_mass_g) AS mass, sqrt(avg(body_mass_g * body_mass_g) - avg(body_mass_g) * avg(body_mass_g)) AS sd "
                + "FROM penguins WHERE sex IS NOT NULL GROUP BY species, sex",
            "--kind", "errorbar", "--x", "species", "--group", "sex", "--error", "sd"
        ])
        #expect(layout.plots.map(\.title) == ["female", "male"])
        let bars = layout.plots.map { $0.items.filter { $0.rect.count == 4 } }
        #expect(bars.map(\.count) == [3, 3])
        for (female, male) in zip(bars[0], bars[1]) {
            #expect(female.rect[0] + female.rect[2] <= male.rect[0], "female \(female.rect) left of male \(male.rect)")
        }
        #expect(bars[1][2].text?.hasPrefix("Gentoo · male 5484.84 (") == true, "\(bars[1][2].text ?? "")")
    }

    @Test func dataTheseKindsCannotChartIsAOneLineError() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/two.csv"
        try "t,a\n1,2\n2,3\n".write(toFile: csv, atomically: true, encoding: .utf8)
        for kind in ["candlestick", "ohlc", "range", "errorbar"] {
            let result = try ChartviewProcess.run([csv, "--kind", kind, "--output", dir + "/x.png"])
            #expect(result.status == 2, "\(kind): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("two.csv"), "\(kind): \(result.stderr)")
        }
        let missing = try ChartviewProcess.run([csv, "--kind", "candlestick", "--open", "nope", "--output", dir + "/x.png"])
        #expect(missing.status == 2 && missing.stderr.contains("no column 'nope'"), "\(missing.stderr)")
    }
}
