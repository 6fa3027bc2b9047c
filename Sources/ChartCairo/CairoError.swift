/// Why painting or writing an image failed, with a message a user can act on.
public enum CairoError: Error, Equatable, CustomStringConvertible {
    /// Cairo reported a failure status for an operation.
    case cairo(operation: String, message: String)
    /// The output file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The file name's extension is not one chartview writes.
    case unsupportedFormat(path: String)
    /// An image file could not be read.
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cairo(let operation, let message): "\(operation) failed: \(message)"
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .unsupportedFormat(let path): "\(path): unknown output format; use a .png, .svg or .pdf file name"
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        }
    }
}
