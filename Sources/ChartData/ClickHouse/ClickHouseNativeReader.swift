import Foundation

/// Reads ClickHouse's `Native` format (what every query of a `ClickHouseDatabase` asks for):
/// blocks of rows stored column by column, each block naming its columns and their types,
/// numbers in little-endian binary. No number is parsed from text.
///
/// A block is `columns` and `rows` (LEB128), then per column its name, its type (strings: a
/// LEB128 length and UTF-8 bytes) and its `rows` values: fixed-width numbers back to back,
/// `String` as a length and bytes each, `Nullable(T)` as one byte per row (1 for NULL) followed
/// by the T values (a placeholder where NULL). `Date` is days and `DateTime` seconds since 1970
/// (UTC). O(bytes).
///
/// The bytes are a server's, not trusted: every size is checked against the bytes there before
/// anything is allocated for it (a 30-byte block claiming 2³⁹ strings is `.incomplete`, never
/// a reservation of 2³⁹ slots), and sizes multiply with overflow checked (`.malformed`).
struct ClickHouseNativeReader {
    /// One column of a block.
    struct Column {
        var name: String
        var type: ClickHouseType
        /// Numbers (dates as seconds since 1970), NaN for NULL; empty for a text column.
        var numbers: [Double] = []
        /// Text, nil for NULL; empty for a number column.
        var texts: [String?] = []
    }

    /// Why bytes are not a block.
    enum Failure: Error {
        /// The bytes end inside a block: more are needed.
        case incomplete
        /// A type the reader does not know (`LowCardinality`, `Array`…), by its name.
        case unsupported(column: String, type: String)
        /// Not the Native format (an error text after the rows, say).
        case malformed
    }

    /// Reads one block from `bytes` at `offset`, moving `offset` past it. Throws `.incomplete`
    /// (leaving `offset`) when the bytes end first.
    static func block(_ bytes: UnsafeRawBufferPointer, offset: inout Int) throws(Failure) -> (rows: Int, columns: [Column]) {
        var cursor = Cursor(bytes: bytes, offset: offset)
        let columnCount = try cursor.varint(), rowCount = try cursor.varint()
        guard columnCount < 1 << 20, rowCount < 1 << 40 else { throw .malformed }
        var columns: [Column] = []
        for _ in 0..<columnCount {
            let name = try cursor.string(), typeName = try cursor.string()
            guard let type = ClickHouseType(typeName) else { throw .unsupported(column: name, type: typeName) }
            var column = Column(name: name, type: type)
            try cursor.read(type, rows: rowCount, into: &column)
            columns.append(column)
        }
        offset = cursor.offset
        return (rowCount, columns)
    }

    /// A position in bytes being read.
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var offset: Int

        /// The bytes of `count` values of `width` bytes each; `.malformed` when the product
        /// overflows, `.incomplete` when they are not all here.
        mutating func take(_ count: Int, of width: Int) throws(Failure) -> UnsafeRawBufferPointer {
            let (total, overflow) = count.multipliedReportingOverflow(by: width)
            guard !overflow else { throw .malformed }
            return try take(total)
        }

        mutating func take(_ count: Int) throws(Failure) -> UnsafeRawBufferPointer {
            guard count >= 0, bytes.count - offset >= count else { throw .incomplete }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func varint() throws(Failure) -> Int {
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard offset < bytes.count else { throw .incomplete }
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { break }
                shift += 7
                guard shift < 64 else { throw .malformed }
            }
            guard value <= UInt64(Int.max) else { throw .malformed }
            return Int(value)
        }

        mutating func string() throws(Failure) -> String {
            let length = try varint()
            return String(decoding: try take(length), as: UTF8.self)
        }

        mutating func read(_ type: ClickHouseType, rows: Int, into column: inout Column) throws(Failure) {
            switch type {
            case .nullable(let inner):
                let nulls = try take(rows)
                try read(inner, rows: rows, into: &column)
                for r in 0..<rows where nulls[r] != 0 {
                    if inner.isText { column.texts[column.texts.count - rows + r] = nil } else { column.numbers[column.numbers.count - rows + r] = .nan }
                }
            case .string:
                // Each string takes a byte at least: no more room than the bytes here can fill.
                column.texts.reserveCapacity(column.texts.count + min(rows, bytes.count - offset))
                for _ in 0..<rows { column.texts.append(try string()) }
            case .fixedString(let width):
                let data = try take(rows, of: width)
                for r in 0..<rows {
                    var cell = UnsafeRawBufferPointer(rebasing: data[r * width..<(r + 1) * width])
                    while let last = cell.last, last == 0 { cell = UnsafeRawBufferPointer(rebasing: cell.dropLast()) }
                    column.texts.append(String(decoding: cell, as: UTF8.self))
                }
            case .uuid:
                let data = try take(rows, of: 16)
                for r in 0..<rows {
                    // Two little-endian 64-bit halves, high half first.
                    let high = data.loadUnaligned(fromByteOffset: 16 * r, as: UInt64.self)
                    let low = data.loadUnaligned(fromByteOffset: 16 * r + 8, as: UInt64.self)
                    let hex = String(format: "%016llx%016llx", high, low)
                    let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                        String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
                    }
                    column.texts.append(parts.joined(separator: "-"))
                }
            case .enumeration(let width, let names):
                let data = try take(rows, of: width)
                for r in 0..<rows {
                    let code = width == 1 ? Int(data.load(fromByteOffset: r, as: Int8.self)) : Int(data.loadUnaligned(fromByteOffset: 2 * r, as: Int16.self))
                    column.texts.append(names[code] ?? String(code))
                }
            case .number(let number):
                let data = try take(rows, of: number.width)
                column.numbers.reserveCapacity(column.numbers.count + rows)
                for r in 0..<rows { column.numbers.append(number.read(data, at: number.width * r)) }
            case .nothing:
                _ = try take(rows)
                column.numbers.append(contentsOf: repeatElement(.nan, count: rows))
            }
        }
    }

    /// The server's own error text in `bytes` ("Code: 60, e.displayText() = DB::Exception: Table
    /// default.x doesn't exist, e.what() = …"), as its message alone and its code; nil when the
    /// bytes hold none. An error met after rows were sent comes after them in the body.
    static func serverError(in bytes: UnsafeRawBufferPointer, from offset: Int = 0) -> (code: Int, message: String)? {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[min(offset, bytes.count)...]), as: UTF8.self)
        guard let start = text.range(of: "Code: ") else { return nil }
        let rest = text[start.upperBound...]
        let code = Int(rest.prefix { $0.isNumber }) ?? 0
        var message = String(rest)
        if let display = message.range(of: "e.displayText() = ") { message = String(message[display.upperBound...]) }
        if let what = message.range(of: ", e.what() = ") { message = String(message[..<what.lowerBound]) }
        if message.hasPrefix("DB::Exception: ") { message.removeFirst("DB::Exception: ".count) }
        message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if let newline = message.firstIndex(of: "\n") { message = String(message[..<newline]) }
        return (code, message)
    }
}
