import CX11
import ChartCairo
import ChartCore
import ChartSession
@testable import ChartX11
@testable import ChartviewCommand
import Foundation
import Testing

/// The viewer without its window: the chart session a window would host for a command line
/// (the same `WindowCharts`: gallery, CSV, SQLite, PostgreSQL, live input), on a manual clock,
/// its loads run inline when the viewer turns its loop, its frames laid out on the test's thread,
/// and input given as the window's handler gives it (the same key table, `WindowAction`, and
/// prompt keys, `PromptKeys`). It reports what the window's `--trace` would, as the same lines
/// (`TraceWriter`), so that a test reads it as it reads a window (`TraceSession`).
///
/// What only a window shows (X input, focus, the clipboard, resizes by the window manager, the
/// frame thread, shared memory, the pixels on screen) stays with `WindowTests`; a "screenshot"
/// here paints the scene and what lies over it as the window composes them.
///
/// Time: `next(_:)` turns the loop until the event comes: it runs the loads, takes what data
/// threads finished, lays out, and when nothing is left to do advances the clock to the next
/// timer (a watch poll, a live frame, a passing message) after giving threads outside the
/// session (a live feed, a big table's fetch, a server) up to 50 ms to wake it. Timeouts are
/// real seconds, as a window's.
final class WindowlessViewer {
    let clock = ManualClock()
    let session: ChartSession
    /// The options the command line gave.
    let options: Options
    /// Stands for the X window's id in the events that name it.
    let window = "1"
    /// The line waited for at the start (`ready`, or the `until` event).
    private(set) var first: [String: Any] = [:]
    /// Every line so far, and how many `next` took.
    private(set) var lines: [[String: Any]] = []
    private var cursor = 0
    /// The status the command would exit with, once quit.
    private(set) var exitStatus: Int32?

    private let text = PangoText()
    /// When the viewer began, by its clock.
    private let started: ContinuousClock.Instant
    /// Whether the data is watched (the window's `ready` line says so).
    private let watches: Bool
    private let loads = InlineLoads()
    private let wakes = Wakes()
    private let host: Host
    private let recorder = Recorder()
    private var isReady = false
    /// The time of the last input, milliseconds: what the window's X events carry.
    private var time: UInt64 = 1_000
    /// Where the pointer is (device pixels).
    private var pointer = Point(x: 5.5, y: 5.5)
    /// The standard input given, kept open while the viewer runs.
    private let standardInput: FileHandle

    /// The viewer for `arguments` (a command line without output flags) in `directory` (saves
    /// go there; the working directory when nil), `standardInput` read as standard input
    /// (/dev/null when nil), once its `until` line came (`ready`: the first chart laid out).
    /// Charts show at once unless `animated`. Loads run inline when the loop turns, or on threads
    /// of their own as in the window when `threadedLoads` (to stop a query while it runs).
    init(
        _ arguments: [String], directory: String? = nil, animated: Bool = false, until first: String = "ready",
        standardInput: FileHandle? = nil, threadedLoads: Bool = false
    ) throws {
        self.standardInput = standardInput ?? FileHandle(forReadingAtPath: "/dev/null")!
        let made: (WindowCharts, Options)
        do throws(CommandError) {
            made = try WindowCharts.make(arguments: arguments + (animated ? [] : ["--no-animation"]), standardInput: self.standardInput.fileDescriptor)
        } catch {
            throw ViewerError.refused(error.message, status: error.status)
        }
        let (charts, options) = made
        self.options = options
        started = clock.now
        watches = charts.watches
        host = Host(text: text)
        var sessionOptions = ChartSession.Options()
        sessionOptions.theme = options.theme
        sessionOptions.watches = charts.watches
        sessionOptions.liveWindow = charts.liveWindow
        sessionOptions.saveDirectory = directory ?? FileManager.default.currentDirectoryPath
        sessionOptions.saveExtensions = ChartRenderer.Format.allCases.map(\.rawValue)
        sessionOptions.helpLines = WindowAction.helpLines
        sessionOptions.loadRunner = threadedLoads ? ThreadLoadRunner() : loads
        let recorder = recorder, window = UInt(window)!
        sessionOptions.onEvent = { event in
            if case .loading(let chart) = event {
                recorder.add(.loading(window: window, chart: chart))
            } else {
                recorder.add(.session(event))
            }
        }
        session = ChartSession(
            charts: charts.pages, index: charts.index, size: options.size, scale: options.scale ?? 1, measurer: text, clock: clock,
            wake: wakes.wake, options: sessionOptions)
        host.viewer = self
        session.host = host
        session.start()
        self.first = try next(first, timeout: 60)
    }

    deinit {
        session.close()
    }

    // MARK: Reading what happened

    /// The next line of event `name`, turning the loop until it comes; lines of other events
    /// before it are passed over (added to `skipped`). Throws when `timeout` seconds of the
    /// clock pass without it (or of real time, waiting for threads), or once the viewer quit.
    @discardableResult
    func next(_ name: String, timeout: Double = 10) throws -> [String: Any] {
        var skipped: [[String: Any]] = []
        return try next(name, timeout: timeout, skipped: &skipped)
    }

    /// `next(_:timeout:)`, adding the lines passed over to `skipped`.
    func next(_ name: String, timeout: Double = 10, skipped: inout [[String: Any]]) throws -> [String: Any] {
        try turn(until: name, timeout: timeout) { line in
            if line["event"] as? String == name { return true }
            skipped.append(line)
            return false
        }
    }

    /// Every event name up to and including the next `name` event.
    func events(until name: String, timeout: Double = 10) throws -> [String] {
        var names: [String] = []
        _ = try turn(until: name, timeout: timeout) { line in
            names.append(line["event"] as? String ?? "")
            return line["event"] as? String == name
        }
        return names
    }

    /// The next line, whatever its event.
    func nextLine(timeout: Double = 10) throws -> [String: Any] {
        try turn(until: "a line", timeout: timeout) { _ in true }
    }

    /// Turns the loop until a line `accepts` comes (each new line offered once, in order), for at
    /// most `timeout` seconds of real time.
    ///
    /// When nothing is left to do at once, a thread outside the session (a live feed, a big
    /// table's fetch, a server, a threaded load) may be working: the loop waits for its wake as
    /// long as the next timer is away, but at most 50 ms, then the clock moves to that timer. So
    /// the clock never runs ahead of the rows that real writers bring at their real pace (a live
    /// frame's timer is 33 ms away), while a watch poll half a second away comes after 50 ms.
    private func turn(until what: String, timeout: Double, accepts: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            collect()
            while cursor < lines.count {
                let line = lines[cursor]
                cursor += 1
                if accepts(line) { return line }
            }
            if exitStatus != nil { throw ViewerError.ended(waitingFor: what) }
            if turnOnce() { continue }
            if Date() > deadline { throw ViewerError.timeout(waitingFor: what) }
            guard let due = clock.nextDeadline else {
                // No timer: only a thread can bring the line.
                _ = wakes.wait(seconds: 0.05)
                continue
            }
            let away = clock.now.duration(to: due)
            let seconds = Double(away.components.seconds) + Double(away.components.attoseconds) / 1e18
            if wakes.wait(seconds: min(0.05, max(0, seconds))) { continue }
            clock.advance(by: max(.zero, away))
        }
    }

    /// Turns the loop until nothing is left to do at once (no timer fired, no wait).
    func settle() {
        while turnOnce() {}
        collect()
    }

    /// Moves the lines the session and the frames reported into `lines`.
    private func collect() {
        for event in recorder.take() {
            guard var line = TraceWriter.object(event) else { continue }
            // As the trace's "t": milliseconds since the viewer began, by its clock.
            let elapsed = started.duration(to: clock.now)
            line["t"] = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            // Through JSON, as the trace's lines come: the same values a test reads from a window.
            guard let data = try? JSONSerialization.data(withJSONObject: line),
                let read = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else {
                Issue.record("a trace line that is not JSON: \(line)")
                continue
            }
            lines.append(read)
        }
    }

    /// One turn of the window's loop: the loads due, what threads finished, a frame when the
    /// state asks for one. Whether anything happened.
    @discardableResult
    private func turnOnce() -> Bool {
        var happened = loads.runPending()
        if wakes.take() { happened = true }
        session.takeFinishedWork()
        happened = frame() || happened
        return happened
    }

    /// A frame as the window makes one, on this thread: the chart laid out (and its hit tester
    /// built) when it changed, then what lies over it, a save when one waits for the picture,
    /// and the trace's layout, ready and frame lines. Whether it made one.
    private func frame() -> Bool {
        var newPicture = false, composed = false
        if let layout = session.interaction.makeLayoutJob() {
            let loaded = session.showsLoadedChart
            if loaded {
                recorder.add(.building(window: UInt(window)!, size: layout.size))
                session.chartFrameStarted()
            }
            let scene = layout.run(measurer: text)
            let tester = HitTester(scene: scene, cancellation: layout.cancellation)
            session.chartFrameReturned()
            let interaction = session.interaction
            interaction.finishLayout(layout, scene: scene, hitTester: tester)
            let current = !interaction.needsChartLayout
            if current { interaction.layoutIfNeeded() }
            recorder.add(.layout(interaction.scene))
            session.chartLayoutFinished(isCurrent: current)
            newPicture = loaded || !isReady
            host.pictureShows = interaction
        }
        let interaction = session.interaction
        if interaction.needsLayout && interaction.layoutJob == nil && !interaction.needsChartLayout {
            interaction.layoutIfNeeded()
            recorder.add(.layout(interaction.scene))
            session.reportInteractionEvents()
            composed = true
        }
        if session.wantsSave, host.pictureShows === interaction, !interaction.needsChartLayout, !interaction.needsLayout {
            session.save()
        }
        if newPicture {
            if !isReady, session.showsLoadedChart {
                isReady = true
                recorder.add(.ready(window: UInt(window)!, size: interaction.scene.size, scale: options.scale ?? 1, watching: watches))
                recorder.add(.layout(interaction.scene))
            }
            recorder.add(.frame(milliseconds: 0))
        } else if composed {
            recorder.add(.frame(milliseconds: 0))
        }
        return newPicture || composed
    }

    // MARK: Input

    /// The input an xdotool command line gives the window (`mousemove [--window W] X Y`,
    /// `click [--window W] [--repeat N] [--delay MS] BUTTON`, `mousedown`/`mouseup BUTTON`,
    /// `key [--window W] NAME...`, `type [--delay MS] TEXT`, `windowsize W WIDTH HEIGHT`),
    /// handled as the window handles the X events they make. Each event 10 ms after the last
    /// (the clock moves with them).
    func xdotool(_ arguments: [String]) throws {
        var words = arguments[...]
        func take() throws -> String {
            guard let word = words.popFirst() else { throw ViewerError.input(arguments.joined(separator: " ")) }
            return word
        }
        func options() throws -> [String: String] {
            var found: [String: String] = [:]
            while let word = words.first, word.hasPrefix("--") {
                words.removeFirst()
                found[word] = try take()
            }
            return found
        }
        while let command = words.popFirst() {
            switch command {
            case "mousemove":
                _ = try options()
                let x = try take(), y = try take()
                guard let px = Double(x), let py = Double(y) else { throw ViewerError.input(arguments.joined(separator: " ")) }
                move(to: Point(x: px + 0.5, y: py + 0.5))
            case "click":
                let given = try options()
                let button = try take()
                let repeats = Int(given["--repeat"] ?? "1") ?? 1
                let delay = UInt64(given["--delay"] ?? "10") ?? 10
                for k in 0..<repeats {
                    if k > 0 { advance(milliseconds: delay) }
                    try press(button, down: true)
                    try press(button, down: false)
                }
            case "mousedown", "mouseup":
                _ = try options()
                try press(try take(), down: command == "mousedown")
            case "key":
                _ = try options()
                while let name = words.first, !Self.commands.contains(name) {
                    words.removeFirst()
                    try press(key: name)
                }
            case "type":
                let given = try options()
                let delay = UInt64(given["--delay"] ?? "10") ?? 10
                for character in try take() {
                    advance(milliseconds: delay)
                    keyPressed(Self.keysym(for: character), state: 0)
                }
            case "windowsize":
                _ = try take()
                guard let width = Double(try take()), let height = Double(try take()) else {
                    throw ViewerError.input(arguments.joined(separator: " "))
                }
                session.interaction.resize(to: Size(width: width, height: height))
            default:
                throw ViewerError.input(arguments.joined(separator: " "))
            }
        }
    }

    private static let commands: Set<String> = ["mousemove", "click", "mousedown", "mouseup", "key", "type", "windowsize"]

    /// Input time passes, and the clock with it.
    private func advance(milliseconds: UInt64) {
        time += milliseconds
        clock.advance(by: .milliseconds(Int(milliseconds)))
    }

    private func move(to point: Point) {
        advance(milliseconds: 10)
        pointer = point
        session.interaction.pointerMoved(to: point, time: time)
        session.pointerDidMove(to: point)
    }

    /// A button (xdotool's numbers: 1, 2, 3; 4 to 7 the wheels) pressed or released at the pointer.
    private func press(_ button: String, down: Bool) throws {
        advance(milliseconds: 10)
        let interaction = session.interaction
        switch (button, down) {
        case ("1", _), ("2", _), ("3", _):
            let which: ChartInteraction.PointerButton = button == "1" ? .primary : button == "2" ? .middle : .secondary
            if down {
                interaction.pointerPressed(at: pointer, button: which, shift: false, time: time)
            } else {
                interaction.pointerReleased(at: pointer, button: which, time: time)
            }
        case ("4", true): interaction.scrolled(at: pointer, dy: 1, shift: false, time: time)
        case ("5", true): interaction.scrolled(at: pointer, dy: -1, shift: false, time: time)
        case ("6", true): interaction.scrolled(at: pointer, dx: -1, time: time)
        case ("7", true): interaction.scrolled(at: pointer, dx: 1, time: time)
        case ("4", false), ("5", false), ("6", false), ("7", false): break
        default: throw ViewerError.input("button \(button)")
        }
    }

    /// A key named as xdotool names it ("ctrl+shift+c", "L", "Return"), pressed.
    private func press(key name: String) throws {
        var parts = name.split(separator: "+").map(String.init)
        let last = parts.removeLast()
        var state: UInt32 = 0
        for modifier in parts {
            switch modifier.lowercased() {
            case "ctrl", "control": state |= UInt32(ControlMask)
            case "shift": state |= UInt32(ShiftMask)
            case "alt": state |= UInt32(Mod1Mask)
            default: throw ViewerError.input(name)
            }
        }
        var keysym = XStringToKeysym(last)
        guard keysym != 0 else { throw ViewerError.input(name) }
        // What XLookupString gives for a shifted key: the shifted keysym (an uppercase letter).
        if state & UInt32(ShiftMask) != 0, let scalar = last.unicodeScalars.first, last.count == 1, scalar.properties.isLowercase {
            keysym = XStringToKeysym(last.uppercased())
        }
        if last.count == 1, last.first!.isUppercase { state |= UInt32(ShiftMask) }
        if keysym == KeySym(XK_Tab), state & UInt32(ShiftMask) != 0 { keysym = KeySym(XK_ISO_Left_Tab) }
        advance(milliseconds: 10)
        keyPressed(keysym, state: state)
    }

    /// The keysym XLookupString gives for typing `character`.
    private static func keysym(for character: Character) -> KeySym {
        let value = character.unicodeScalars.first!.value
        switch value {
        case 0x20...0x7e, 0xa0...0xff: return KeySym(value)
        case 0x0A, 0x0D: return KeySym(XK_Return)
        default: return KeySym(0x0100_0000 + value)
        }
    }

    /// A key, as the window's handler takes it: the prompt's while it is open, else the
    /// window's action (quitting here, the rest the session's).
    private func keyPressed(_ keysym: KeySym, state: UInt32) {
        if session.isPrompting {
            session.answerPrompt(PromptKeys.key(keysym, state: state))
            return
        }
        guard let action = WindowAction.forKey(keysym, state: state) else { return }
        switch action {
        case .quit:
            guard exitStatus == nil else { return }
            session.close()
            recorder.add(.quit)
            collect()
            exitStatus = 0
        case .toggleFullscreen:
            if !session.isLoading { session.showStatus("Fullscreen needs a window manager that offers it (EWMH)") }
        default:
            if let command = action.command { session.perform(command) }
        }
    }

    /// The status the viewer quit with (0 after `q` or Ctrl+W); the loop turns until then.
    func waitForExit(timeout: Double = 30) throws -> Int32 {
        if let exitStatus { return exitStatus }
        _ = try? turn(until: "quit", timeout: timeout) { $0["event"] as? String == "quit" }
        guard let exitStatus else { throw ViewerError.timeout(waitingFor: "exit") }
        return exitStatus
    }

    // MARK: Pictures

    /// What the window would show now, as a PNG at `path`: the chart's picture with its popups,
    /// markers and overlays (the help, the status line, the prompt) over it.
    func screenshot(_ path: String) throws {
        settle()
        let scene = session.interaction.scene
        let image = try host.picture(of: scene)
        let context = try CairoContext(surface: image)
        ScenePainter(text: text).paint(scene, layers: .overlays, into: context)
        try context.checkPainting()
        // A PNG whatever the name's extension (as `import png:PATH` writes the window's).
        let png = path + ".\(UUID().uuidString).png"
        try ChartRenderer(text: text).write(image: image, to: png)
        guard rename(png, path) == 0 else { throw ViewerError.input("cannot rename \(png)") }
    }

    /// Says what a window's host says: saves as the window does (`ChartSaver`: PNG from the
    /// picture with the popups over it; SVG and PDF from the scene), replacements by the
    /// command line's rules, and a clipboard of its own.
    private final class Host: ChartSessionHost {
        let text: PangoText
        weak var viewer: WindowlessViewer?
        /// The interaction whose chart the last frame laid out (the window's picture).
        weak var pictureShows: ChartInteraction?
        /// What the clipboard holds.
        private(set) var clipboard: String?

        init(text: PangoText) { self.text = text }

        func session(_ session: ChartSession, didReplace old: ChartInteraction, animates: Bool) {}

        func session(_ session: ChartSession, replacementAt path: String) -> SaveReplacement {
            ChartSaver.replacement(at: path)
        }

        func session(_ session: ChartSession, save path: String) throws(SaveFailure) {
            guard let format = ChartRenderer.Format(path: path) else {
                throw SaveFailure(message: "\(path): cannot save as .\((path as NSString).pathExtension)")
            }
            let scene = session.interaction.scene
            do throws(RenderError) {
                let picture: CairoSurface
                do {
                    picture = try self.picture(of: scene)
                } catch {
                    throw RenderError.cairo(error)
                }
                try ChartSaver(text: text).save(picture, popupsOf: scene, to: path, format: format)
            } catch {
                throw SaveFailure(message: error.description)
            }
        }

        func session(_ session: ChartSession, copy text: String) -> Int {
            clipboard = text
            return text.utf8.count
        }

        /// The chart's layers of `scene`, as the frame thread paints them.
        func picture(of scene: Scene) throws(CairoError) -> CairoSurface {
            let image = try CairoSurface.image(width: Int(scene.size.width.rounded()), height: Int(scene.size.height.rounded()))
            let context = try CairoContext(surface: image)
            ScenePainter(text: text).paint(scene, layers: .chart, into: context)
            cairo_surface_flush(image.pointer)
            return image
        }
    }

    /// What the clipboard holds (Ctrl+C, Ctrl+Shift+C).
    var clipboard: String? { host.clipboard }

    // MARK: Parts

    /// The window's events as they happen, on the test's thread (and, for the session's
    /// events, the session's: the same).
    private final class Recorder: @unchecked Sendable {
        private var events: [WindowEvent] = []
        func add(_ event: WindowEvent) { events.append(event) }
        func take() -> [WindowEvent] {
            defer { events.removeAll() }
            return events
        }
    }

    /// Loads given to the session, run when the viewer turns its loop, in order.
    final class InlineLoads: LoadRunner, @unchecked Sendable {
        private let lock = NSLock()
        private var pending: [@Sendable () -> Void] = []

        func run(_ load: @escaping @Sendable () -> Void) {
            lock.withLock { pending.append(load) }
        }

        /// Runs the loads given so far (and those they give); whether there were any.
        func runPending() -> Bool {
            var ran = false
            while let load = lock.withLock({ pending.isEmpty ? nil : pending.removeFirst() }) {
                load()
                ran = true
            }
            return ran
        }
    }

    /// The session's wakes (its loads, its data threads), counted.
    final class Wakes: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)

        var wake: @Sendable () -> Void { { [semaphore] in semaphore.signal() } }

        /// Takes every wake so far; whether there was one.
        func take() -> Bool {
            var any = false
            while semaphore.wait(timeout: .now()) == .success { any = true }
            return any
        }

        /// Waits at most `seconds` for a wake (taking it, and any after it).
        func wait(seconds: Double) -> Bool {
            guard semaphore.wait(timeout: .now() + seconds) == .success else { return false }
            _ = take()
            return true
        }
    }

    enum ViewerError: Error, CustomStringConvertible {
        case refused(String, status: Int32)
        case timeout(waitingFor: String)
        case ended(waitingFor: String)
        case input(String)

        var description: String {
            switch self {
            case .refused(let message, let status): "chartview would refuse (status \(status)): \(message)"
            case .timeout(let what): "no '\(what)' line came"
            case .ended(let what): "the viewer quit before a '\(what)' line"
            case .input(let what): "cannot give this input: \(what)"
            }
        }
    }
}
