/// What a run of bytes in ClickHouse's `Native` format holds, read block by block as a query's
/// answer is (`ClickHouseNativeReader`): for fuzzing the reader and for telling what a server
/// sent. Never traps on any bytes; O(bytes).
public struct ClickHouseNativeBlocks: Sendable, Equatable {
    /// The blocks read whole.
    public var blocks = 0
    /// Their rows, in all.
    public var rows = 0
    /// Why reading stopped before the end: "incomplete", "malformed" or "unsupported TYPE";
    /// nil when every byte was read.
    public var stop: String?

    /// Reads `bytes` as an answer's blocks.
    public init(reading bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            do throws(ClickHouseNativeReader.Failure) {
                let block = try ClickHouseNativeReader.block(bytes, offset: &offset)
                blocks += 1
                rows += block.rows
                for column in block.columns {
                    // Every column holds exactly its block's rows.
                    precondition((column.type.isText ? column.texts.count : column.numbers.count) == block.rows, "A column of another length than its block.")
                }
            } catch .incomplete {
                stop = "incomplete"
                return
            } catch .unsupported(_, let type) {
                stop = "unsupported \(type)"
                return
            } catch {
                stop = "malformed"
                return
            }
        }
    }
}
