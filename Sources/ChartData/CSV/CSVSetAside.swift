/// The rows of a CSV file that did not fit its table, the rows short of trailing fields that
/// were kept with missing cells, and the tables after the first: what a reader says instead of
/// refusing the file.
///
/// A row is set aside when it has more fields than the header (other than empty trailing
/// ones), fewer than two, a cell that does not fit its column (in a row that was short of
/// fields), a quote never closed, or when it is a totals row ("Total,1250"); the file is read
/// around it. The lines are numbered from 1 as an editor shows them;
/// the first `listed` of each reason are kept, all are counted.
public struct CSVSetAside: Sendable, Equatable {
    /// One reason rows were set aside ("10 fields, not 9"), with its lines.
    public struct Reason: Sendable, Equatable {
        /// What was wrong, short: "10 fields, not 9", "'abc' is not a number in 'price'".
        public var text: String
        /// The first lines set aside for it (at most `CSVSetAside.listed`), in file order.
        public var lines: [Int]
        /// How many rows it set aside.
        public var count: Int
    }

    /// How many lines each reason lists.
    public static let listed = 5

    /// The reasons, in the order they were first met.
    public private(set) var reasons: [Reason] = []
    /// Rows set aside, for all reasons.
    public private(set) var count = 0
    /// Lines of rows short of trailing fields, kept with missing cells (the first `listed`).
    public private(set) var filledLines: [Int] = []
    /// Rows kept with missing cells.
    public private(set) var filledCount = 0

    /// The line the second table of the file starts on (its header), when the file holds more
    /// tables after the one read; nil when it holds one.
    public internal(set) var laterTablesLine: Int?
    /// How many tables follow the one read, not read.
    public internal(set) var laterTableCount = 0

    /// Nothing set aside, nothing filled.
    public init() {}

    /// Whether every row fitted, and the file held one table.
    public var isEmpty: Bool { count == 0 && filledCount == 0 && laterTableCount == 0 }

    /// Sets aside the row on `line` for `reason`.
    mutating func add(line: Int, reason: String) {
        add(line, reason: reason)
    }

    /// Sets aside a row for `reason`, listed on `line` (nil: counted only, a merged row past
    /// the lines its reason listed).
    private mutating func add(_ line: Int?, reason: String) {
        count += 1
        // Past 20 reasons, the rest count under one more ("other reasons"), so that the list
        // stays short whatever a file holds. O(reasons), at most 21.
        let text = reasons.count < Self.reasonLimit || reasons.contains(where: { $0.text == reason }) ? reason : Self.otherReasons
        if let i = reasons.firstIndex(where: { $0.text == text }) {
            reasons[i].count += 1
            if let line, reasons[i].lines.count < Self.listed { reasons[i].lines.append(line) }
        } else {
            reasons.append(Reason(text: text, lines: line.map { [$0] } ?? [], count: 1))
        }
    }

    /// How many reasons are told apart before the rest count as `otherReasons`.
    public static let reasonLimit = 20
    /// The reason rows past `reasonLimit` other reasons count under.
    public static let otherReasons = "other reasons"

    /// Adds every row `other` set aside (its lines as far as each reason lists them).
    mutating func merge(_ other: CSVSetAside) {
        for reason in other.reasons {
            for line in reason.lines { add(line, reason: reason.text) }
            for _ in reason.lines.count..<reason.count { add(nil, reason: reason.text) }
        }
    }

    /// The lines it lists, in file order.
    var listedLines: [Int] { reasons.flatMap(\.lines).sorted() }

    /// Counts the row on `line` as filled with missing cells.
    mutating func fill(line: Int) {
        filledCount += 1
        if filledLines.count < Self.listed { filledLines.append(line) }
    }

    /// One sentence for the chart's note, the status line and `--describe`: "3 rows set aside
    /// (lines 84, 201: 10 fields, not 9; line 977: 'n/a x' is not a number in 'price')", then
    /// "2 short rows filled with missing cells (lines 12, 40)"; nil when nothing was.
    public var summary: String? {
        var parts: [String] = []
        if count > 0 {
            let shown = reasons.prefix(3).map { reason in
                let more = reason.count > reason.lines.count ? ", …" : ""
                return "\(Self.lines(reason.lines))\(more): \(reason.text)"
            }
            let rest = reasons.count > 3 ? "; …" : ""
            parts.append("\(count) row\(count == 1 ? "" : "s") set aside (\(shown.joined(separator: "; "))\(rest))")
        }
        if filledCount > 0 {
            let more = filledCount > filledLines.count ? ", …" : ""
            parts.append(
                "\(filledCount) short row\(filledCount == 1 ? "" : "s") filled with missing cells (\(Self.lines(filledLines))\(more))")
        }
        if let later = laterTablesSentence { parts.append(later + ", not read (only the first table is)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `summary` without the reasons, for a window's status line, whose start must fit a small
    /// window: "2 rows set aside (lines 84, 201); 1 short row filled (line 12)".
    public var shortSummary: String? {
        var parts: [String] = []
        if count > 0 {
            let lines = reasons.flatMap(\.lines).sorted()
            let more = count > lines.count ? ", …" : ""
            parts.append("\(count) row\(count == 1 ? "" : "s") set aside (\(Self.lines(Array(lines.prefix(Self.listed))))\(more))")
        }
        if filledCount > 0 {
            let more = filledCount > filledLines.count ? ", …" : ""
            parts.append("\(filledCount) short row\(filledCount == 1 ? "" : "s") filled (\(Self.lines(filledLines))\(more))")
        }
        if let later = laterTablesSentence { parts.append(later + ", not read") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// "2 more tables follow from line 40"; nil for a file of one table.
    private var laterTablesSentence: String? {
        guard let line = laterTablesLine, laterTableCount > 0 else { return nil }
        return "\(laterTableCount == 1 ? "1 more table follows" : "\(laterTableCount) more tables follow") from line \(line)"
    }

    private static func lines(_ lines: [Int]) -> String {
        (lines.count == 1 ? "line " : "lines ") + lines.map(String.init).joined(separator: ", ")
    }
}
