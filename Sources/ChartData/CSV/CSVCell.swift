import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Recognizes missing-value spellings and decimal numbers in a cell's bytes.
enum CSVCell {
    /// Spellings of a missing value besides the empty cell (pandas' defaults plus "-" and ".").
    static let missingSpellings: [[UInt8]] = [
        "NA", "N/A", "n/a", "NaN", "nan", "null", "NULL", "None", "nil", "-", "#N/A", ".",
        "#NA", "<NA>", "-NaN", "-nan", "#N/A N/A", "1.#IND", "-1.#IND", "1.#QNAN", "-1.#QNAN"
    ].map { Array($0.utf8) }

    /// True when the (trimmed) cell is empty or spells a missing value. O(1).
    @inline(__always) static func isMissing(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = cell.first else { return true }
        guard cell.count <= 8 else { return false }
        switch first {
        case UInt8(ascii: "N"), UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "#"),
            UInt8(ascii: "."), UInt8(ascii: "<"), UInt8(ascii: "1"):
            return missingSpellings.contains { $0.count == cell.count && $0.elementsEqual(cell) }
        default:
            return false
        }
    }

    /// 10^k for k in 0...22, each exactly representable (a switch, not a lazily initialized
    /// global, so the hot path pays no initialization check).
    @inline(__always) static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1e0;
        case 1: 1e1;
        case 2: 1e2;
        case 3: 1e3;
        case 4: 1e4;
        case 5: 1e5;
        case 6: 1e6
        case 7: 1e7;
        case 8: 1e8;
        case 9: 1e9;
        case 10: 1e10;
        case 11: 1e11;
        case 12: 1e12
        case 13: 1e13;
        case 14: 1e14;
        case 15: 1e15;
        case 16: 1e16;
        case 17: 1e17;
        case 18: 1e18
        case 19: 1e19;
        case 20: 1e20;
        case 21: 1e21;
        default: 1e22
        }
    }

    /// A plain decimal at `start`: an optional sign, then up to 15 digits with at most one point
    /// and no exponent, read up to the first other byte or `end`: its value and where it stopped;
    /// nil when it has no digit or more than 15. The value is exact, one division of a mantissa
    /// below 2^53 by a power of ten up to 10^15 (Clinger's fast path), so it equals `number`'s.
    /// O(length).
    @inline(__always)
    static func plainDecimal(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (Double, Int)? {
        var k = start
        var negative = false
        if k < end && (p[k] == UInt8(ascii: "-") || p[k] == UInt8(ascii: "+")) {
            negative = p[k] == UInt8(ascii: "-")
            k += 1
        }
        var mantissa: UInt64 = 0, digits = 0, point = -1
        while k < end {
            let d = p[k] &- 0x30
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if digits > 15 { return nil }
            } else if p[k] == UInt8(ascii: ".") && point < 0 {
                point = digits
            } else {
                break
            }
            k += 1
        }
        guard digits > 0 else { return nil }
        let value = point < 0 ? Double(Int64(bitPattern: mantissa)) : Double(Int64(bitPattern: mantissa)) / powerOfTen(digits - point)
        return (negative ? -value : value, k)
    }

    /// The value of a (trimmed) cell that is a decimal number: optional sign, digits with an
    /// optional point (at least one digit), optional exponent. nil for anything else, including
    /// "inf", "nan" and hexadecimal. Correctly rounded: up to 15 significant digits and
    /// exponents within ±22 are computed exactly in one operation (Clinger's fast path); longer
    /// numbers go to `strtod` (with a NUL-terminated copy in a temporary buffer, on the stack for
    /// ordinary lengths). Overflow gives ±infinity, as in pandas. O(length), no heap allocation
    /// for ordinary cells.
    static func number(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let p = cell.baseAddress else { return nil }
        let n = cell.count
        // The common case first, in one pass.
        if let (value, end) = plainDecimal(p, from: 0, to: n), end == n { return value }
        var i = 0
        var negative = false
        if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var scale = 0
        var truncated = false
        var digits = 0
        while i < n && CSVByte.isDigit(p[i]) {
            let d = UInt64(p[i] &- 0x30)
            if mantissa == 0 && d == 0 {
                // A leading zero adds nothing.
            } else if significant < 19 {
                mantissa = mantissa &* 10 &+ d
                significant += 1
            } else {
                scale += 1
                if d != 0 { truncated = true }
            }
            digits += 1
            i += 1
        }
        if i < n && p[i] == UInt8(ascii: ".") {
            i += 1
            while i < n && CSVByte.isDigit(p[i]) {
                let d = UInt64(p[i] &- 0x30)
                if mantissa == 0 && d == 0 {
                    scale -= 1
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ d
                    significant += 1
                    scale -= 1
                } else if d != 0 {
                    truncated = true
                }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            var exponentNegative = false
            if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponentDigits = 0
            while i < n && CSVByte.isDigit(p[i]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(p[i] &- 0x30) }
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard i == n else { return nil }
        if mantissa == 0 && !truncated { return negative ? -0.0 : 0.0 }
        let power = exponent + scale
        if !truncated && mantissa <= 1 << 53 && power >= -22 && power <= 22 {
            let value = power < 0 ? Double(mantissa) / powerOfTen(-power) : Double(mantissa) * powerOfTen(power)
            return negative ? -value : value
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buffer -> Double in
            let c = buffer.baseAddress!
            for k in 0..<n { c[k] = CChar(bitPattern: p[k]) }
            c[n] = 0
            return strtod(c, nil)
        }
    }
}
