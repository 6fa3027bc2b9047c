import ChartCore
@testable import ChartSession
import Foundation
import Testing

/// A chart session as a host runs it, in a test: a manual clock the test advances, the loading
/// threads' wakes counted, the session's events recorded, and a host (`TestHost`) that writes
/// saves into a folder of its own. No window: the host's frames are `frame()`, which lays the
/// chart out on the test's thread as a window's frame thread would.
final class SessionFixture {
    let clock = ManualClock()
    let wakes = Wakes()
    let host: TestHost
    let session: ChartSession
    /// How many of the events `newEvents()` returned already.
    private var seen = 0

    /// A session over `charts`, not watching unless `watches`, following live charts' `liveWindow`, saving PNG, SVG or PDF files
    /// into a new folder; started.
    init(_ charts: [any ChartProvider], watches: Bool = false, liveWindow: LiveWindow? = nil) throws {
        host = try TestHost()
        var options = ChartSession.Options()
        options.liveWindow = liveWindow
        options.watches = watches
        options.saveDirectory = host.directory
        options.saveExtensions = ["png", "svg", "pdf"]
        let recorder = recorder
        options.onEvent = { recorder.events.append($0) }
        session = ChartSession(
            charts: charts, size: Size(width: 640, height: 400), measurer: FixedTextMeasurer(), clock: clock, wake: wakes.wake,
            options: options)
        session.host = host
        session.start()
    }

    /// A fixture whose first chart is loaded and laid out, its events so far taken.
    static func shown(_ charts: [any ChartProvider], watches: Bool = false, liveWindow: LiveWindow? = nil) throws -> SessionFixture {
        let fixture = try SessionFixture(charts, watches: watches, liveWindow: liveWindow)
        try #require(fixture.settle(), "the first chart never loaded")
        fixture.frame()
        _ = fixture.newEvents()
        return fixture
    }

    private let recorder = Recorder()
    private final class Recorder {
        var events: [SessionEvent] = []
    }

    /// The events reported since the last call.
    func newEvents() -> [SessionEvent] {
        defer { seen = recorder.events.count }
        return Array(recorder.events[seen...])
    }

    /// Waits for the load under way to wake the host, and has the session take it, until no
    /// load runs; false when a load never woke the host (within 10 s each).
    @discardableResult
    func settle() -> Bool {
        while session.isLoading {
            guard wakes.wait() else { return false }
            session.takeFinishedWork()
        }
        return true
    }

    /// A frame, as the window's frame thread would make it: the chart laid out (here, on the
    /// test's thread) and its layout reported to the session.
    func frame() {
        session.interaction.layoutIfNeeded()
        session.chartLayoutFinished(isCurrent: true)
    }

    /// The status line now.
    var status: String? { session.interaction.statusMessage }

    /// The save prompt's answer now; nil when it is closed.
    var answer: String? { session.interaction.prompt?.line.text }

    deinit { try? FileManager.default.removeItem(atPath: host.directory) }
}

/// What a window does for its session, without a window: remembers the interactions replaced,
/// writes a save as a small file in its folder (or fails as told), says what a path would
/// replace by whether a file is there (or refuses as told), and keeps what was copied.
final class TestHost: ChartSessionHost {
    let directory: String
    private(set) var replaced: [(old: ChartInteraction, animates: Bool)] = []
    private(set) var saved: [String] = []
    private(set) var copied: [String] = []
    /// Every save fails so when set.
    var saveFailure: SaveFailure?
    /// Every existing path is refused for this reason when set.
    var refusal: String?

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("chartsession-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func session(_ session: ChartSession, didReplace old: ChartInteraction, animates: Bool) {
        replaced.append((old, animates))
    }

    func session(_ session: ChartSession, replacementAt path: String) -> SaveReplacement {
        guard FileManager.default.fileExists(atPath: path) else { return .createsFile }
        return refusal.map { .refused(reason: $0) } ?? .replacesFile
    }

    func session(_ session: ChartSession, save path: String) throws(SaveFailure) {
        if let saveFailure { throw saveFailure }
        guard FileManager.default.createFile(atPath: path, contents: Data("chart".utf8)) else {
            throw SaveFailure(message: "\(path): cannot write")
        }
        saved.append(path)
    }

    func session(_ session: ChartSession, copy text: String) -> Int {
        copied.append(text)
        return text.utf8.count
    }
}
