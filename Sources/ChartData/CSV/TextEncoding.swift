import Foundation

/// The encodings a text file arrives in, turned into the UTF-8 the reader parses: UTF-8 (with or
/// without a byte order mark, as it is), UTF-16 little or big endian after its byte order mark
/// (Excel's "Unicode text"), and Windows-1252 (Latin-1 with the printer's quotes and the euro
/// sign: what Excel on Windows writes) when the bytes are not UTF-8 (in a UTF-8 file with a stray
/// byte, that byte alone). Line ends stay where they were, so line numbers are the file's. The
/// conversions are Foundation's; the byte-by-byte mixing is by hand (no library decodes UTF-8
/// with a per-byte fallback to Windows-1252).
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
    static func utf8(_ bytes: [UInt8]) -> (bytes: [UInt8], encoding: TextEncoding, note: String?) {
        if startsUTF16(bytes) {
            let little = bytes[0] == 0xFF
            let data = Data(bytes.dropFirst(2))
            let text =
                String(data: data, encoding: little ? .utf16LittleEndian : .utf16BigEndian)
                ?? String(decoding: Self.units(data, little: little), as: UTF16.self)
            let encoding: TextEncoding = little ? .utf16LittleEndian : .utf16BigEndian
            return (Array(text.utf8), encoding, "read as \(encoding.rawValue)")
        }
        let valid = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { CSVReader.isUTF8Text($0, count: buffer.count) } ?? true
        }
        // Control bytes no text holds (a NUL, a PNG's 0x1A): binary, left for the reader to refuse.
        if valid || bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0C && $0 != 0x0D || $0 == 0x7F }) {
            return (bytes, .utf8, nil)
        }
        return mixed(bytes)
    }

    /// Each Windows-1252 byte (0x80-0xFF) as UTF-8, from Foundation's converter (a byte it
    /// has no character for, 0x81 0x8D 0x8F 0x90 0x9D, as Latin-1's control character).
    private static let windows1252Bytes: [[UInt8]] = (0x80...0xFF).map { byte in
        let text = String(data: Data([UInt8(byte)]), encoding: .windowsCP1252) ?? String(UnicodeScalar(UInt8(byte)))
        return Array(text.utf8)
    }

    /// Bytes that are not all UTF-8, as UTF-8: when at least as many of their characters are
    /// valid UTF-8 as bytes are not, every valid UTF-8 character as it is and every other byte
    /// as its Windows-1252 character (a UTF-8 file with a stray byte from another program keeps
    /// its "Zürich"); otherwise every byte as Windows-1252 (a Windows-1252 file, where a valid
    /// UTF-8 pair is chance). With what it did, for the table's notes. O(bytes).
    private static func mixed(_ bytes: [UInt8]) -> (bytes: [UInt8], encoding: TextEncoding, note: String?) {
        bytes.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress!, n = buffer.count
            // First which reading: the valid characters and the stray bytes counted.
            var multibyte = 0, stray = 0, firstStrayLine = 0, line = 1
            var i = 0
            while i < n {
                if p[i] < 0x80 {
                    if p[i] == 0x0A { line += 1 }
                    i += 1
                } else if case let length = CSVReader.utf8Sequence(p, count: n, at: i), length > 0 {
                    multibyte += 1
                    i += length
                } else {
                    if stray == 0 { firstStrayLine = line }
                    stray += 1
                    i += 1
                }
            }
            // More bytes that are not UTF-8 than characters that are: a Windows-1252 file, whose
            // "É’" or "ß“" happen to make a valid UTF-8 pair (read all as Windows-1252).
            let whole1252 = multibyte < stray
            var out: [UInt8] = []
            out.reserveCapacity(n + n / 8)
            i = 0
            while i < n {
                let b = p[i]
                if b < 0x80 {
                    out.append(b)
                    i += 1
                } else if !whole1252, case let length = CSVReader.utf8Sequence(p, count: n, at: i), length > 0 {
                    out.append(contentsOf: UnsafeBufferPointer(start: p + i, count: length))
                    i += length
                } else {
                    out.append(contentsOf: windows1252Bytes[Int(b) - 0x80])
                    i += 1
                }
            }
            if whole1252 { return (out, .windows1252, "read as Windows-1252") }
            let bytesSaid = stray == 1 ? "1 byte that is" : "\(stray) bytes that are"
            return (out, .utf8, "read as UTF-8; \(bytesSaid) not UTF-8 read as Windows-1252 (the first on line \(firstStrayLine))")
        }
    }

    /// UTF-16 code units of `data` in the given byte order (an odd last byte dropped).
    private static func units(_ data: Data, little: Bool) -> [UInt16] {
        stride(from: 0, to: data.count - 1, by: 2).map { i in
            let a = UInt16(data[data.startIndex + i]), b = UInt16(data[data.startIndex + i + 1])
            return little ? a | b << 8 : a << 8 | b
        }
    }
}
