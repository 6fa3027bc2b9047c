import CCurl
import Foundation
import Synchronization

/// One HTTP connection to a ClickHouse server, through libcurl (loaded on first use): owns
/// curl's handle, which keeps the connection open between queries, and frees it. Posts a query
/// and hands the response's bytes over as they arrive. One thread uses it at a time;
/// `stop()` may be called from any.
final class ClickHouseConnection: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    private let stopping = Atomic<Bool>(false)

    /// How a transfer ended when it did not deliver a whole response.
    enum Failure: Error {
        /// `stop()` was called, or the body handler asked to stop.
        case stopped
        /// The client's time limit passed.
        case timedOut
        /// The server could not be reached (`unreachable`) or the transfer broke: curl's words.
        case transport(message: String, unreachable: Bool)
    }

    /// A connection, loading libcurl first; throws curl's loader message when it cannot.
    init() throws(DataError) {
        var error = [CChar](repeating: 0, count: 512)
        guard chartview_libcurl_load(&error, error.count) == 0 else {
            throw DataError.server(
                name: "ClickHouse", what: "cannot load libcurl", message: Self.text(error), unreachable: true)
        }
        guard let handle = chartview_curl_open() else {
            throw DataError.server(name: "ClickHouse", what: "cannot start libcurl", message: "curl_easy_init failed", unreachable: true)
        }
        self.handle = handle
    }

    deinit { chartview_curl_close(handle) }

    /// Stops the transfer running now (from any thread); the next one runs.
    func stop() { stopping.store(true, ordering: .relaxed) }

    /// Posts `body` to `url` as `user`, within `seconds`, calling `received` with each piece of
    /// the response's body (returning false stops the transfer). Returns the HTTP status.
    func post(
        _ body: String, to url: String, user: String, password: String?, seconds: Double,
        shouldStop: @escaping () -> Bool = { false }, received: (UnsafeRawBufferPointer) -> Bool
    ) throws(Failure) -> Int {
        stopping.store(false, ordering: .relaxed)
        return try withoutActuallyEscaping(received) { (received) throws(Failure) -> Int in
            // The deadline is checked in curl's callbacks too: a body that inflates without end
            // (a gzip bomb) is decoded inside one call of curl's, where its own timer is not.
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(seconds, 1e6)) * 1e9)
            let box = Transfer(received: received, shouldStop: shouldStop, connection: self, deadline: deadline)
            let context = Unmanaged.passUnretained(box).toOpaque()
            var status = 0
            var message = [CChar](repeating: 0, count: 512)
            let code = body.utf8CString.withUnsafeBufferPointer { text in
                chartview_curl_post(
                    handle, url, user, password, text.baseAddress, text.count - 1,
                    Int(min(seconds, 1e6) * 1000), Int(min(seconds, 30) * 1000),
                    { data, size, context in
                        let box = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
                        return box.received(UnsafeRawBufferPointer(start: data, count: size)) && !box.isStopping ? 0 : 1
                    },
                    { context in
                        Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().isStopping ? 1 : 0
                    },
                    context, &status, &message, message.count)
            }
            guard code == 0 else {
                if box.pastDeadline { throw .timedOut }
                if chartview_curl_stopped_by_callback(code) != 0 { throw .stopped }
                if chartview_curl_timed_out(code) != 0 { throw .timedOut }
                throw .transport(message: Self.text(message), unreachable: chartview_curl_unreachable(code) != 0)
            }
            withExtendedLifetime(box) {}
            return status
        }
    }

    /// A C string's text.
    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `stop()` was called since the transfer began.
    fileprivate var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// What curl's callbacks reach through their context pointer.
    private final class Transfer {
        let received: (UnsafeRawBufferPointer) -> Bool
        let shouldStop: () -> Bool
        unowned let connection: ClickHouseConnection
        /// When the transfer must end (`DispatchTime` nanoseconds).
        let deadline: UInt64
        /// Whether a callback found the deadline passed.
        private(set) var pastDeadline = false

        init(
            received: @escaping (UnsafeRawBufferPointer) -> Bool, shouldStop: @escaping () -> Bool, connection: ClickHouseConnection,
            deadline: UInt64
        ) {
            self.received = received
            self.shouldStop = shouldStop
            self.connection = connection
            self.deadline = deadline
        }

        var isStopping: Bool {
            if DispatchTime.now().uptimeNanoseconds > deadline { pastDeadline = true }
            return pastDeadline || connection.isStopping || shouldStop()
        }
    }
}
