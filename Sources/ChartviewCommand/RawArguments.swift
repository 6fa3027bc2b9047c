import Foundation

/// The command line as the kernel gave it: bytes, not text. `CommandLine.arguments` decodes
/// each argument as UTF-8 and puts U+FFFD where it is not, so a file whose name is not UTF-8
/// (a Latin-1 name copied off an old disk) would be looked for under another name and be
/// reported missing though it is there. chartview takes names as UTF-8 text; an argument that
/// is not is refused here, first thing, with its bytes shown and a way on.
enum RawArguments {
    /// The first argument (after the program's name) that is not UTF-8: its position
    /// (1-based) and its bytes. O(total length of the arguments).
    static func firstNotUTF8() -> (position: Int, bytes: [UInt8])? {
        let argv = CommandLine.unsafeArgv
        for i in 1..<Int(CommandLine.argc) {
            guard let pointer = argv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            if String(validating: bytes, as: UTF8.self) == nil { return (i, bytes) }
        }
        return nil
    }

    /// `bytes` as text a terminal shows: valid UTF-8 as it is, every other byte as `\xNN`.
    /// O(n).
    static func shown(_ bytes: [UInt8]) -> String {
        var result = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest valid prefix of at most four bytes is one character.
            var taken = 0
            for length in stride(from: min(4, rest.count), through: 1, by: -1) {
                if let text = String(validating: rest.prefix(length), as: UTF8.self), text.unicodeScalars.count == 1 {
                    result += text
                    taken = length
                    break
                }
            }
            if taken == 0 {
                result += "\\x" + String(rest.first!, radix: 16, uppercase: true).leftPadded(to: 2)
                taken = 1
            }
            rest = rest.dropFirst(taken)
        }
        return result
    }

    /// The one-line refusal of an argument that is not UTF-8.
    static func refusal(position: Int, bytes: [UInt8]) -> String {
        "argument \(position) ('\(shown(bytes))') is not UTF-8 text: chartview reads names as UTF-8; "
            + "rename the file (convmv -f latin1 -t utf8), or give its data on standard input ('chartview - < FILE')"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
