import CPostgres

/// How chartview reads the values of a PostgreSQL result column, from its type's OID (a domain
/// arrives as its base type): the built-in types' OIDs are fixed (`pg_type.dat`).
enum PostgresType: Equatable {
    /// int2, int4, int8, oid: whole numbers.
    case integer
    /// float4, float8, numeric: numbers (numeric's text read to the nearest Double).
    case real
    /// bool: 1 for true, 0 for false.
    case boolean
    /// date, timestamp, timestamptz: seconds since 1970 UTC.
    case date
    /// text, varchar, bpchar, name, "char" (and unknown literals): text that may read as dates or
    /// numbers, as `ColumnTyping` reads a CSV file's or SQLite's text.
    case text
    /// Every other type (uuid, json, interval, arrays, enums…): text as the server writes it.
    case other

    init(oid: Oid) {
        switch oid {
        case 20, 21, 23, 26: self = .integer
        case 700, 701, 1700: self = .real
        case 16: self = .boolean
        case 1082, 1114, 1184: self = .date
        case 25, 1043, 1042, 19, 18, 705: self = .text
        default: self = .other
        }
    }

    /// Whether a value's bytes count against the memory budget (8 bytes a value otherwise).
    var isText: Bool { self == .text || self == .other }

    /// float8's OID, the type `streamNumbers` binds its parameters as.
    static let float8: Oid = 701
    /// bpchar's OID (`char(n)`): its text is padded with spaces, which mean nothing.
    static let bpchar: Oid = 1042

    /// A cell's text (PostgreSQL's text output, `DateStyle` ISO and `extra_float_digits` 3) as
    /// a number: integers exactly, reals and numerics to the nearest Double (NaN, infinities and
    /// text that is not a number: NaN, a missing value), booleans 1 or 0, dates and timestamps
    /// in seconds since 1970 (`PostgresTimestamp`); NaN for text types.
    func number(_ cell: UnsafeBufferPointer<UInt8>) -> Double {
        switch self {
        case .integer:
            if let whole = Self.integer(cell) { return Double(whole) }
            return .nan
        case .real:
            let value = Double(String(decoding: cell, as: UTF8.self)) ?? .nan
            return value.isFinite ? value : .nan
        case .boolean:
            return cell.first == UInt8(ascii: "t") ? 1 : 0
        case .date:
            return PostgresTimestamp.seconds(cell) ?? .nan
        case .text, .other:
            return .nan
        }
    }

    /// A whole number's text ("-42") as an Int64; nil if it is not one or overflows. O(length).
    static func integer(_ cell: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let first = cell.first else { return nil }
        let negative = first == UInt8(ascii: "-")
        let digits = negative || first == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: cell.dropFirst()) : cell
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for b in digits {
            guard b >= 0x30 && b <= 0x39 else { return nil }
            let digit = Int64(b - 0x30)
            // Accumulated negatively, so that Int64.min fits.
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times.subtractingReportingOverflow(digit)
            guard !overflow && !overflow2 else { return nil }
            value = next
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// A cell's text as the value `rows` gives: integers (and booleans as 0 or 1, numerics that
    /// are whole and fit) as integers, reals as reals (NaN and infinities: NULL), text otherwise.
    func value(_ cell: UnsafeBufferPointer<UInt8>) -> SQLValue {
        switch self {
        case .integer:
            return Self.integer(cell).map { .integer($0) } ?? .text(String(decoding: cell, as: UTF8.self))
        case .boolean:
            return .integer(cell.first == UInt8(ascii: "t") ? 1 : 0)
        case .real:
            if let whole = Self.integer(cell) { return .integer(whole) }
            let value = number(cell)
            return value.isNaN ? .null : .real(value)
        case .date, .text, .other:
            return .text(String(decoding: cell, as: UTF8.self))
        }
    }

    /// How `streamNumbers` reads a binary cell of a number type (big-endian, as the server
    /// sends it), by the type's OID.
    enum BinaryNumber {
        case float8, float4, int8, int4, int2, oid, bool

        /// nil for a type that is not a number.
        init?(oid: Oid) {
            switch oid {
            case 701: self = .float8
            case 700: self = .float4
            case 20: self = .int8
            case 23: self = .int4
            case 21: self = .int2
            case 26: self = .oid
            case 16: self = .bool
            default: return nil
            }
        }

        /// The value at `cell` (the cell's bytes, as long as its type's binary form). O(1).
        @inline(__always) func read(_ cell: UnsafeRawPointer) -> Double {
            switch self {
            case .float8: Double(bitPattern: UInt64(bigEndian: cell.loadUnaligned(as: UInt64.self)))
            case .float4: Double(Float(bitPattern: UInt32(bigEndian: cell.loadUnaligned(as: UInt32.self))))
            case .int8: Double(Int64(bigEndian: cell.loadUnaligned(as: Int64.self)))
            case .int4: Double(Int32(bigEndian: cell.loadUnaligned(as: Int32.self)))
            case .int2: Double(Int16(bigEndian: cell.loadUnaligned(as: Int16.self)))
            case .oid: Double(UInt32(bigEndian: cell.loadUnaligned(as: UInt32.self)))
            case .bool: cell.load(as: UInt8.self) == 0 ? 0 : 1
            }
        }
    }
}
