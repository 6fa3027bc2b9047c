/// A plot that can name its records across reloads of its data, where rows come and go so that
/// record indices move: a viewer keeps the selection on the record its key names.
public protocol KeyedRecordsPlot: Plot {
    /// What names `record` across reloads of the data (its category name, else its
    /// location); nil when there is no such record.
    func key(ofRecord record: Int) -> RecordKey?

    /// The record `key` names in the data now (the first, when several do); nil when none
    /// does.
    func record(forKey key: RecordKey) -> Int?
}
