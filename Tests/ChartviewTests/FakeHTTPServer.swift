import Foundation
import Synchronization

/// A hostile or fake HTTP server on loopback for the tests (a ClickHouse server that answers
/// what the test says): it accepts connections on 127.0.0.1 at a free port, reads each request
/// (its head and a body of `Content-Length` bytes), records it, and answers with the bytes
/// `answer` gives for it, then closes the connection. Stops (and joins its thread) in `stop()`.
final class FakeHTTPServer: @unchecked Sendable {
    /// One request as received.
    struct Request: Sendable {
        /// The request line and headers, as text.
        var head: String
        /// The body.
        var body: Data

        /// The value of header `name` (case-insensitive), nil when absent.
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let answer: @Sendable (Request) -> Data
    private let received = Mutex<[Request]>([])
    private let stopped = Mutex(false)
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)

    /// The requests received so far.
    var requests: [Request] { received.withLock { $0 } }

    /// Starts listening; `answer` gives each request's whole answer (status line, headers, body).
    init(answer: @escaping @Sendable (Request) -> Data) throws {
        self.answer = answer
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw CocoaError(.fileWriteUnknown)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        self.thread = thread
        thread.start()
    }

    /// A whole HTTP/1.1 answer: `status`, a body, and `headers` besides its length.
    static func response(status: Int = 200, body: Data, headers: [String] = []) -> Data {
        var head = "HTTP/1.1 \(status) X\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for header in headers { head += header + "\r\n" }
        return Data((head + "\r\n").utf8) + body
    }

    /// Stops listening and waits for the thread to end.
    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        done.wait()
        close(listener)
    }

    private func serve() {
        defer { done.signal() }
        while !stopped.withLock({ $0 }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            if let request = read(client) {
                received.withLock { $0.append(request) }
                let bytes = answer(request)
                bytes.withUnsafeBytes { raw in
                    var sent = 0
                    while sent < raw.count {
                        let n = send(client, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                        if n <= 0 { break }
                        sent += n
                    }
                }
            }
            close(client)
        }
    }

    /// A request's head and body, read with a 5 s limit; nil when the client went away.
    private func read(_ client: Int32) -> Request? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headEnd: Int?
        while true {
            if let end = headEnd {
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                let request = Request(head: head, body: Data())
                let length = Int(request.header("Content-Length") ?? "0") ?? 0
                if bytes.count - (end + 4) >= length {
                    return Request(head: head, body: bytes.subdata(in: (end + 4)..<(end + 4 + length)))
                }
            }
            let n = recv(client, &buffer, buffer.count, 0)
            guard n > 0 else { return headEnd.map { Request(head: String(decoding: bytes[..<$0], as: UTF8.self), body: Data()) } }
            bytes.append(contentsOf: buffer[..<n])
            if headEnd == nil, let range = bytes.range(of: Data("\r\n\r\n".utf8)) { headEnd = range.lowerBound }
        }
    }
}
