import Foundation
import Testing

/// Issue 46's classes on real tables of their shape, through the real binary's `--describe`:
/// the first chart an analyst would draw, and why.
@Suite struct AnalystRealTableTests {
    /// The `chart:` line and the reasons under it.
    static func described(_ table: String, _ extra: [String] = []) throws -> (chart: String, reasons: String) {
        let result = try ChartviewProcess.run([try RealData.path(table), "--describe"] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let chart = try #require(lines.firstIndex { $0.hasPrefix("chart: ") })
        return (lines[chart], lines[(chart + 1)...].joined(separator: "\n"))
    }

    /// The laid-out scene of `table`'s default chart (`--dump-layout`).
    static func layout(_ table: String) throws -> LayoutDumpReader {
        let dump = try ChartviewProcess.run([try RealData.path(table), "--dump-layout", "-"])
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(dump.stdout.utf8))
    }

    /// Crime (a county's seven years, county after county): a panel. Years along x, the county
    /// a code, the mean at each year by region, not a line along the county numbers.
    @Test func aPanelIsItsMeanOverTimeNotALineAlongItsSubjects() throws {
        let (chart, reasons) = try Self.described("corpus/rdata/Ecdat/Crime.csv")
        #expect(chart == "chart: x year · groups region (3) · y crmrte (mean) · line (detected)")
        #expect(reasons.contains("county (a code)"), "\(reasons)")
        // Ten firms of magnitudes a hundred times apart (Grunfeld): their mean, not flat lines.
        let (grunfeld, why) = try Self.described("corpus/rdata/Ecdat/Grunfeld.csv")
        #expect(grunfeld == "chart: x year · y inv (mean) · line (detected)")
        #expect(why.contains("no groups: the 10 values of firm differ in magnitude"), "\(why)")
    }

    /// cars: speeds repeat; a line through them would be vertical spikes.
    @Test func anXThatRepeatsGivesPoints() throws {
        let (chart, reasons) = try Self.described("corpus/rdata/datasets/cars.csv")
        #expect(chart == "chart: x speed · y dist · scatter (detected)")
        #expect(reasons.contains("points: x repeats (a line through it would be spikes)"))
    }

    /// Doctor's number of children (8 values) colours nothing; mtcars' cylinders (3) do.
    @Test func codesOfMoreThanFiveValuesAreNoColours() throws {
        #expect(try !Self.described("corpus/rdata/Ecdat/Doctor.csv").chart.contains("groups"))
        #expect(try Self.described("corpus/rdata/datasets/mtcars.csv").chart.contains("groups cyl (3)"))
    }

    /// azt's patients and midwest's PID (numbered in order) name rows: never x or y.
    @Test func subjectsNumberedInOrderAreNeitherXNorY() throws {
        for table in ["corpus/rdata/KMsurv/azt.csv", "corpus/rdata/ggplot2/midwest.csv"] {
            let (chart, reasons) = try Self.described(table)
            #expect(!chart.contains(" patient ") && !chart.contains(" PID "), "\(chart)")
            #expect(reasons.contains("(a code)"), "\(reasons)")
        }
    }

    /// A district's code (Caschool's distcod), a document's number (Bids' docno) and a
    /// commune (VietNamI's) name rows: never x or y.
    @Test func codesAndNumbersOfThingsAreNeitherXNorY() throws {
        for (table, name) in [
            ("corpus/rdata/Ecdat/Caschool.csv", "distcod"), ("corpus/rdata/Ecdat/Bids.csv", "docno"), ("corpus/rdata/Ecdat/VietNamI.csv", "commune")
        ] {
            let (chart, _) = try Self.described(table)
            #expect(!chart.contains(" \(name) "), "\(chart)")
        }
    }

    /// mtcars: cars named one per row, 32 of them, with ten measures: mpg (the outcome) against
    /// what explains it best, not 32 clusters of 6 bars.
    @Test func rowsNamedOneEachAreACrossSection() throws {
        let (chart, _) = try Self.described("corpus/rdata/datasets/mtcars.csv")
        #expect(chart == "chart: x disp · groups cyl (3) · y mpg · scatter (detected)")
    }

    /// economics: five series from 10 to 300,000, a panel each; planets: two, a second axis.
    @Test func mixedMagnitudesGetPanelsOrASecondAxis() throws {
        let (economics, why) = try Self.described("corpus/rdata/ggplot2/economics.csv")
        #expect(economics.hasSuffix("· a panel each · line (detected)"), "\(economics)")
        #expect(why.contains("panels: one per series, x shared: their magnitudes differ"), "\(why)")
        let layout = try Self.layout("corpus/rdata/ggplot2/economics.csv")
        #expect(layout.cells?.count == 5)
        // Told otherwise, one axis.
        #expect(try Self.described("corpus/rdata/ggplot2/economics.csv", ["--y", "pce,pop"]).chart == "chart: x date · y pce, pop · line (detected)")
        // economics reshaped to two series: the second on an axis of its own.
        let file = try Self.reshaped("corpus/rdata/ggplot2/economics.csv", columns: ["date", "pce", "psavert"])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let two = try ChartviewProcess.run([file, "--describe"])
        #expect(two.stdout.contains("chart: x date · y pce, psavert · y2 psavert · line (detected)"), "\(two.stdout)")
    }

    /// A real table's columns `columns` (by name, in that order), written to a file of its own.
    static func reshaped(_ table: String, columns: [String], extra: (([String: String]) -> [String: String])? = nil) throws -> String {
        let lines = try String(contentsOfFile: try RealData.path(table), encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        var out = [columns.joined(separator: ",")]
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == header.count else { continue }
            var row = Dictionary(uniqueKeysWithValues: zip(header, cells))
            if let extra { row.merge(extra(row)) { $1 } }
            out.append(columns.map { row[$0] ?? "" }.joined(separator: ","))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("reshaped-\(UUID().uuidString).csv").path
        try out.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// cars reshaped with its distances' log, square and a copy in other units beside them:
    /// the copies are left out and named.
    @Test func derivedCopiesAreLeftOutAndNamed() throws {
        let file = try Self.reshaped("corpus/rdata/datasets/cars.csv", columns: ["speed", "dist", "ldist", "dist_sq", "metres"]) { row in
            let dist = Double(row["dist"] ?? "") ?? 1
            return ["ldist": "\(log(dist))", "dist_sq": "\(dist * dist)", "metres": "\(dist * 0.3048)"]
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try ChartviewProcess.run([file, "--describe", "--kind", "line"])
        #expect(result.stdout.contains("chart: x speed · y dist · line"), "\(result.stdout)")
        #expect(
            result.stdout.contains("not charted: ldist (derived from dist), dist_sq (derived from dist), metres (a near-copy of dist"),
            "\(result.stdout)")
    }

    /// ISLP's Bikeshare (a year of hourly rentals) laid out as a daily-profile table: a row per
    /// day, `h0 … h23` its hours' riders, and whether it was a working day. Each row is a
    /// curve: the hour along x, the mean day of each kind (commuters' two peaks against the
    /// weekend's one), not h0 against h1.
    @Test func seriesPerRowAreCurvesOverTheirNumbers() throws {
        let lines = try String(contentsOfFile: try RealData.path("islp/Bikeshare.csv"), encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let month = try #require(header.firstIndex(of: "mnth")), day = try #require(header.firstIndex(of: "day"))
        let hour = try #require(header.firstIndex(of: "hr")), working = try #require(header.firstIndex(of: "workingday"))
        let riders = try #require(header.firstIndex(of: "bikers"))
        var days: [String] = []
        var rows: [String: (working: String, hours: [String])] = [:]
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard cells.count == header.count, let h = Int(cells[hour]), (0..<24).contains(h) else { continue }
            let key = cells[month] + " " + cells[day]
            if rows[key] == nil {
                days.append(key)
                rows[key] = (cells[working], Array(repeating: "", count: 24))
            }
            rows[key]!.hours[h] = cells[riders]
        }
        #expect(days.count >= 300)
        let table =
            ["day,workingday," + (0..<24).map { "h\($0)" }.joined(separator: ",")]
            + days.map { "\($0),\(rows[$0]!.working),\(rows[$0]!.hours.joined(separator: ","))" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bikeshare-days-\(UUID().uuidString).csv").path
        try table.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try ChartviewProcess.run([file, "--describe"])
        #expect(result.stdout.contains("(one series per row: its 24 columns h0 … h23 read as h along x, the mean of each workingday (2)"), "\(result.stdout)")
        #expect(result.stdout.contains("chart: x h · y workingday 0 (mean of "), "\(result.stdout)")
        #expect(result.stdout.contains("line (detected)"), "\(result.stdout)")
        // A regression's numbered measures (biopsy's V1 … V9, Holzinger's T1 … T14) are no curve.
        for table in ["corpus/rdata/MASS/biopsy.csv", "corpus/rdata/psych/Holzinger.csv"] {
            let described = try ChartviewProcess.run([try RealData.path(table), "--describe"])
            #expect(described.status == 0 && !described.stdout.contains("one series per row"), "\(table): \(described.stdout)")
        }
    }

    /// The outcome by its name: cpus' published performance (perf; estperf, its estimate,
    /// explains nothing), pulpfiber's first response Y1 against the input X4 that explains it
    /// (not another response), phosphate's eight timed measurements per patient as each group's
    /// mean curve over the hours.
    @Test func outcomesByNameAndRepeatedMeasuresOverTime() throws {
        #expect(try Self.described("corpus/rdata/MASS/cpus.csv").chart == "chart: x mmin · y perf · scatter (detected)")
        // What is spent before the income it is spent from; an outcome sorted in the file
        // (Somerville's visits) is still the outcome, not an axis.
        #expect(try Self.described("corpus/statsmodels/engel/engel.csv").chart == "chart: x income · y foodexp · scatter (detected)")
        #expect(try Self.described("corpus/statsmodels/ccard/ccard.csv").chart.contains("x INCOME · groups OWNRENT (2) · y AVGEXP"))
        #expect(try Self.described("corpus/rdata/Ecdat/Somerville.csv").chart.contains("y visits"))
        #expect(try Self.described("corpus/rdata/robustbase/pulpfiber.csv").chart == "chart: x X4 · y Y1 · scatter (detected)")
        #expect(
            try Self.described("corpus/rdata/HSAUR/phosphate.csv").chart
                == "chart: x t · y control (mean of 20), obese (mean of 13) · line (detected)")
    }

    /// Identifiers that repeat (michelson's Run within each experiment, medpar's provider
    /// number) are codes, never values; one measure across a code of a few values is a box per
    /// value (Michelson's five experiments; sleep's two drugs), the code that tells the values
    /// apart most when there are several.
    @Test func oneMeasureAcrossACodeIsABoxPerValue() throws {
        let (michelson, why) = try Self.described("corpus/rdata/MASS/michelson.csv")
        #expect(michelson == "chart: x Expt · y Speed · box (detected)", "\(why)")
        #expect(why.contains("Run (a code)"), "\(why)")
        #expect(try Self.described("corpus/rdata/datasets/sleep.csv").chart == "chart: x group · y extra · box (detected)")
        #expect(try !Self.described("corpus/rdata/COUNT/medpar.csv").chart.contains("provnum"))
        let layout = try Self.layout("corpus/rdata/MASS/michelson.csv")
        // Each box's parts (box, whiskers, outliers) name its experiment: "1 · Speed median 940 …".
        let boxes = Set((layout.plots.first?.items ?? []).compactMap { $0.text?.components(separatedBy: " · ").first })
        #expect(boxes == ["1", "2", "3", "4", "5"], "a box per experiment: \(boxes)")
    }

    /// A survival table (lung: follow-up days, status 2 dead, 1 censored) is Kaplan–Meier
    /// curves by sex, steps from 1 that never rise and end at each group's last follow-up, not
    /// days against an institution code. boot's aml (cens 1 a relapse) and mastectomy (event
    /// TRUE) too.
    @Test func survivalTablesAreKaplanMeierCurves() throws {
        let (lung, why) = try Self.described("corpus/rdata/survival/lung.csv")
        #expect(lung == "chart: x time · y sex 1 (n=138, 112 events), sex 2 (n=90, 53 events) · line (detected)", "\(why)")
        let aml = try ChartviewProcess.run([try RealData.path("corpus/rdata/boot/aml.csv"), "--describe"])
        #expect(aml.stdout.contains("(a survival table: time to cens 1 (18 events, 5 censored)"), "\(aml.stdout)")
        #expect(try Self.described("corpus/rdata/HSAUR/mastectomy.csv").chart.contains("y without event (n=44, 26 events)"))
        // Transplants by type (alloauto), grafts by HLA match with rejection as the event.
        #expect(try Self.described("corpus/rdata/KMsurv/alloauto.csv").chart.contains("y type 1 (n=50, 22 events), type 2 (n=51, 28 events)"))
        #expect(try Self.described("corpus/rdata/KMsurv/allograft.csv").chart.contains("y match 0 (n=20, 18 events)"))
        // Counting-process rows (heart's start and stop) are no single follow-up each.
        let heart = try ChartviewProcess.run([try RealData.path("corpus/rdata/survival/heart.csv"), "--describe"])
        #expect(!heart.stdout.contains("survival table"), "\(heart.stdout)")
        let layout = try Self.layout("corpus/rdata/survival/lung.csv")
        let firstCurve = layout.plots.first?.items.map(\.value) ?? []
        #expect(firstCurve.first == 1 && firstCurve.allSatisfy { (0...1).contains($0) }, "\(firstCurve.prefix(5))")
        #expect(zip(firstCurve, firstCurve.dropFirst()).allSatisfy { $0 >= $1 }, "a survival curve never rises")
    }

    /// An outcome that is a choice of few values (Participation's lfp, UCBAdmissions' Admit
    /// weighted by Freq, Fishing's four modes): the share of each by the column that tells them
    /// apart most, not the colours of a scatter of two other columns. A measure is cut into
    /// bins of about equal rows; one that restates the outcome (Mroz's wife's wage, 0 for
    /// nearly every woman not working) is passed over.
    @Test func aChoiceOfFewValuesIsItsShareByWhatTellsItApart() throws {
        let (admissions, why) = try Self.described("corpus/rdata/datasets/UCBAdmissions.csv")
        #expect(admissions == "chart: x Dept · y Admit = Admitted (%) · bar (detected)", "\(why)")
        let described = try ChartviewProcess.run([try RealData.path("corpus/rdata/datasets/UCBAdmissions.csv"), "--describe"]).stdout
        #expect(described.contains("Admit (Admitted 1755, Rejected 2771, weighted by Freq)"), "\(described)")
        #expect(try Self.described("corpus/rdata/Ecdat/Participation.csv").chart.contains("y lfp = yes (%) · bar"))
        // Low birth weight by the mother's weight; not by earlier premature labours, whose
        // value 3 is one mother's.
        #expect(try Self.described("corpus/rdata/MASS/birthwt.csv").chart == "chart: x lwt · y low = 1 (%) · bar (detected)")
        // A survey's answers in their scale's order, not the file's (Very Low … Very High).
        #expect(
            try Self.described("corpus/rdata/pscl/politicalInformation.csv").chart.contains(
                "y y = Very Low (%), y = Fairly Low (%), y = Average (%), y = Fairly High (%), y = Very High (%)"))
        let (fishing, _) = try Self.described("corpus/rdata/Ecdat/Fishing.csv")
        #expect(fishing.contains("y mode = charter (%), mode = boat (%), mode = pier (%), mode = beach (%)"), "\(fishing)")
        #expect(try !Self.described("corpus/rdata/Ecdat/Mroz.csv").chart.contains("wagew"))
        // The shares are percentages of each bar's rows: Dept A admitted 601 of 933.
        let layout = try Self.layout("corpus/rdata/datasets/UCBAdmissions.csv")
        let first = try #require(layout.plots.first?.items.first?.value)
        #expect(abs(first - 100 * 601 / 933) < 0.01, "\(first)")
    }

    /// A correlation matrix (psych's Thurstone.33: nine tests by the same nine) and a distance
    /// table (cities) are a value per pair: a heatmap of the columns by the rows, not a
    /// scatter of one column of correlations against another.
    @Test func aMatrixIsAHeatmapOfItsPairs() throws {
        let (thurstone, why) = try Self.described("corpus/rdata/psych/Thurstone.33.csv")
        #expect(thurstone == "chart: x column · y value · heatmap", "\(why)")
        let described = try ChartviewProcess.run([try RealData.path("corpus/rdata/psych/Thurstone.33.csv"), "--describe"]).stdout
        #expect(described.contains("a matrix: its 9 rows and 9 columns name the same things"), "\(described)")
        #expect(try Self.described("corpus/rdata/psych/cities.csv").chart.hasSuffix("heatmap"))
        // Not a table of measurements that happens to be square (stackloss' first four rows:
        // four measures of four runs).
        let lines = try String(contentsOfFile: try RealData.path("corpus/rdata/datasets/stackloss.csv"), encoding: .utf8).split(separator: "\n")
        let square = FileManager.default.temporaryDirectory.appendingPathComponent("square-\(UUID().uuidString).csv").path
        try lines.prefix(5).joined(separator: "\n").write(toFile: square, atomically: true, encoding: .utf8)
        let result = try ChartviewProcess.run([square, "--describe"])
        #expect(!result.stdout.contains("heatmap") && !result.stdout.contains("a matrix"), "\(result.stdout)")
    }

    /// Mammals' body and brain weights: 62 rows named one each and two measures, one against the
    /// other (not 62 bars of body weight), both on log scales: they span six and five decades,
    /// most of them near the smallest. Nerlove's costs against output too; engel's (one decade)
    /// stay linear.
    @Test func skewedMeasuresOverDecadesAreOnLogScales() throws {
        let (mammals, why) = try Self.described("corpus/rdata/MASS/mammals.csv")
        #expect(mammals == "chart: x body · y brain · scatter (detected)", "\(why)")
        #expect(why.contains("log scale on x: body spans 6 decades") && why.contains("log scale on y: brain spans 5 decades"), "\(why)")
        #expect(try Self.described("corpus/rdata/Ecdat/Nerlove.csv").reasons.contains("log scale on x: output"))
        #expect(try !Self.described("corpus/statsmodels/engel/engel.csv").reasons.contains("log scale"))
        let dump = try ChartviewProcess.run([try RealData.path("corpus/rdata/MASS/mammals.csv"), "--dump-layout", "-"])
        #expect(dump.stdout.contains(#""xScale" : "logarithmic""#) && dump.stdout.contains(#""yScale" : "logarithmic""#), "log scales laid out")
        // A spec's linear scale undoes it.
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("linear-\(UUID().uuidString).json").path
        let data = try RealData.path("corpus/rdata/MASS/mammals.csv")
        try #"{"charts": [{"name": "m", "data": {"csv": "\#(data)"}, "xAxis": {"scale": "linear"}, "yAxis": {"scale": "linear"}}]}"#
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let linear = try ChartviewProcess.run([spec, "--dump-layout", "-"])
        #expect(linear.status == 0 && linear.stdout.contains(#""xScale" : "linear""#) && linear.stdout.contains(#""yScale" : "linear""#), "\(linear.stderr)")
    }

    /// Counts out of totals are rates: menarche's girls who had reached it out of those of each
    /// age (the logistic curve), Down's syndrome cases out of births by mother's age; not the
    /// two counts, whose sizes hide the rate.
    @Test func countsOutOfTotalsAreRates() throws {
        let (menarche, why) = try Self.described("corpus/rdata/MASS/menarche.csv")
        #expect(menarche == "chart: x Age · y rate of Menarche (%) · line (detected)", "\(why)")
        #expect(try Self.described("corpus/rdata/boot/downs.bc.csv").chart == "chart: x age · y rate of r (%) · line (detected)")
        // The rate is the count over its own row's total: menarche's last age, 1049 of 1049.
        let layout = try Self.layout("corpus/rdata/MASS/menarche.csv")
        let rates = layout.plots.first?.items.map(\.value) ?? []
        #expect(rates.first == 0 && rates.last == 100 && rates.allSatisfy { (0...100).contains($0) }, "\(rates.prefix(5))")
    }

    /// A grid of one quantity (volcano's elevations, 87 rows by V1 … V61; YeastD.mat's counts,
    /// R1 … R20 by C1 … C20) is a heatmap of every cell, not a mean profile or C1 against C2.
    @Test func aGridIsAHeatmapOfEveryCell() throws {
        let (volcano, why) = try Self.described("corpus/rdata/datasets/volcano.csv")
        #expect(volcano == "chart: x V · y value · heatmap", "\(why)")
        #expect(try Self.described("corpus/rdata/HistData/YeastD.mat.csv").chart == "chart: x column · y value · heatmap")
        let layout = try Self.layout("corpus/rdata/datasets/volcano.csv")
        #expect(layout.plots.first?.items.count == 87 * 61, "a cell each")
    }

    /// Trees measured at five times each (Sitka: tree, Time, size, treat): the mean size at
    /// each time per treatment, a growth curve, not two bars of the mean over every time; a
    /// study's times are numbers, not years. Epilepsy's seizure rate by period, not its baseline.
    @Test func aStudysTimesAreXWithTheMeanPerGroup() throws {
        let (sitka, why) = try Self.described("corpus/rdata/MASS/Sitka.csv")
        #expect(sitka == "chart: x Time · groups treat (2) · y size (mean) · line (detected)", "\(why)")
        #expect(why.contains("x: Time (times of a study's subjects)"), "\(why)")
        #expect(
            try Self.described("corpus/rdata/HSAUR/epilepsy.csv").chart
                == "chart: x period · groups treatment (2) · y seizure.rate (mean) · line (detected)")
        let dump = try ChartviewProcess.run([try RealData.path("corpus/rdata/MASS/Sitka.csv"), "--dump-layout", "-"])
        #expect(dump.stdout.contains(#""xScale" : "linear""#), "times, not years on a date axis")
    }

    /// Places are a map: Depredations' farms with longitude along x and latitude up y (it was
    /// latitude along x, the map turned on its side); Langren's longitudes by year stay a
    /// chart over time.
    @Test func placesAreAMapWithLongitudeAlongX() throws {
        let (farms, why) = try Self.described("corpus/rdata/car/Depredations.csv")
        #expect(farms == "chart: x longitude · y latitude · scatter (detected)", "\(why)")
        #expect(try Self.described("corpus/rdata/HistData/Langren1644.csv").chart.hasPrefix("chart: x Year"))
    }

    /// A choice-set table (statsmodels' modechoice: each row a mode offered, `choice` 1 for the
    /// one taken) is the share chosen, not the shares of the modes offered; nodal's r (0/1).
    @Test func theChoiceMadeBeforeTheModesOffered() throws {
        #expect(try Self.described("corpus/statsmodels/modechoice/modechoice.csv").chart.contains("y choice = 1 (%)"))
        #expect(try Self.described("corpus/rdata/boot/nodal.csv").chart.contains("y r = 1 (%)"))
    }
}
