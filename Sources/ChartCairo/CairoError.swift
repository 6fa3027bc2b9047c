/// Why Cairo failed, with a message a user can act on: its own failures only (a status it
/// reported, memory it could not have, an image it could not read). Writing files fails with
/// `FileError` (ChartFiles); `RenderError` says which of the two stopped a render.
public enum CairoError: Error, Equatable, CustomStringConvertible {
    /// Cairo reported a failure status for an operation.
    case cairo(operation: String, message: String)
    /// Cairo failed while painting a chart (not while writing it), with Cairo's reason.
    case painting(reason: String)
    /// An image file could not be read.
    case cannotRead(path: String, reason: String)
    /// The memory for an image of `width` × `height` pixels (`bytes` of it, 4 a pixel) could
    /// not be had: Cairo's allocation failed (`ulimit -v`, the machine's memory).
    case noImageMemory(width: Int, height: Int, bytes: Int)

    public var description: String {
        switch self {
        case .cairo(let operation, let message): "\(operation) failed: \(message)"
        case .painting(let reason): "painting the chart failed: \(reason)"
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        case .noImageMemory(let width, let height, let bytes):
            "a \(width)x\(height) image needs \(Self.megabytes(bytes)) MB of memory, which could not be had"
        }
    }

    /// Whole megabytes of `bytes`, rounded up (1 MB = 2^20 bytes).
    public static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
