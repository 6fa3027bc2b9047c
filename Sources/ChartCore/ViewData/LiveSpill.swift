import Synchronization

/// The rows a `LiveSeries` moved to its `LiveRowStore` past its memory budget, and the blocks of
/// them read back lately (a view reaching old rows reads the same edge blocks frame after frame).
///
/// Thread-safe: the store serializes its own calls; the cache is under a lock; a block read back
/// (`LiveBlockRows`) is never written again, and its reader keeps it alive.
final class LiveSpill: Sendable {
    let seriesCount: Int
    /// The store, made at the first spill; nil before.
    private let store = Mutex<(any LiveRowStore)?>(nil)
    private let makeStore: @Sendable () throws(LiveRowStoreFailure) -> any LiveRowStore
    private let cache: Mutex<Cache>
    /// Why a read failed, once; nil while none did.
    private let readFailure = Mutex<String?>(nil)

    /// Blocks read back, evicted oldest first past `capacity`.
    private struct Cache {
        var blocks: [Int: LiveBlockRows] = [:]
        var order: [Int] = []
        var head = 0
        let capacity: Int
    }

    /// The doubles one block takes in the store: its x and each series' values.
    var doublesPerBlock: Int { LiveBlock.rows * (1 + seriesCount) }

    /// A spill for `seriesCount` series, caching up to `cacheBytes` of blocks read back, whose
    /// store `makeStore` makes at the first spill.
    init(seriesCount: Int, cacheBytes: Int, makeStore: @escaping @Sendable () throws(LiveRowStoreFailure) -> any LiveRowStore) {
        self.seriesCount = seriesCount
        self.makeStore = makeStore
        let blockBytes = LiveBlock.rows * 8 * (1 + seriesCount)
        cache = Mutex(Cache(capacity: max(16, cacheBytes / blockBytes)))
    }

    /// Keeps chunk `c`'s rows in the store (making it first). Throws when it cannot.
    func keep(chunk c: Int, rows: LiveChunkRows) throws(LiveRowStoreFailure) {
        let target: any LiveRowStore
        if let made = store.withLock({ $0 }) {
            target = made
        } else {
            target = try makeStore()
            store.withLock { $0 = target }
        }
        let doubles = rows.blockMajor()
        let first = c * LiveChunk.blocks
        try doubles.withUnsafeBufferPointer { (buffer) throws(LiveRowStoreFailure) in
            try target.keep(blocks: first..<(first + LiveChunk.blocks), doubles: buffer, doublesPerBlock: doublesPerBlock)
        }
    }

    /// Block `b`'s rows, from the cache or read from the store. A block that cannot be read
    /// back reads as missing values at the block's first x (`span`), and the failure is kept
    /// (`failure`). O(1) cached; one store read otherwise.
    func block(_ b: Int, span: LiveBlock.Span) -> LiveBlockRows {
        if let cached = cache.withLock({ $0.blocks[b] }) { return cached }
        let rows = LiveBlockRows(seriesCount: seriesCount)
        do throws(LiveRowStoreFailure) {
            guard let target = store.withLock({ $0 }) else { throw LiveRowStoreFailure("no rows were kept on disk") }
            try target.read(block: b, into: UnsafeMutableBufferPointer(start: rows.doubles, count: doublesPerBlock))
        } catch {
            rows.doubles.update(repeating: .nan, count: doublesPerBlock)
            rows.doubles.update(repeating: span.first, count: LiveBlock.rows)
            readFailure.withLock { $0 = $0 ?? error.description }
            return rows
        }
        cache.withLock { cache in
            guard cache.blocks[b] == nil else { return }
            cache.blocks[b] = rows
            if cache.order.count < cache.capacity {
                cache.order.append(b)
            } else {
                cache.blocks[cache.order[cache.head]] = nil
                cache.order[cache.head] = b
                cache.head = (cache.head + 1) % cache.capacity
            }
        }
        return rows
    }

    /// Why reading rows back failed, once one did.
    var failure: String? { readFailure.withLock { $0 } }
}

/// One block's rows read back from a `LiveRowStore`: its x, then each series' values,
/// `LiveBlock.rows` each. Written once before it is shared; freed when the last reader lets go.
final class LiveBlockRows: @unchecked Sendable {
    let doubles: UnsafeMutablePointer<Double>

    init(seriesCount: Int) {
        doubles = .allocate(capacity: LiveBlock.rows * (1 + seriesCount))
    }

    deinit { doubles.deallocate() }

    /// x of the block's row `r`.
    @inline(__always) func x(_ r: Int) -> Double { doubles[r] }

    /// Series `s`' value at the block's row `r`.
    @inline(__always) func value(_ s: Int, _ r: Int) -> Double { doubles[(1 + s) * LiveBlock.rows + r] }
}
