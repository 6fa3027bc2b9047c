import Foundation

/// The encodings a text file arrives in, turned into the UTF-8 the reader parses: UTF-8 (with or
/// without a byte order mark, as it is), UTF-16 little or big endian after its byte order mark
/// (Excel's "Unicode text"), and Windows-1252 (Latin-1 with the printer's quotes and the euro
/// sign: what Excel on Windows writes) when the bytes are not UTF-8. Line ends stay where they
/// were, so line numbers are the file's. The conversions are Foundation's.
enum TextEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16 (little endian)"
    case utf16BigEndian = "UTF-16 (big endian)"
    case windows1252 = "Windows-1252"

    /// Whether `bytes` start with a UTF-16 byte order mark (so NUL bytes are text).
    static func startsUTF16(_ bytes: some Collection<UInt8>) -> Bool {
        var i = bytes.makeIterator()
        guard let a = i.next(), let b = i.next() else { return false }
        return (a == 0xFF && b == 0xFE) || (a == 0xFE && b == 0xFF)
    }

    /// `bytes` as UTF-8, and the encoding they were read in. Bytes that are not UTF-8 and hold a
    /// control byte no text has (NUL, 0x1A…) are returned as they are (not text; the reader
    /// says so).
    /// O(bytes); a copy only when they were not UTF-8.
    static func utf8(_ bytes: [UInt8]) -> (bytes: [UInt8], encoding: TextEncoding) {
        if startsUTF16(bytes) {
            let little = bytes[0] == 0xFF
            let data = Data(bytes.dropFirst(2))
            let text =
                String(data: data, encoding: little ? .utf16LittleEndian : .utf16BigEndian)
                ?? String(decoding: Self.units(data, little: little), as: UTF16.self)
            return (Array(text.utf8), little ? .utf16LittleEndian : .utf16BigEndian)
        }
        let valid = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { CSVReader.isUTF8Text($0, count: buffer.count) } ?? true
        }
        // Control bytes no text holds (a NUL, a PNG's 0x1A): binary, left for the reader to refuse.
        if valid || bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0C && $0 != 0x0D || $0 == 0x7F }) {
            return (bytes, .utf8)
        }
        let text = String(data: Data(bytes), encoding: .windowsCP1252) ?? String(data: Data(bytes), encoding: .isoLatin1) ?? ""
        return (Array(text.utf8), .windows1252)
    }

    /// UTF-16 code units of `data` in the given byte order (an odd last byte dropped).
    private static func units(_ data: Data, little: Bool) -> [UInt16] {
        stride(from: 0, to: data.count - 1, by: 2).map { i in
            let a = UInt16(data[data.startIndex + i]), b = UInt16(data[data.startIndex + i + 1])
            return little ? a | b << 8 : a << 8 | b
        }
    }
}
