/// Why painting or writing an image failed, with a message a user can act on.
public enum CairoError: Error, Equatable, CustomStringConvertible {
    /// Cairo reported a failure status for an operation.
    case cairo(operation: String, message: String)
    /// The output file could not be written.
    case cannotWrite(path: String, reason: String)
    /// Cairo failed while painting a chart (not while writing it), with Cairo's reason.
    case painting(reason: String)
    /// Cairo failed while painting the chart for the output file (not while writing it).
    case cannotPaint(path: String, reason: String)
    /// The output is not a file chartview replaces (a directory, a read-only file, a device),
    /// with what to do instead.
    case refused(path: String, reason: String)
    /// The file name's extension is not one chartview writes.
    case unsupportedFormat(path: String)
    /// An image file could not be read.
    case cannotRead(path: String, reason: String)
    /// The memory for an image of `width` × `height` pixels (`bytes` of it, 4 a pixel) could
    /// not be had: Cairo's allocation failed (`ulimit -v`, the machine's memory).
    case noImageMemory(width: Int, height: Int, bytes: Int)

    public var description: String {
        switch self {
        case .cairo(let operation, let message): "\(operation) failed: \(message)"
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .painting(let reason): "painting the chart failed: \(reason)"
        case .cannotPaint(let path, let reason): "\(path): cannot draw the chart: \(reason)"
        case .refused(let path, let reason): "\(path): \(reason)"
        case .unsupportedFormat(let path): "\(path): unknown output format; use a .png, .svg or .pdf file name"
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        case .noImageMemory(let width, let height, let bytes):
            "a \(width)x\(height) image needs \(Self.megabytes(bytes)) MB of memory, which could not be had"
        }
    }

    /// Whole megabytes of `bytes`, rounded up (1 MB = 2^20 bytes).
    public static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
