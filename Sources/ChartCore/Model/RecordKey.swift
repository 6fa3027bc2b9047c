/// What names a record across reloads of its data, where rows may have been inserted or
/// removed so that record indices move: its category name when it has one (a bar's category,
/// a pie slice's name), else its location (a line's or scatter's x). A viewer keeps the
/// selection by it when the data changes.
public enum RecordKey: Hashable, Sendable {
    /// A record with a category name, by that name.
    case name(String)
    /// A record without a name, by its location in data units.
    case location(Double)
}

extension SeriesData {
    /// The key of `record`; nil when there is no such record. O(1).
    func key(of record: Int) -> RecordKey? {
        guard values.indices.contains(record) else { return nil }
        if let name = name(record) { return .name(name) }
        return .location(locations[record])
    }

    /// The first record `key` names; nil when none does. O(log n) for a location in sorted
    /// data, else O(n).
    func record(for key: RecordKey) -> Int? {
        switch key {
        case .name(let name):
            return names.firstIndex(of: name)
        case .location(let x):
            guard isSortedByLocation else { return locations.firstIndex(of: x) }
            var lo = 0, hi = locations.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if locations[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            return lo < locations.count && locations[lo] == x ? lo : nil
        }
    }
}
