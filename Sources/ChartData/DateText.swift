/// Reads a column of texts as dates when every present text is one, with the same parser the
/// CSV reader uses (`CSVDateParser`: ISO-8601 from the bytes, other common unambiguous
/// spellings through Foundation's formatters). Seconds since 1970, UTC unless a text has an
/// offset.
enum DateText {
    /// Every text as seconds since 1970 (NaN for nil or empty), or nil when any present text is
    /// not a date. O(total length).
    static func parseAll(_ texts: [String?]) -> [Double]? {
        let parser = CSVDateParser()
        var lastFormat = -1
        var result: [Double] = []
        result.reserveCapacity(texts.count)
        for text in texts {
            guard var text, !text.isEmpty else {
                result.append(.nan)
                continue
            }
            let seconds = text.withUTF8 { parser.seconds($0, lastFormat: &lastFormat) }
            guard let seconds else { return nil }
            result.append(seconds)
        }
        return result
    }
}
