import Foundation

/// A ClickHouse column type as the `Native` format names it ("Nullable(Float64)",
/// "DateTime('Europe/Paris')", "Enum8('a' = 1, 'b' = 2)"), as far as chartview reads it:
/// numbers (integers, floats, decimals, dates) and text. O(length) to parse.
indirect enum ClickHouseType: Equatable {
    /// A fixed-width number (and dates and times, as seconds since 1970).
    case number(Number)
    /// UTF-8 text of any length.
    case string
    /// Text padded with zero bytes to `width`.
    case fixedString(Int)
    /// A UUID, read as its text.
    case uuid
    /// An enumeration stored in `width` bytes, read as its names.
    case enumeration(width: Int, names: [Int: String])
    /// The type of NULL alone.
    case nothing
    /// `T` or NULL.
    case nullable(ClickHouseType)

    /// How a fixed-width number is stored and what it means.
    struct Number: Equatable {
        enum Storage: Equatable { case int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64 }
        var storage: Storage
        /// What one stored unit is worth: 1, 86,400 for a `Date` (days), 10^-scale for a decimal.
        var scale: Double = 1
        /// Whether the number is a date or time (seconds since 1970).
        var isDate = false

        var width: Int {
            switch storage {
            case .int8, .uint8: 1
            case .int16, .uint16: 2
            case .int32, .uint32, .float32: 4
            case .int64, .uint64, .float64: 8
            }
        }

        @inline(__always) func read(_ data: UnsafeRawBufferPointer, at offset: Int) -> Double {
            let raw: Double =
                switch storage {
                case .int8: Double(data.load(fromByteOffset: offset, as: Int8.self))
                case .int16: Double(Int16(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: Int16.self)))
                case .int32: Double(Int32(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
                case .int64: Double(Int64(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
                case .uint8: Double(data.load(fromByteOffset: offset, as: UInt8.self))
                case .uint16: Double(UInt16(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
                case .uint32: Double(UInt32(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                case .uint64: Double(UInt64(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                case .float32: Double(Float(bitPattern: UInt32(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
                case .float64: Double(bitPattern: UInt64(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                }
            return scale == 1 ? raw : raw * scale
        }
    }

    /// Whether values are read as text.
    var isText: Bool {
        switch self {
        case .string, .fixedString, .uuid, .enumeration: true
        case .nullable(let inner): inner.isText
        case .number, .nothing: false
        }
    }

    /// Whether values are dates or times.
    var isDate: Bool {
        switch self {
        case .number(let number): number.isDate
        case .nullable(let inner): inner.isDate
        default: false
        }
    }

    /// The type named `name`; nil for one chartview does not read (arrays, tuples, maps,
    /// `LowCardinality`, `Decimal128`).
    init?(_ name: String) {
        let name = name.trimmingCharacters(in: .whitespaces)
        func argument(of prefix: String) -> String? {
            guard name.hasPrefix(prefix + "("), name.hasSuffix(")") else { return nil }
            return String(name.dropFirst(prefix.count + 1).dropLast())
        }
        let plain: [String: Number.Storage] = [
            "Int8": .int8, "Int16": .int16, "Int32": .int32, "Int64": .int64, "UInt8": .uint8, "UInt16": .uint16,
            "UInt32": .uint32, "UInt64": .uint64, "Float32": .float32, "Float64": .float64
        ]
        if let storage = plain[name] {
            self = .number(Number(storage: storage))
        } else if name == "String" {
            self = .string
        } else if name == "UUID" {
            self = .uuid
        } else if name == "Nothing" {
            self = .nothing
        } else if name == "Date" {
            self = .number(Number(storage: .uint16, scale: 86_400, isDate: true))
        } else if name == "DateTime" || argument(of: "DateTime") != nil {
            self = .number(Number(storage: .uint32, isDate: true))
        } else if let inner = argument(of: "Nullable"), !inner.trimmingCharacters(in: .whitespaces).hasPrefix("Nullable"),
            let type = ClickHouseType(inner)
        {
            // (ClickHouse has no Nullable of a Nullable: a name nesting them 100,000 deep is a
            // hostile server's, refused at once rather than read level by level.)
            self = .nullable(type)
        } else if let width = argument(of: "FixedString").flatMap({ Int($0) }), width > 0 {
            self = .fixedString(width)
        } else if let decimal = Self.decimal(name) {
            self = .number(decimal)
        } else if let list = argument(of: "Enum8") ?? argument(of: "Enum16") {
            self = .enumeration(width: name.hasPrefix("Enum8") ? 1 : 2, names: Self.enumNames(list))
        } else {
            return nil
        }
    }

    /// `Decimal32(S)`, `Decimal64(S)` or `Decimal(P, S)` with P ≤ 18: an integer of 10^-S.
    private static func decimal(_ name: String) -> Number? {
        let open = name.firstIndex(of: "("), close = name.lastIndex(of: ")")
        guard let open, let close, open < close, name.hasPrefix("Decimal") else { return nil }
        let head = name[..<open]
        let arguments = name[name.index(after: open)..<close].split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard arguments.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = arguments.map { $0! }
        let storage: Number.Storage, scale: Int
        switch (head, numbers.count) {
        case ("Decimal32", 1): (storage, scale) = (.int32, numbers[0])
        case ("Decimal64", 1): (storage, scale) = (.int64, numbers[0])
        case ("Decimal", 2) where numbers[0] <= 9: (storage, scale) = (.int32, numbers[1])
        case ("Decimal", 2) where numbers[0] <= 18: (storage, scale) = (.int64, numbers[1])
        default: return nil
        }
        return Number(storage: storage, scale: pow(10, -Double(scale)))
    }

    /// The names of `'a' = 1, 'b' = 2` by their codes.
    private static func enumNames(_ list: String) -> [Int: String] {
        var names: [Int: String] = [:]
        var rest = Substring(list)
        while let open = rest.firstIndex(of: "'") {
            var name = "", i = rest.index(after: open)
            while i < rest.endIndex, rest[i] != "'" {
                if rest[i] == "\\", rest.index(after: i) < rest.endIndex { i = rest.index(after: i) }
                name.append(rest[i])
                i = rest.index(after: i)
            }
            guard i < rest.endIndex else { break }
            rest = rest[rest.index(after: i)...]
            let digits = rest.drop { $0 == " " || $0 == "=" }.prefix { $0 == "-" || $0.isNumber }
            if let code = Int(digits) { names[code] = name }
            rest = rest.drop { $0 != "," }
        }
        return names
    }
}
