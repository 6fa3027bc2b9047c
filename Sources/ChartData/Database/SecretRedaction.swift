import Foundation

/// The one redaction every message chartview prints passes: each password it knows of (those
/// written in a location, and the stored ones, `StoredCredentials`) written as `********`, in
/// one pass over the message's bytes.
public enum SecretRedaction {
    /// `text` with every password in `secrets` written as `********`, in one pass: a password
    /// that holds `*` (or that `********` would complete) cannot grow the text again. Passwords
    /// shorter than three characters are left alone: replacing each such character would
    /// garble the message and hide nothing. O(length × secrets × a secret's length) at worst.
    public static func redacting(_ text: String, secrets: [String]) -> String {
        replacing(secrets.filter { $0.count >= 3 }, with: "********", in: text)
    }

    /// `text` with each occurrence of any of `targets`' UTF-8 bytes replaced by `replacement`'s,
    /// in one pass from the left over the text as given, so what was put in is never searched
    /// again: each run of bytes that overlapping occurrences cover is one
    /// `replacement`.
    /// Bytes, not characters: a password is hidden even where the message puts a combining mark
    /// after its last letter (which `Character` comparison would not match), and a match of
    /// valid UTF-8 starts and ends on a scalar's boundary, so the result is valid. Written by
    /// hand because Foundation's `replacingOccurrences` traps on text holding NUL characters
    /// (found by make fuzz). O(length × targets × a target's length) at worst.
    static func replacing(_ targets: [String], with replacement: String, in text: String) -> String {
        let needles = Set(targets.map { Array($0.utf8) }).filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        guard !needles.isEmpty else { return text }
        let haystack = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(haystack.count)
        var replaced = false
        haystack.withUnsafeBufferPointer { h in
            // Every byte any target covers is hidden, and each run of such bytes becomes one
            // replacement: two passwords that overlap in the text (`xxab` and `abyyyy` in
            // `xxabyyyy`) leave no tail of either.
            var coveredUntil = 0
            for i in 0..<h.count {
                if let match = needles.first(where: { needle in
                    needle[0] == h[i] && h.count - i >= needle.count
                        && needle.withUnsafeBufferPointer { memcmp(h.baseAddress! + i, $0.baseAddress!, $0.count) == 0 }
                }) {
                    if i >= coveredUntil { output.append(contentsOf: replacement.utf8) }
                    coveredUntil = max(coveredUntil, i + match.count)
                    replaced = true
                } else if i >= coveredUntil {
                    output.append(h[i])
                }
            }
        }
        return replaced ? String(decoding: output, as: UTF8.self) : text
    }
}
