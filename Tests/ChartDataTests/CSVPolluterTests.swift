import ChartData
import Foundation
import Testing
import TestDepth

/// The polluter: every table of the corpus (`.ci/real-data`: R's and statsmodels' data sets),
/// each damaged the ways real files are (one class of damage a variant), read in-process and
/// compared with the clean table: the same columns, the same values in every row the damage
/// did not touch, the damaged row set aside, filled or left out as a note and named by its
/// line, and the same chart chosen (x and series). Counted per class; `make test` reads a
/// sample of the tables (every 8th), `make test-full` all of them.
@Suite struct CSVPolluterTests {
    /// Where `.ci/real-data` unpacked the corpus (CHARTVIEW_REAL_DATA, else the build folder's).
    static let corpus: String = {
        let root =
            ProcessInfo.processInfo.environment["CHARTVIEW_REAL_DATA"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/real-data").path
        return root + "/corpus"
    }()

    /// The corpus's CSV files of at most 1 MB, sorted.
    static let files: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: corpus) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            guard item.hasSuffix(".csv"), let size = (try? FileManager.default.attributesOfItem(atPath: corpus + "/" + item))?[.size] as? Int,
                size <= 1 << 20
            else { continue }
            found.append(corpus + "/" + item)
        }
        return found.sorted()
    }()

    /// Each kind of damage a real file carries.
    enum Damage: String, CaseIterable, Sendable {
        case extraField = "one row with an extra field"
        case missingField = "one row missing its last field"
        case preamble = "1-5 lines before the header"
        case footnotes = "notes after the table"
        case trailingSeparator = "a separator ending every data row"
        case crlf = "CRLF line ends"
        case blankLines = "blank lines among the rows"
        case utf16 = "UTF-16 with its byte order mark"
        case windows1252 = "Windows-1252"
        case semicolons = "semicolons and decimal commas"
        case unitRow = "a second header row of units"
        case pipes = "pipes and decimal commas"
        case tabs = "tabs"
        case crOnly = "CR line ends"
        case strayQuote = "one row with a quote never closed"
        case secondTable = "a second table after the first"
    }

    /// A damaged file: its bytes, and what reading it must say.
    struct Variant {
        var bytes: [UInt8]
        /// The row (0-based, of the clean table) the damage took out, with its line in the variant.
        var removed: (row: Int, line: Int)?
        /// The row kept with its last cell missing, with its line.
        var filled: (row: Int, line: Int)?
        /// The clean file this variant is compared with, when not the table's own (UTF-8).
        var clean: String?
        /// What the table's notes must say of the damage that took out no row.
        var said: String?
    }

    /// The clean file's lines: header first; nil when a record spans lines (a quoted line break).
    static func lines(_ text: String) -> [String]? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        let body = lines.last == "" ? Array(lines.dropLast()) : lines
        for line in body where line.filter({ $0 == "\"" }).count % 2 != 0 { return nil }
        // Comma-separated files only (the damage is written with commas).
        guard let header = body.first, header.contains(","), !header.contains("\t") else { return nil }
        return body.count >= 3 ? body : nil
    }

    /// The fields of a line of RFC 4180 text, quotes kept as written.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() }
            if character == "," && !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }

    static func isDecimal(_ field: String) -> Bool {
        field.range(of: #"^-?[0-9]+\.[0-9]+([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    /// The variant of `lines` with `damage`; nil when the damage does not apply to the table.
    static func variant(_ lines: [String], _ damage: Damage, random: inout SeededRandom) -> Variant? {
        let width = fields(lines[0]).count
        let rows = lines.count - 1
        func join(_ lines: [String], _ end: String = "\n") -> [UInt8] { Array((lines.joined(separator: end) + end).utf8) }
        switch damage {
        case .extraField:
            let row = Int.random(in: 0..<rows, using: &random)
            var damaged = lines
            damaged[row + 1] += ",extra"
            return Variant(bytes: join(damaged), removed: (row, row + 2))
        case .missingField:
            guard width >= 3 else { return nil }
            let row = Int.random(in: 0..<rows, using: &random)
            var damaged = lines
            damaged[row + 1] = fields(lines[row + 1]).dropLast().joined(separator: ",")
            return Variant(bytes: join(damaged), filled: (row, row + 2))
        case .preamble:
            let facts = ["Data exported by Example Portal", "Exported 2024-03-01 14:05", "Station: Example Hill", "Units as stated", "Licence CC BY 4.0"]
            let count = Int.random(in: 1...5, using: &random)
            return Variant(bytes: join(Array(facts.prefix(count)) + lines))
        case .footnotes:
            return Variant(bytes: join(lines + ["", "Source: Example Agency, 2024. Figures may not add up.", "Note: revised"]))
        case .trailingSeparator:
            return Variant(bytes: join([lines[0]] + lines.dropFirst().map { $0 + "," }))
        case .crlf:
            return Variant(bytes: join(lines, "\r\n"))
        case .blankLines:
            var damaged = lines
            damaged.insert("", at: 1 + rows / 2)
            return Variant(bytes: join(damaged))
        case .utf16:
            let text = lines.joined(separator: "\n") + "\n"
            return Variant(bytes: [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        case .windows1252:
            // The corpus is ASCII: a header name with letters Windows-1252 writes in one byte each.
            var named = lines
            named[0] = named[0].replacingOccurrences(of: ",", with: "_Köln_€,", options: [], range: named[0].range(of: ","))
            let text = named.joined(separator: "\n") + "\n"
            guard let data = text.data(using: .windowsCP1252) else { return nil }
            return Variant(bytes: Array(data), clean: text)
        case .unitRow:
            // Under each named column a unit ("u"): the names read "name (u)".
            let names = fields(lines[0]).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
            let units = names.map { $0.isEmpty ? "" : "u" }
            let joined = zip(names, units).map { name, unit in
                "\"" + (unit.isEmpty ? name : "\(name) (\(unit))").replacingOccurrences(of: "\"", with: "\"\"") + "\""
            }
            let clean = ([joined.joined(separator: ",")] + lines.dropFirst()).joined(separator: "\n") + "\n"
            return Variant(bytes: join([lines[0], units.joined(separator: ",")] + lines.dropFirst()), clean: clean)
        case .semicolons:
            guard !lines.contains(where: { $0.contains(";") }) else { return nil }
            let converted = lines.map { line in
                fields(line).map { isDecimal($0) ? $0.replacingOccurrences(of: ".", with: ",") : $0 }.joined(separator: ";")
            }
            return Variant(bytes: join(converted))
        case .pipes:
            guard !lines.contains(where: { $0.contains("|") }) else { return nil }
            let converted = lines.map { line in
                fields(line).map { isDecimal($0) ? $0.replacingOccurrences(of: ".", with: ",") : $0 }.joined(separator: "|")
            }
            return Variant(bytes: join(converted))
        case .tabs:
            guard !lines.contains(where: { $0.contains("\t") }) else { return nil }
            return Variant(bytes: join(lines.map { fields($0).joined(separator: "\t") }))
        case .crOnly:
            return Variant(bytes: join(lines, "\r"))
        case .strayQuote:
            // A quote opening one field of one row, never closed: any row of a table with no
            // quotes, the last row of one with quotes (a later quote would close it).
            let quoted = lines.contains { $0.contains("\"") }
            let row = quoted ? rows - 1 : Int.random(in: 0..<rows, using: &random)
            var cells = fields(lines[row + 1])
            // In a field written without quotes (a quote before a quoted one closes at once).
            let unquoted = cells.indices.filter { !cells[$0].contains("\"") }
            guard !unquoted.isEmpty else { return nil }
            let cell = unquoted[Int.random(in: 0..<unquoted.count, using: &random)]
            cells[cell] = "\"" + cells[cell]
            var damaged = lines
            damaged[row + 1] = cells.joined(separator: ",")
            return Variant(bytes: join(damaged), removed: (row, row + 2))
        case .secondTable:
            let second = ["", "\"Region\",\"Share\"", "\"North\",0.4", "\"South\",0.6"]
            return Variant(bytes: join(lines + second), said: "1 more table follows from line \(lines.count + 2)")
        }
    }

    /// A column's values at `row` as text, for comparing (NaN and nil as "missing").
    static func cell(_ column: DataColumn, _ row: Int) -> String {
        switch column.values {
        case .number(let values), .date(let values): values[row].isNaN ? "missing" : "\(values[row])"
        case .text(let values): values[row] ?? "missing"
        }
    }

    /// What is wrong with `variant` read against `clean` (and its plan); nil when nothing is.
    static func problem(
        _ variant: Variant, clean: DataTable, cleanPlan: ChartPlan?, damage: Damage
    ) -> String? {
        let read: (table: DataTable, setAside: CSVSetAside)
        do {
            read = try CSVReader.parse(variant.bytes, path: "v.csv", skipBadRows: true)
        } catch {
            return "refused: \(error)"
        }
        let table = read.table
        guard table.columns.map(\.name) == clean.columns.map(\.name) else {
            return "columns \(table.columns.map(\.name).prefix(6)) against \(clean.columns.map(\.name).prefix(6))"
        }
        let expectedRows = clean.rowCount - (variant.removed == nil ? 0 : 1)
        guard table.rowCount == expectedRows else { return "\(table.rowCount) rows, not \(expectedRows); notes \(table.notes)" }
        if let (_, line) = variant.removed {
            let inNotes = table.notes.contains { $0.contains("line \(line)") || $0.contains(" \(line))") || $0.contains(" \(line),") }
            let named = inNotes || read.setAside.reasons.contains { $0.lines.contains(line) }
            guard named else { return "the damaged line \(line) is not named: \(table.notes)" }
        } else if let (_, line) = variant.filled {
            guard read.setAside.filledLines.contains(line) else { return "the short line \(line) is not named as filled: \(table.notes)" }
        } else if read.setAside.count > 0 {
            return "rows set aside that were not damaged: \(read.setAside.summary ?? "")"
        }
        if let said = variant.said, !table.notes.contains(where: { $0.contains(said) }) {
            return "the notes do not say \"\(said)\": \(table.notes)"
        }
        for (index, column) in clean.columns.enumerated() {
            var variantRow = 0
            for row in 0..<clean.rowCount {
                if variant.removed?.row == row { continue }
                defer { variantRow += 1 }
                let expected = variant.filled?.row == row && index == clean.columns.count - 1 ? "missing" : cell(column, row)
                let got = cell(table.columns[index], variantRow)
                guard expected == got else { return "column '\(column.name)' row \(row + 1): \(got) against \(expected)" }
            }
        }
        guard let cleanPlan else { return nil }
        guard let plan = try? ChartBuilder.plan(for: table, spec: ChartSpec(name: "v", data: .init(csv: "v.csv")), source: "v.csv") else {
            return "no chart where the clean table has one"
        }
        guard plan.x == cleanPlan.x, plan.series == cleanPlan.series else { return "another chart: \(plan.note) against \(cleanPlan.note)" }
        return nil
    }

    @Test("The corpus's damaged variants give the clean table's chart, the damaged rows named (make test: every 8th table)")
    func damagedVariantsGiveTheCleanChart() throws {
        let files = TestDepth.sample(Self.files, every: 8)
        try #require(!files.isEmpty, "no corpus at \(Self.corpus) (.ci/real-data)")
        var tally: [Damage: (good: Int, bad: Int)] = [:]
        var failures: [String] = []
        var random = SeededRandom(seed: 45)
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8), let lines = Self.lines(text),
                let clean = try? CSVReader.parse(Array(text.utf8), path: "c.csv", skipBadRows: false).table
            else { continue }
            // Only tables the clean reading takes as they are written (a header, one row a line).
            guard clean.rowCount == lines.count - 1, clean.notes.isEmpty,
                (try? CSVReader.parse(Array(text.utf8), path: "c.csv", skipBadRows: true).setAside.isEmpty) == true
            else { continue }
            let cleanPlan = try? ChartBuilder.plan(for: clean, spec: ChartSpec(name: "v", data: .init(csv: "v.csv")), source: "v.csv")
            for damage in Damage.allCases {
                guard let variant = Self.variant(lines, damage, random: &random) else { continue }
                var baseline = (clean, cleanPlan)
                if let text = variant.clean, let table = try? CSVReader.parse(Array(text.utf8), path: "c.csv").table {
                    baseline = (table, try? ChartBuilder.plan(for: table, spec: ChartSpec(name: "v", data: .init(csv: "v.csv")), source: "v.csv"))
                }
                if let problem = Self.problem(variant, clean: baseline.0, cleanPlan: baseline.1, damage: damage) {
                    tally[damage, default: (0, 0)].bad += 1
                    failures.append("\(damage.rawValue): \(file.dropFirst(Self.corpus.count + 1)): \(problem.prefix(300))")
                } else {
                    tally[damage, default: (0, 0)].good += 1
                }
            }
        }
        let total = tally.values.reduce(0) { $0 + $1.good + $1.bad }, good = tally.values.reduce(0) { $0 + $1.good }
        let lines = Damage.allCases.map { damage in
            let t = tally[damage] ?? (0, 0)
            return "  \(damage.rawValue): \(t.good) of \(t.good + t.bad)"
        }
        print("CSV polluter: \(good) of \(total) variants of \(files.count) tables give the clean chart\n" + lines.joined(separator: "\n"))
        for failure in failures.prefix(40) { print("  ✗ \(failure)") }
        #expect(total > 0)
        #expect(good * 100 >= total * 99, "\(good) of \(total):\n\(lines.joined(separator: "\n"))\n\(failures.prefix(25).joined(separator: "\n"))")
        #expect(!failures.contains { $0.contains(": refused: ") }, "\(failures.filter { $0.contains(": refused: ") }.prefix(10))")
    }
}
