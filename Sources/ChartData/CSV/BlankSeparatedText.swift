/// Columns separated by runs of spaces or tabs rather than one delimiter: what Stata, Fortran
/// programs, `vmstat` and statsmodels' older data sets write (`'OBS' 'GPA' 'TUCE'` over `1 2.66
/// 20`). No CSV reader splits such text (a run of spaces is no delimiter in RFC 4180), hence
/// by hand: `CSVReader` recognises it (`detect`) and reads `commaSeparated(_:count:start:layout:)`
/// instead.
enum BlankSeparatedText {
    /// How many lines after the header must split into as many fields as it does.
    static let sampledLines = 10

    /// How the text from `start` (the header's first byte) splits at runs of blanks, or nil
    /// when it is not blank-separated: its header holds no comma, semicolon or tab and splits
    /// into 2 fields or more (double-quoted names keep their spaces), and each of the next
    /// `sampledLines` lines that is not blank splits into as many, or all into one more (R's
    /// `write.table`, whose header has no name for the row names). O(the lines sampled).
    static func detect(_ base: UnsafePointer<UInt8>, count: Int, start: Int) -> Layout? {
        var i = start
        var lines = 0
        var header = 0, data = 0
        while i < count && lines <= sampledLines {
            var fields = 0, inField = false, blank = true, quoted = false
            while i < count && (quoted || base[i] != CSVByte.lf) {
                let b = base[i]
                i += 1
                if quoted {
                    if b == CSVByte.quote { quoted = false }
                    continue
                }
                if lines == 0 && CSVByte.delimiters.contains(b) { return nil }
                if b == CSVByte.space || b == CSVByte.tab || b == CSVByte.cr {
                    inField = false
                    continue
                }
                if !inField { fields += 1 }
                inField = true
                blank = false
                if b == CSVByte.quote { quoted = true }
            }
            i += 1
            if blank { continue }
            if lines == 0 {
                guard fields >= 2 else { return nil }
                header = fields
            } else if data == 0 {
                guard fields == header || fields == header + 1 else { return nil }
                data = fields
            } else if fields != data {
                return nil
            }
            lines += 1
        }
        guard lines >= 2 else { return nil }
        return Layout(headerLacksRowNames: data == header + 1)
    }

    /// How a blank-separated text lays out its columns.
    struct Layout {
        /// Whether the header names every column but the first, the rows' names (R's `write.table`).
        var headerLacksRowNames: Bool
    }

    /// The text from `start` as CSV: each run of spaces and tabs between fields one comma,
    /// those at a line's ends dropped, double-quoted text kept as it is (its spaces too), and
    /// the header's names unwrapped from single quotes (`'GPA'` → `GPA`, as Stata writes them).
    /// O(bytes), one copy.
    static func commaSeparated(_ base: UnsafePointer<UInt8>, count: Int, start: Int, layout: Layout) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count - start + 1)
        // An empty name for the rows' names, as the other readers of R's files give them.
        if layout.headerLacksRowNames { out.append(CSVByte.comma) }
        var i = start
        var isHeader = true
        while i < count {
            // One line.
            var fieldStarted = false, pendingSeparator = false, quoted = false
            var fieldStart = out.count
            while i < count && (quoted || base[i] != CSVByte.lf) {
                let b = base[i]
                i += 1
                if quoted {
                    out.append(b)
                    if b == CSVByte.quote { quoted = false }
                    continue
                }
                if b == CSVByte.space || b == CSVByte.tab || b == CSVByte.cr {
                    if fieldStarted {
                        if isHeader { unwrapSingleQuotes(&out, from: fieldStart) }
                        pendingSeparator = true
                        fieldStarted = false
                    }
                    continue
                }
                if pendingSeparator {
                    out.append(CSVByte.comma)
                    pendingSeparator = false
                }
                if !fieldStarted { fieldStart = out.count }
                fieldStarted = true
                out.append(b)
                if b == CSVByte.quote { quoted = true }
            }
            if fieldStarted && isHeader { unwrapSingleQuotes(&out, from: fieldStart) }
            if i < count { i += 1 }
            if out.last != CSVByte.lf && !out.isEmpty { out.append(CSVByte.lf) }
            if fieldStarted || pendingSeparator { isHeader = false }
        }
        return out
    }

    /// Drops the single quotes around the field from `start` to the end of `out`, if it has them.
    private static func unwrapSingleQuotes(_ out: inout [UInt8], from start: Int) {
        let quote = UInt8(ascii: "'")
        guard out.count - start >= 2, out[start] == quote, out[out.count - 1] == quote else { return }
        out.removeLast()
        out.remove(at: start)
    }
}
