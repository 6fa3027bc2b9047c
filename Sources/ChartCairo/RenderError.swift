import ChartFiles

/// Why a chart could not be written to a file or stream: Cairo failed, the file system did,
/// or the name asks for a format chartview does not write. Messages name the file as the user
/// gave it.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// Cairo failed (an image too large for memory, a status it reported).
    case cairo(CairoError)
    /// The file could not be written or may not be replaced (`FileDestination`, `PartialFile`).
    case file(FileError)
    /// Cairo failed while painting the chart for the output file (not while writing it).
    case cannotPaint(path: String, reason: String)
    /// The file name's extension is not one chartview writes.
    case unsupportedFormat(path: String)

    public var description: String {
        switch self {
        case .cairo(let error): error.description
        case .file(let error): error.description
        case .cannotPaint(let path, let reason): "\(path): cannot draw the chart: \(reason)"
        case .unsupportedFormat(let path): "\(path): unknown output format; use a .png, .svg or .pdf file name"
        }
    }

    /// `body`'s result, its `CairoError` as `.cairo`.
    static func catchingCairo<T>(_ body: () throws(CairoError) -> T) throws(RenderError) -> T {
        do {
            return try body()
        } catch {
            throw .cairo(error)
        }
    }
}
