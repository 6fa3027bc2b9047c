import ChartData
import Foundation
import Testing

/// The first chart an analyst would draw (issue 46), for the classes a grader found wrong most
/// often: a cross-section's outcome on y against the measure that explains it best, not the
/// first two columns of numbers; ids of a study's subjects never measured; one column of
/// numbers in no order of its own as a histogram, not a line along the rows.
@Suite struct AnalystChoiceTests {
    static func plan(_ text: String) throws -> ChartPlan {
        try ChartPlan(table: CSVReader.parse(Array(text.utf8), path: "t.csv").table, source: "t.csv")
    }

    static func names(_ plan: ChartPlan, _ columns: [Int]) -> [String] { columns.map { plan.profiles[$0].name } }

    /// plm's Wages shape: hours worked first, education, the wage and its logarithm.
    @Test func aCrossSectionsOutcomeIsOnYAgainstWhatExplainsItBest() throws {
        let rows = (0..<40).map { i -> String in
            let educ = 8 + i % 10
            let wage = Double(educ) * 2.5 + Double((i * 13) % 11)
            return "\(30 + (i * 7) % 20),\(educ),\(wage),\(log(wage))"
        }
        let p = try Self.plan("hours,educ,wage,lwage\n" + rows.joined(separator: "\n") + "\n")
        #expect(Self.names(p, [p.x]) == ["educ"])
        #expect(Self.names(p, p.series) == ["wage"])
        #expect(p.reasons.contains("y: wage (the outcome, by its name)"), "\(p.reasons)")
        // The logarithm is a near-copy (rank correlation 1): never the x that explains it.
        #expect(p.reasons.contains { $0.hasPrefix("not charted: hours, lwage (other measures") }, "\(p.reasons)")
        // Measures in order (a dose, a day) stay the axis they were written as.
        let ordered = try Self.plan("dose,wage,score\n0.5,3,9\n1,5,4\n2,4,8\n4,8,1\n")
        #expect(Self.names(ordered, [ordered.x]) == ["dose"] && Self.names(ordered, ordered.series) == ["wage", "score"])
    }

    /// A firm's years (EmplUK) and a patient's rows (survival's kidney): the id names the rows'
    /// subjects, a code; the years of a panel index its rows, and are x.
    @Test func idsOfSubjectsAreCodesAndAPanelsYearsAreX() throws {
        let panel = try Self.plan("firm,year,emp\n1,1977,5\n1,1978,6\n2,1977,7\n2,1978,8\n3,1977,2\n3,1978,3\n")
        #expect(panel.profiles[0].role == .code)
        #expect(Self.names(panel, [panel.x]) == ["year"] && Self.names(panel, panel.series) == ["emp"])
        let kidney = try Self.plan("id,time,age\n1,8,28\n1,16,28\n2,23,48\n2,13,48\n3,22,32\n3,28,32\n4,447,31\n4,318,32\n")
        #expect(kidney.profiles[0].role == .code)
        #expect(!Self.names(kidney, [kidney.x] + kidney.series).contains("id"))
    }

    /// R's vectors: river lengths (no order) as a histogram; a signal, and numbers that only grow,
    /// along their rows; a column the user named orders the rows.
    @Test func oneColumnInNoOrderIsAHistogram() throws {
        func vector(_ values: [Double]) throws -> ChartPlan {
            try Self.plan("\"\",\"x\"\n" + values.enumerated().map { "\"\($0.offset + 1)\",\($0.element)" }.joined(separator: "\n") + "\n")
        }
        let sample = try vector((1...60).map { Double(($0 * 37) % 101) })
        #expect(sample.kind == .histogram)
        #expect(sample.reasons.contains { $0.hasPrefix("histogram: one column of numbers whose row order says nothing") })
        #expect(try vector((1...60).map { sin(Double($0) / 5) }).kind == .line)
        #expect(try vector((1...60).map { Double($0 * $0) }).kind == .line)
        // A column named by the user (t) orders its rows: a line, as live rows are.
        let named = try Self.plan("t,v\n" + (1...60).map { "\($0),\(($0 * 37) % 101)" }.joined(separator: "\n") + "\n")
        #expect(named.kind != .histogram)
    }

    /// A column the user named y is y: x is not chosen to explain another column.
    @Test func aNamedYKeepsTheFirstMeasureAsX() throws {
        let rows = (0..<40).map { i -> String in
            let educ = 8 + i % 10
            return "\(30 + (i * 7) % 20),\(educ),\(Double(educ) * 2.5 + Double((i * 13) % 11))"
        }
        let table = try CSVReader.parse(Array(("hours,educ,wage\n" + rows.joined(separator: "\n") + "\n").utf8), path: "t.csv").table
        let p = try ChartPlan(table: table, y: ["educ"], source: "t.csv")
        #expect(Self.names(p, [p.x]) == ["hours"] && Self.names(p, p.series) == ["educ"])
    }

    /// Whole numbers named with a subject's word among others measure it: `household_income`.
    @Test func aSubjectsWordInALongerNameIsNoCode() throws {
        let p = try Self.plan("household,household_income,size\n1,30000,2\n1,31000,2\n2,52000,4\n2,50500,4\n3,41000,3\n3,42000,3\n")
        #expect(p.profiles[0].role == .code && p.profiles[1].role == .measure)
    }

    /// The plan a new user gets for `text`: the table prepared (turned when laid out sideways).
    static func defaultPlan(_ text: String) throws -> ChartPlan {
        let table = try CSVReader.parse(Array(text.utf8), path: "t.csv").table
        return try ChartBuilder.plan(for: table, spec: ChartSpec(name: "t", data: .init(csv: "t.csv")), source: "t.csv")
    }

    /// Spectra laid out a row each (`w400 … w470`): a line per row along the numbers, named
    /// by the text column that names each row; many rows, the mean curve of each class;
    /// numbered columns whose values jump from one to the next (a regression's x1 … x8) stay
    /// measures.
    @Test func seriesPerRowAreTurnedIntoCurves() throws {
        let header = "sample,kind," + (0..<8).map { "w\(400 + 10 * $0)" }.joined(separator: ",")
        func curve(_ row: Int) -> String { (0..<8).map { "\(Double(row) + sin(Double($0) / 3))" }.joined(separator: ",") }
        let few = try Self.defaultPlan(header + "\n" + (0..<3).map { "s\($0),\($0 % 2 == 0 ? "a" : "b"),\(curve($0))" }.joined(separator: "\n") + "\n")
        #expect(Self.names(few, [few.x]) == ["w"] && Self.names(few, few.series) == ["s0", "s1", "s2"], "\(few.reasons)")
        #expect(few.kind == .line)
        let many = try Self.defaultPlan(header + "\n" + (0..<30).map { "s\($0),\($0 % 2 == 0 ? "a" : "b"),\(curve($0))" }.joined(separator: "\n") + "\n")
        #expect(Self.names(many, many.series) == ["a (mean of 15)", "b (mean of 15)"], "\(many.reasons)")
        #expect(many.description(source: "t.csv").hasPrefix("t.csv: 30 rows, 10 columns, turned: 8 rows, 3 columns"))
        // Unrelated measures numbered 1 … 8: von Neumann's ratio about 1, no curve.
        let measures =
            "y," + (1...8).map { "x\($0)" }.joined(separator: ",") + "\n"
            + (0..<30).map { r in (0...8).map { "\((r * 37 + $0 * 71) % 13)" }.joined(separator: ",") }.joined(separator: "\n") + "\n"
        #expect(try Self.defaultPlan(measures).profiles.count == 9)
    }

    /// Michelson's shape (an experiment's code, its runs, a speed): a box per experiment only
    /// when nothing is named: an aggregate or a y given is charted as given.
    @Test func aMeasureAcrossACodeIsBoxesOnlyWhenNothingIsNamed() throws {
        let rows = (0..<20).map { i in "\(i / 5 + 1),\(i % 5 + 1),\(800 + (i / 5) * 40 + (i * 7) % 11)" }
        let text = "Expt,Run,Speed\n" + rows.joined(separator: "\n") + "\n"
        let table = try CSVReader.parse(Array(text.utf8), path: "t.csv").table
        let boxes = try ChartPlan(table: table, source: "t.csv")
        #expect(boxes.kind == .box && Self.names(boxes, [boxes.x]) == ["Expt"] && boxes.group == nil, "\(boxes.reasons)")
        let means = try ChartPlan(table: table, aggregate: .mean, source: "t.csv")
        #expect(means.kind != .box && means.aggregation == .mean, "\(means.reasons)")
        let named = try ChartPlan(table: table, y: ["Speed"], source: "t.csv")
        #expect(named.kind != .box, "\(named.reasons)")
    }

    /// Numbered columns of different units (shares, then dollars) are no curve; a row without
    /// a class is in no class's mean curve.
    @Test func seriesPerRowNeedOneMagnitudeAndAClass() throws {
        let header = "y," + (1...8).map { "x\($0)" }.joined(separator: ",")
        let mixed = (0..<30).map { r in "\(r),0.\(r % 9 + 1),0.5,0.2,0.7,\(30000 + r),45000,28000,52000" }
        #expect(try Self.defaultPlan(header + "\n" + mixed.joined(separator: "\n") + "\n").profiles.count == 9)
        let curves =
            "kind," + (0..<8).map { "w\($0)" }.joined(separator: ",") + "\n"
            + (0..<30).map { r in "\(r % 5 == 4 ? "" : r % 2 == 0 ? "a" : "b")," + (0..<8).map { "\(Double(r) + sin(Double($0) / 3))" }.joined(separator: ",") }
            .joined(separator: "\n") + "\n"
        let plan = try Self.defaultPlan(curves)
        #expect(plan.series.map { plan.profiles[$0].name }.allSatisfy { $0.hasPrefix("a ") || $0.hasPrefix("b ") }, "\(plan.reasons)")
    }
}
