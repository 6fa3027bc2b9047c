/// What the A/B cursors measure (`ChartInteraction.measurement`): where A and B are (data x,
/// snapped to records), and per visible series its records at A and B and over the records
/// between them (inclusive) the count, mean, lowest and highest value. Exact at any zoom: read
/// from the plots' records, not from what was drawn.
public struct CursorMeasurement: Hashable, Sendable {
    /// One series' part.
    public struct Series: Hashable, Sendable {
        /// The plot's identifier.
        public var plotID: String
        /// The plot's title (the series' name).
        public var title: String
        /// The value of the record nearest A, data units.
        public var a: Double?
        /// The value of the record nearest B, data units; nil before B.
        public var b: Double?
        /// How many records are located from A through B (0 before B).
        public var count: Int
        /// Their finite values' mean; nil before B, or when none is finite.
        public var mean: Double?
        /// Their lowest finite value; nil before B, or when none is finite.
        public var low: Double?
        /// Their highest finite value; nil before B, or when none is finite.
        public var high: Double?

        /// B's value less A's; nil without both.
        public var dy: Double? { a.flatMap { a in b.map { $0 - a } } }
    }

    /// A's x, data units (seconds since 1970 on a date axis).
    public var a: Double
    /// B's x, data units; nil before B.
    public var b: Double?
    /// Whether x is a date (durations are then written as such).
    public var xIsDate: Bool
    /// Each visible series' part, in drawing order.
    public var series: [Series]

    /// B's x less A's; nil before B.
    public var dx: Double? { b.map { $0 - a } }

    /// The measurement on lines of text, as the readout box shows it and Ctrl+C copies it:
    /// "A 1975-01-02 · B 1975-03-14 · Δx 71 days", then per series a line of its values at A and
    /// B, Δy and the slope (per day on a date axis of a day or more, else per second), and an
    /// indented line of the mean, lowest and highest of the records between, and their count.
    /// `x` writes an x as its axis does.
    public func lines(x: (Double) -> String) -> [String] {
        var head = "A " + x(a)
        if let b, let dx {
            head += " · B " + x(b) + " · Δx " + (xIsDate ? Self.duration(dx) : Self.number(dx))
        }
        var lines = [head]
        for s in series {
            var parts = [s.title]
            if let a = s.a { parts.append("A " + Self.number(a)) }
            if let b = s.b { parts.append("B " + Self.number(b)) }
            if let dy = s.dy, let dx, dx != 0 {
                parts.append("Δy " + Self.number(dy))
                let perDay = xIsDate && abs(dx) >= 86_400
                let slope = dy / (perDay ? dx / 86_400 : dx)
                parts.append("slope " + Self.number(slope) + (xIsDate ? (perDay ? "/day" : "/s") : ""))
            }
            lines.append(parts.joined(separator: "  "))
            if b != nil {
                var between: [String] = []
                if let mean = s.mean, let low = s.low, let high = s.high {
                    between.append("mean " + Self.number(mean) + " · min " + Self.number(low) + " · max " + Self.number(high))
                }
                between.append("n \(s.count)")
                lines.append("    " + between.joined(separator: " · "))
            }
        }
        return lines
    }

    /// A number to 6 significant digits ("0.0253161", "1.23457e+06"), whole numbers in full.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.6g", value)
        if text.hasPrefix("-0") && Double(text) == 0 { text.removeFirst() }
        return text
    }

    /// A span of seconds in the largest units that fit it: "71 days", "3 days 4 h", "2 h 5 min",
    /// "12.5 s", "12.5 ms"; negative with "−".
    static func duration(_ seconds: Double) -> String {
        let sign = seconds < 0 ? "−" : ""
        let s = abs(seconds)
        let day = 86_400.0
        if s >= day {
            let days = Int((s / day).rounded(.down)), hours = Int(((s - Double(days) * day) / 3_600).rounded())
            return sign + "\(days) day\(days == 1 ? "" : "s")" + (hours > 0 && days < 30 ? " \(hours) h" : "")
        }
        if s >= 3_600 {
            let hours = Int((s / 3_600).rounded(.down)), minutes = Int(((s - Double(hours) * 3_600) / 60).rounded())
            return sign + "\(hours) h" + (minutes > 0 ? " \(minutes) min" : "")
        }
        if s >= 60 {
            let minutes = Int((s / 60).rounded(.down)), rest = Int((s - Double(minutes) * 60).rounded())
            return sign + "\(minutes) min" + (rest > 0 ? " \(rest) s" : "")
        }
        if s >= 1 { return sign + number(s) + " s" }
        return sign + number(s * 1_000) + " ms"
    }
}
