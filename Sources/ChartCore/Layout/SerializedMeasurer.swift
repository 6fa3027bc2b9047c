import Foundation

/// A text measurer several threads may share: each measurement holds a lock around the one it
/// wraps (Pango's layout, which is not thread-safe). For laying a grid's cells out at once;
/// measuring is a small part of a layout, so the threads seldom wait.
final class SerializedMeasurer: TextMeasuring, @unchecked Sendable {
    private let wrapped: any TextMeasuring
    private let lock = NSLock()

    /// Measures with `wrapped`, one call at a time.
    init(_ wrapped: any TextMeasuring) {
        self.wrapped = wrapped
    }

    func size(of text: String, style: TextStyle) -> Size {
        lock.lock()
        defer { lock.unlock() }
        return wrapped.size(of: text, style: style)
    }
}
