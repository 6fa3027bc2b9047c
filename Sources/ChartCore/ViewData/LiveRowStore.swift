/// Where a `LiveSeries` keeps the rows past its memory budget (`LiveSeries.init(plotIDs:memoryBudget:makeRowStore:)`):
/// blocks of `LiveSeries.rowsPerBlock` rows written once, oldest first, and read back by block
/// when a view reaches them. The series keeps each block's summary in memory, so a zoomed-out
/// view reads only the blocks that straddle a pixel column's edge.
///
/// chartview's store is a private temporary SQLite file (ChartData's `LiveSpillFile`); a
/// program can give its own. Called from the appending thread (`keep`) and from layout threads
/// (`read`), possibly at once: an implementation serializes them.
public protocol LiveRowStore: AnyObject, Sendable {
    /// Keeps the rows of blocks `blocks` (consecutive, never kept before): `doubles` holds, block
    /// after block, `doublesPerBlock` doubles each (the block's x, then each series' values, each
    /// `LiveSeries.rowsPerBlock` long). Throws when they cannot be kept (a full disk); the series
    /// then keeps them in memory.
    func keep(blocks: Range<Int>, doubles: UnsafeBufferPointer<Double>, doublesPerBlock: Int) throws(LiveRowStoreFailure)

    /// Reads block `block`'s doubles, as kept, into `doubles` (`doublesPerBlock` long). Throws when
    /// they cannot be read back.
    func read(block: Int, into doubles: UnsafeMutableBufferPointer<Double>) throws(LiveRowStoreFailure)
}

/// Why a `LiveRowStore` could not keep or read rows: one line a user can act on.
public struct LiveRowStoreFailure: Error, Sendable, CustomStringConvertible {
    /// What failed, one line (a path and the system's reason).
    public var description: String

    /// A failure saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
