/// One record in words: where it sits, which series, what value. The value popup, the readout
/// and `--dump-layout` say it; each plot describes its own records (`Plot.describe`).
public struct RecordDescription: Hashable, Sendable {
    /// Where the record sits along its category axis: its category ("Nov 24"), its date at the
    /// data's resolution ("2008-03-01"), or its x with the axis's title ("bill_length_mm
    /// 39.1"); nil when it has no place (a pie slice).
    public var location: String?
    /// The series' title ("AAPL"); empty when the value says it already (a slice's own label).
    public var series: String
    /// The value as the plot's labels write it ("143.50", "5,162 (12.3%)").
    public var value: String
    /// How the record was made, after the value in parentheses ("sum of 4 rows"); nil for none.
    public var note: String?

    /// A description of a record at `location` (nil for none) of `series`, worth `value`, each already formatted.
    public init(location: String?, series: String, value: String, note: String? = nil) {
        self.location = location
        self.series = series
        self.value = value
        self.note = note
    }

    /// One line: "2008-03-01 · AAPL 143.50", "Nov 24 · EUR 0.92", "Gas 5,162 (12.3%)",
    /// "1st · Yes 203 (sum of 4 rows)".
    public var text: String {
        let what = (series.isEmpty ? value : series + " " + value) + (note.map { " (\($0))" } ?? "")
        guard let location, !location.isEmpty else { return what }
        return location + " · " + what
    }
}

/// What a plot needs to describe its records as the chart shows them: how its category axis
/// writes a location.
public struct RecordContext: Sendable {
    /// The scale along the plot's category axis (x, or y for horizontal bars).
    public var locationScale: Scale
    /// That axis's title, which names a plain number ("bill_length_mm 39.1"); nil for none.
    public var locationTitle: String?
    /// A number format for values that overrides the plot's own; nil to use the plot's.
    public var valueFormat: NumberFormat?
    /// The unit that axis writes its numbers with ("%"), which a location number takes too; nil for none.
    public var locationUnit: NumberUnit?

    /// A context for describing records: how locations are scaled, titled and written, and how
    /// values are formatted (nil for automatic).
    public init(
        locationScale: Scale = .linear, locationTitle: String? = nil, valueFormat: NumberFormat? = nil,
        locationUnit: NumberUnit? = nil
    ) {
        self.locationScale = locationScale
        self.locationTitle = locationTitle
        self.valueFormat = valueFormat
        self.locationUnit = locationUnit
    }

    /// The text for a location (data units) with the record's category `name`, if it has one:
    /// the name; a date at `resolution` on a date axis; else the number after the axis title.
    public func locationText(_ location: Double, name: String?, dateResolution: @autoclosure () -> DateResolution) -> String {
        if let name { return name }
        if locationScale == .date { return dateResolution().format(location) }
        let number = NumberFormat.automatic.withUnit(locationUnit).format(location)
        guard let locationTitle, !locationTitle.isEmpty else { return number }
        return locationTitle + " " + number
    }
}
