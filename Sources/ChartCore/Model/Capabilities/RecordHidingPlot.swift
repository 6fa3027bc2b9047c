/// A plot whose records the user can hide one by one from their legend entries (a pie's
/// slices): a hidden record is not laid out and its entry is greyed.
public protocol RecordHidingPlot: Plot {
    /// The records the user hid, by index.
    var hiddenRecords: Set<Int> { get set }
}

extension Plot {
    /// Whether the user hid `record` of this plot (only a `RecordHidingPlot`'s can be).
    func hidesRecord(_ record: Int) -> Bool { (self as? any RecordHidingPlot)?.hiddenRecords.contains(record) ?? false }

    /// Whether the user hid any record of this plot.
    var hidesAnyRecord: Bool { !((self as? any RecordHidingPlot)?.hiddenRecords.isEmpty ?? true) }
}
