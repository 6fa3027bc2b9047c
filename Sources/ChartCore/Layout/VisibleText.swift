import Foundation

/// What of a text can be seen: at most `charactersPerLine` characters on a line and
/// `linesPerText` lines, each cut marked with "…". Layout cuts every text that comes from the
/// user (titles, axis titles and labels, legend entries, annotations and popups, value and
/// slice labels, the chart's message, the status line) to this before it measures it, so a
/// title of a hundred megabytes costs what one of a few hundred kilobytes does: no screen
/// shows more (2,000 characters of a 1-pixel font are wider than any display), and text engines
/// take time and memory in proportion to what they are given.
///
/// Pure Swift and a pure function: the same text, the same cut. O(kept characters + bytes scanned for line ends).
public enum VisibleText {
    /// The most characters (grapheme clusters) kept on one line; past them the line ends in "…".
    public static let charactersPerLine = 2_000
    /// The most lines kept; past them a last line "…" says that more were cut.
    public static let linesPerText = 200

    /// `text` cut to what can be seen; `text` itself when nothing needs cutting.
    public static func cut(_ text: String, charactersPerLine: Int = charactersPerLine, lines: Int = linesPerText) -> String {
        let utf8 = text.utf8
        // Fast path: few bytes mean few characters, and few line ends.
        if utf8.count <= min(charactersPerLine, lines) { return text }
        if utf8.count <= charactersPerLine, lineBreaks(in: utf8, atMost: lines) < lines { return text }
        var kept = ""
        var lineCount = 0
        var index = text.startIndex
        var changed = false
        while index < text.endIndex {
            if lineCount == lines {
                kept += "\n…"
                changed = true
                break
            }
            if lineCount > 0 { kept += "\n" }
            lineCount += 1
            // One line: its characters up to a line end, at most `charactersPerLine` of them.
            var count = 0
            let lineStart = index
            while index < text.endIndex, !isLineEnd(text[index]), count < charactersPerLine {
                index = text.index(after: index)
                count += 1
            }
            kept += text[lineStart..<index]
            if index < text.endIndex, !isLineEnd(text[index]) {
                // Too long: cut here and go on at the next line end, found in the bytes (a
                // line end is always where a character starts).
                kept += "…"
                changed = true
                guard let end = nextLineEnd(in: text, from: index) else { break }
                index = end
            }
            guard index < text.endIndex else { break }
            // Past the line end ("\r\n" is one character).
            index = text.index(after: index)
            if index == text.endIndex {
                // A text ending in a line end keeps it (an empty last line).
                kept += "\n"
            }
        }
        return changed ? kept : text
    }

    /// `text` (already `cut`) with only the lines that fit in `height` (at least one), the last
    /// kept ending in "…" when lines were left off, and each line wider than `width` cut to its
    /// longest start that fits followed by "…" (with `keepingEnd`, "…" followed by its longest
    /// end that fits: for a message whose reason comes last, after a long path). `size`
    /// measures a text of one or more lines. Widths and heights in device pixels; `width` ≤ 0
    /// cuts no line. Lines are left off before any is measured for its width:
    /// O(kept lines · log characters) measurements.
    public static func fitting(
        _ text: String, width: Double, height: Double, keepingEnd: Bool = false, size: (String) -> Size
    ) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count > 1 {
            // Every line is as tall as the first: one style, one font.
            let lineHeight = size(lines[0].isEmpty ? " " : lines[0]).height
            let kept = lineHeight > 0 ? max(1, Int((height / lineHeight).rounded(.down))) : lines.count
            if kept < lines.count {
                lines.removeLast(lines.count - kept)
                if !lines[kept - 1].hasSuffix("…") { lines[kept - 1] += "…" }
            }
        }
        if width > 0 {
            func lineWidth(_ line: String) -> Double { size(line).width }
            for index in lines.indices where lines[index].count > 1 && lineWidth(lines[index]) > width {
                lines[index] =
                    keepingEnd
                    ? longestFittingSuffix(of: lines[index], width: width, measure: lineWidth)
                    : longestFittingPrefix(of: lines[index], width: width, measure: lineWidth)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The longest start of `line` (a trailing "…" of an earlier cut left off) that, followed
    /// by "…", is at most `width` wide as `measure` says, keeping at least `minimum` characters:
    /// the cut a loop dropping one character at a time would find, found by bisection (widths
    /// grow with the characters kept). O(log characters) measurements.
    public static func longestFittingPrefix(
        of line: String, width: Double, minimum: Int = 0,
        measure: (String) -> Double
    ) -> String {
        var characters = Array(line)
        if characters.last == "…" { characters.removeLast() }
        func candidate(_ k: Int) -> String { String(characters[..<k]) + "…" }
        return candidate(mostKept(of: characters.count, minimum: minimum) { measure(candidate($0)) <= width })
    }

    /// The longest end of `line` that, after "…", is at most `width` wide as `measure` says
    /// (at least its last character): `longestFittingPrefix` from the other side. A "…" a
    /// line ends in (other lines were left off) stays. O(log characters) measurements.
    public static func longestFittingSuffix(of line: String, width: Double, measure: (String) -> Double) -> String {
        let characters = Array(line)
        func candidate(_ k: Int) -> String { "…" + String(characters[(characters.count - k)...]) }
        return candidate(mostKept(of: characters.count, minimum: 1) { measure(candidate($0)) <= width })
    }

    /// The most of `count` characters, fewer than all and at least `minimum` (or all when
    /// fewer), for which `fits` holds, by bisection: `fits` must hold for every number below
    /// one for which it holds (widths grow with the characters kept). O(log count) calls.
    private static func mostKept(of count: Int, minimum: Int, fits: (Int) -> Bool) -> Int {
        // The answer lies in [low, high]: below `low` is too few, above `high` too wide.
        var low = min(minimum, count), high = max(low, count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(mid) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Whether `character` ends a line: LF, CR or CRLF (the line ends `nextLineEnd` finds; text
    /// engines break at these).
    private static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }

    /// Where the first LF or CR at or after `start` is in `text`; nil when there is none.
    /// O(bytes after `start`), at memchr's speed for a native string.
    private static func nextLineEnd(in text: String, from start: String.Index) -> String.Index? {
        let utf8 = text.utf8
        let offset = utf8.distance(from: utf8.startIndex, to: start)
        let found: Int?? = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress, offset < bytes.count else { return nil }
            let from = base + offset, count = bytes.count - offset
            let lf = memchr(from, 0x0A, count).map { UnsafeRawPointer(from).distance(to: UnsafeRawPointer($0)) }
            let cr = memchr(from, 0x0D, lf ?? count).map { UnsafeRawPointer(from).distance(to: UnsafeRawPointer($0)) }
            return (cr ?? lf).map { offset + $0 }
        }
        if let found { return found.map { utf8.index(utf8.startIndex, offsetBy: $0) } }
        return utf8[start...].firstIndex { $0 == 0x0A || $0 == 0x0D }
    }

    /// The number of line ends (LF, CR, CRLF) in `utf8`, counting no further than `limit`.
    /// O(bytes).
    private static func lineBreaks(in utf8: String.UTF8View, atMost limit: Int) -> Int {
        var breaks = 0
        var previous: UInt8 = 0
        for byte in utf8 {
            // A CR counts once it is known not to start a CRLF.
            if byte == 0x0A || previous == 0x0D { breaks += 1 }
            previous = byte
            if breaks >= limit { return breaks }
        }
        return previous == 0x0D ? breaks + 1 : breaks
    }
}
