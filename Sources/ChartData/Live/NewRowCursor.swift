/// Where a followed database table's reading stands: the last x read, and the rows read at that
/// x, so that the next read (`x >= last`, in x order) takes only rows not read before.
///
/// The rule for ties: a read starts at the last x itself (`>=`, not `>`), because a row with x
/// equal to the last one may be committed after it was read. The rows at the last x are
/// remembered by their values (x and every series' value, as bits: NaN equals NaN); at the next
/// read, each row at that x whose values match one remembered is the same row read again and is
/// skipped (once per remembered row), and any other is new. So a row is appended once however
/// many reads meet it, a row committed later at the last x is appended too, and a read may stop
/// anywhere (a batch's end) and go on from its last row. Equal rows count as many as there are
/// (the rows at the last x are a multiset), and the database's order among ties does not matter.
/// Rows at an x below the last one (written out of x order after a later x was read) are never
/// read, nor rows without an x; a row changed or deleted after it was read stays as it was read.
///
/// Memory: the distinct rows at the last x. Each read costs the rows at x >= last.
struct NewRowCursor {
    /// The last x read, in data units; nil before the first row.
    private(set) var last: Double?
    /// The rows read at `last`, by their values' bits (x is `last`), with how many of each.
    private var atLast: [[UInt64]: Int] = [:]
    /// During a read: the rows at `last` not yet met again.
    private var unmet: [[UInt64]: Int] = [:]

    /// Starts a read: every row remembered at the last x is yet to be met again.
    mutating func beginRead() { unmet = atLast }

    /// Whether the row at `x` with `values` (in the query's order) is new: true appends it and
    /// makes it the last read. Rows come in x order within a read (`beginRead()` first).
    /// O(series).
    mutating func admits(x: Double, values: UnsafeBufferPointer<Double>) -> Bool {
        guard x.isFinite else { return false }
        let key = values.map(\.bitPattern)
        if let last {
            if x < last { return false }
            if x == last {
                if let count = unmet[key], count > 0 {
                    unmet[key] = count - 1
                    return false
                }
                atLast[key, default: 0] += 1
                return true
            }
        }
        last = x
        atLast = [key: 1]
        unmet = [:]
        return true
    }
}
