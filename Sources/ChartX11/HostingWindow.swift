import CX11
import ChartCairo
import ChartCore
import Foundation

/// A chart in an X11 window: Core Plot's `CPTGraphHostingView` for Linux.
///
/// Two threads. The window's thread owns the Xlib window and every X resource; its loop
/// (`EventLoop`) sleeps in `poll` on the X connection, a wake-up pipe and the next timer (no
/// CPU while idle), drains every pending event, and never lays out or paints the chart itself.
/// The chart's frames are laid out and painted on a frame thread (`FrameWorker`), one at a
/// time, into an image that the window's thread copies into a pixmap it keeps (the chart
/// picture). The popup, the help and the status line are painted over a copy of the picture
/// on the window's thread, and the result is copied to the window in one step. So `q`, the
/// help and the status line answer at once however long a frame takes, and a click that only
/// moves the popup repaints only what lies over the kept picture.
///
/// An event that makes the frame in flight stale (a resize, a toggle, another chart) cancels
/// it; the next frame starts at the latest state once it has stopped, so a storm of resizes
/// gives few frames and ends at the latest size. While a frame lays the chart out, the graph is
/// lent to the frame thread: `ChartInteraction` defers the commands that would touch it (the
/// toggles, the theme, selections) until the frame is back, and the window waits for it before
/// it reads or replaces the graph (a reload, another period).
///
/// The window is the glue: it owns the X window and its GC, turns X events into calls, and
/// coordinates the frame thread, the loads (`ChartLoader`), saving (`ChartSaver`) and the
/// status line (`StatusLine`).
public final class HostingWindow {
    /// How a window starts: its size in device pixels, scale, theme, watching, saving,
    /// animation and an event callback.
    public struct Options {
        /// The window's first size in device pixels.
        public var size = Size(width: 1024, height: 768)
        /// Device pixels per layout pixel; nil to follow `Xft.dpi`.
        public var scale: Double?
        /// A theme for every chart, overriding its own.
        public var theme: Theme?
        /// Rebuild the chart when its data changes on disk (polled twice a second).
        public var watches = true
        /// Where `s` and Ctrl+S save files whose names have no folder (the working directory).
        public var saveDirectory = FileManager.default.currentDirectoryPath
        /// Animate each chart as it is shown: bars grow, lines draw, slices sweep open.
        public var animates = true
        /// How long the show animation runs, in seconds.
        public var animationDuration = 0.6
        /// Hears every `WindowEvent`, on the window's thread.
        public var onEvent: (WindowEvent) -> Void = { _ in }

        /// The defaults: 1024×768 pixels, the screen's scale, the chart's theme, watching the
        /// data, saving to the current directory, animated.
        public init() {}
    }

    /// The smallest size the window may be given, in layout pixels.
    public static let minimumSize = Size(width: 240, height: 180)

    private let connection: DisplayConnection
    private let window: Window
    private let gc: GC
    private let deleteAtom: Atom
    private var options: Options
    private let loop: EventLoop
    private let charts: [any ChartProvider]
    private var chartIndex: Int
    /// The window thread's text engine: popups, the help, the status line, saving. (The frame
    /// thread has its own: Pango is not thread-safe.)
    private let text = PangoText()
    /// The chart on screen, or coming, and the user's state over it.
    private var interaction: ChartInteraction
    /// Whether `interaction` shows a loaded chart, not the placeholder shown while one loads.
    private var showsLoadedChart = false
    private let worker: FrameWorker

    /// A frame on the frame thread: for which interaction, at which chart generation.
    private struct Flight {
        let job: FrameWorker.Job
        /// The memory the frame is painted into, kept mapped (and freed) on this thread.
        let canvas: SharedImage?
        let interaction: ChartInteraction
        let generation: Int
        let isLoadedChart: Bool
        let started = ContinuousClock.now
    }
    private var flight: Flight?

    /// A chart picture the frame thread finished: the chart's layers alone (no popup or
    /// overlays), of `interaction` at `generation`, owned by the window's thread from then on.
    private struct Picture {
        let image: CairoSurface
        /// The shared memory under `image`, when it is one.
        let shared: SharedImage?
        /// Weak: a picture does not keep a chart no longer shown (and its scene) alive.
        weak var interaction: ChartInteraction?
        let generation: Int
        let progress: Double
        let isLoadedChart: Bool
    }
    /// Shared images no frame or picture holds, for the next frame of their size (`recycle`).
    private var spareCanvases: [SharedImage] = []
    /// The last picture finished: composed under the overlays, and saved by `s`.
    private var picture: Picture?
    /// `picture` in the X server, so that composing copies it there instead of uploading it.
    private var chartBuffer: BackBuffer?
    /// The window's next pixels at the window's size: the picture, what lies over it.
    private var backBuffer: BackBuffer?
    /// Whether the back buffer must be composed again (a new picture, the overlays changed).
    private var needsCompose = false
    /// Whether the next compose brings a new chart picture to the screen.
    private var composesNewPicture = false
    /// Whether the back buffer must be copied to the window (composed, or Expose).
    private var needsPaint = false
    /// Whether the window shows the chart buffer as it is (nothing over the picture, which
    /// covers the window), so that composing a copy is skipped.
    private var presentsChartBuffer = false
    /// Counts the pictures uploaded into the chart buffer; the back buffer holds picture
    /// `backBufferPicture` under `backBufferOverlays` (device pixels; nil: nothing over it).
    private var pictureSerial = 0
    private var backBufferPicture: Int?
    private var backBufferOverlays: Rect?
    /// The part of the back buffer the next present copies, when only it changed (a popup
    /// moved); nil for all of it.
    private var presentRegion: Rect?
    /// Whether pictures come through memory shared with the X server (MIT-SHM).
    private var sharesImages: Bool

    private var scale: Double
    private var isReady = false
    /// The first event since the last frame reached the screen.
    private var frameStart: ContinuousClock.Instant?
    /// The first event since the last chart picture reached the screen that asked for a new one.
    private var chartFrameSince: ContinuousClock.Instant?

    /// What the status line says, shown through `interaction.statusMessage` by `updateStatus()`.
    private var status = StatusLine()
    /// The CLIPBOARD selection, which Ctrl+C and Ctrl+Shift+C fill.
    private let clipboard: ClipboardOwner
    /// Where the pointer is over the window (device pixels); nil once it left.
    private var pointer: Point?
    /// The X server time of the last key or button event: what taking the clipboard names.
    private var lastInputTime: Time = Time(CurrentTime)
    /// The view and history of each chart shown before, by index, for when it is shown again.
    private var savedViews: [Int: ChartInteraction.ViewState] = [:]
    /// When the view last changed through input, to tell frames of a drag or a wheel burst.
    private var lastNavigation: ContinuousClock.Instant?
    /// Clears the passing message once it has shown its time.
    private var passingTimer: TimerHandle?
    /// Counts the seconds of the wanted load in the status line while it runs.
    private var loadProgress: TimerHandle?
    /// Counts the seconds of the chart frame in flight in the status line while it is built.
    private var drawingProgress: TimerHandle?

    /// The show animation: wanted for the next chart frame, running since `animationStart`.
    private var animationWanted = false
    private var animationStart: ContinuousClock.Instant?
    /// Whether the next animation frame is due (about 60 a second).
    private var animationFrameDue = false
    /// Whether `animated` is said once the picture on its way is on screen.
    private var announcesAnimated = false

    /// Scenes the window is done with, handed to the frame thread to free at the next turn of
    /// the loop (once the interactions that held them are gone too).
    private var retiredScenes: [Scene] = []

    /// Writes `s`'s files.
    private let saver: ChartSaver
    /// `s` waits for the chart picture to show the current state before saving it.
    /// A save asked for (`s`'s prompt answered, Ctrl+S), done once the picture shows the
    /// current state.
    private var pendingSave: SaveRequest?

    /// Where a save goes.
    private enum SaveRequest {
        /// A new PNG under the suggested name in the save directory (Ctrl+S).
        case suggested
        /// The prompt's answer, resolved (`SavePrompt.destination`); `answer` as typed, for the
        /// prompt to open again with when the file cannot be written.
        case file(path: String, format: ChartRenderer.Format, answer: String)
    }
    /// The existing file the prompt warned would be replaced: Enter again on the same answer replaces it.
    private var replaceWarned: String?
    /// A reload's `reload` event waits for its first frame.
    private var pendingReload = false

    /// The charts being built on loading threads: the one wanted, and those given up on.
    private let loader: ChartLoader
    /// Raised when a table too large to load delivered a view's records (or its preview grew).
    private let dataArrival: DataArrivalSignal

    /// Opens the window on `connection` showing `charts[index]`, its size and scale fitted to
    /// the screen (`ScreenFit`).
    public init(connection: DisplayConnection, charts: [any ChartProvider], index: Int = 0, options: Options) throws(WindowError) {
        precondition(!charts.isEmpty, "A hosting window needs at least one chart.")
        precondition(charts.indices.contains(index), "Chart index \(index) is out of range.")
        self.connection = connection
        self.charts = charts
        let fit = ScreenFit(
            requested: options.size, scale: options.scale ?? connection.resourceScale, fromResource: options.scale == nil,
            screen: connection.screenSize, minimumLayoutSize: Self.minimumSize)
        var options = options
        options.size = fit.size
        self.options = options
        chartIndex = index
        scale = fit.scale
        loop = try EventLoop()
        worker = FrameWorker(wake: loop.wakeDescriptor)
        loader = ChartLoader(wake: loop.wakeDescriptor)
        dataArrival = DataArrivalSignal(wake: loop.wakeDescriptor)
        saver = ChartSaver(directory: options.saveDirectory, text: text)
        sharesImages = SharedImage.isUsable(connection)
        let graph = Self.placeholder(for: charts[index], theme: options.theme)
        interaction = ChartInteraction(graph: graph, size: options.size, scale: scale, measurer: text, laysOutLater: true)
        interaction.helpLines = WindowAction.helpLines

        let display = connection.display
        let root = XRootWindow(display, connection.screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(
            ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
                | LeaveWindowMask | KeyPressMask)
        let window = XCreateWindow(
            display, root, 0, 0, UInt32(options.size.width), UInt32(options.size.height), 0,
            XDefaultDepth(display, connection.screen), UInt32(InputOutput),
            XDefaultVisual(display, connection.screen),
            UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        guard window != 0 else {
            worker.stop()
            throw WindowError.cannotCreate(what: "a window")
        }
        self.window = window
        clipboard = ClipboardOwner(connection: connection, window: window)
        gc = XCreateGC(display, window, 0, nil)
        deleteAtom = connection.atom("WM_DELETE_WINDOW")
        var protocols = [deleteAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        setClassAndSizeHints()
        setTitle(graph.title)
        XMapWindow(display, window)
        XFlush(display)
        startLoading(.show)
        if options.watches { scheduleWatch() }
    }

    deinit {
        // The frame thread stops within a piece of work once its frame is cancelled.
        cancelFlight()
        worker.stop()
        // Never waited for: a loading thread may be deep in a file; it no longer writes to the
        // pipe (which the loop closes, after this).
        loader.abandonCurrent()
        // X resources go before the GC and the window: shared memory, then pixmaps.
        flight = nil
        picture = nil
        spareCanvases.removeAll()
        backBuffer = nil
        chartBuffer = nil
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, window)
        XFlush(connection.display)
    }

    /// The X window id.
    public var windowID: UInt { UInt(window) }

    /// What shows while a chart loads: its name and how to cancel.
    private static func placeholder(for chart: any ChartProvider, theme: Theme?) -> Graph {
        let graph = Graph(title: chart.name, theme: theme ?? .plainWhite)
        graph.noDataText = "Loading… (Esc cancels)"
        return graph
    }

    /// An interaction over `graph` at the window's size, laid out by the next frame, its help
    /// listing the window's keys.
    private func makeInteraction(_ graph: Graph) -> ChartInteraction {
        let interaction = ChartInteraction(graph: graph, size: interaction.size, scale: scale, measurer: text, laysOutLater: true)
        interaction.helpLines = WindowAction.helpLines
        return interaction
    }

    // MARK: Desktop citizenship

    private func setClassAndSizeHints() {
        let display = connection.display
        let name = strdup("chartview"), klass = strdup("chartview")
        defer { free(name); free(klass) }
        var classHint = XClassHint(res_name: name, res_class: klass)
        XSetClassHint(display, window, &classHint)
        // _NET_WM_PID: which process owns the window, for window managers and tools.
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                display, window, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        // _NET_WM_ICON: the application's icon, drawn here (`WindowIcon`), for task bars.
        let icon = WindowIcon.cardinals(text: text)
        if !icon.isEmpty {
            _ = icon.withUnsafeBytes { bytes in
                XChangeProperty(
                    display, window, connection.atom("_NET_WM_ICON"), XA_CARDINAL, 32, PropModeReplace,
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(icon.count))
            }
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = Int(PMinSize)
            hints.pointee.min_width = Int32(Self.minimumSize.width * scale)
            hints.pointee.min_height = Int32(Self.minimumSize.height * scale)
            XSetWMNormalHints(display, window, hints)
            XFree(hints)
        }
    }

    /// Asks the window manager to toggle the window's fullscreen state
    /// (`_NET_WM_STATE_FULLSCREEN`, as EWMH says: a client message to the root window); the
    /// manager resizes the window, which lays the chart out at the new size. Without a manager
    /// that supports it, the status line says so.
    private func toggleFullscreen() {
        let display = connection.display
        let root = XDefaultRootWindow(display)
        let state = connection.atom("_NET_WM_STATE"), fullscreen = connection.atom("_NET_WM_STATE_FULLSCREEN")
        guard Self.managerSupports(fullscreen, display: display, root: root, connection: connection) else {
            showStatus("Fullscreen needs a window manager that offers it (EWMH)")
            return
        }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = state
        event.xclient.format = 32
        event.xclient.data.l.0 = 2  // _NET_WM_STATE_TOGGLE
        event.xclient.data.l.1 = Int(fullscreen)
        event.xclient.data.l.2 = 0
        event.xclient.data.l.3 = 1  // from an application
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
    }

    /// Whether the root window's `_NET_SUPPORTED` lists `atom`: a running EWMH window manager
    /// that offers it.
    private static func managerSupports(_ atom: Atom, display: OpaquePointer, root: Window, connection: DisplayConnection) -> Bool {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, root, connection.atom("_NET_SUPPORTED"), 0, 4096, 0, XA_ATOM, &type, &format,
                &count, &after, &data) == Success, let data
        else { return false }
        defer { XFree(data) }
        guard format == 32 else { return false }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { atoms in
            (0..<Int(count)).contains { atoms[$0] == atom }
        }
    }

    /// Sets the UTF-8 title (`_NET_WM_NAME`) and a Latin-1-safe `WM_NAME` for older managers:
    /// what a title bar can show of it (a title of megabytes would not fit in one X request).
    private func setTitle(_ title: String?) {
        let display = connection.display
        let visible = VisibleText.cut(title ?? "", charactersPerLine: 300, lines: 5)
        let oneLine = visible.split(separator: "\n").joined(separator: " — ")
        let text = oneLine.isEmpty ? "chartview" : oneLine + " — chartview"
        let bytes = Array(text.utf8)
        XChangeProperty(
            display, window, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8,
            PropModeReplace, bytes, Int32(bytes.count))
        let ascii = String(text.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
        XStoreName(display, window, ascii)
    }

    // MARK: The loop

    /// Runs until the user quits or the window manager closes the window.
    public func run() {
        loop.run(self)
        // Whatever is being built is not wanted any more; the frame thread stops soon, and a
        // load is left to end on its own (the window does not wait for it).
        cancelFlight()
        loader.abandonCurrent()
        options.onEvent(.quit)
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case Expose:
            needsPaint = true
            presentRegion = nil
        case ConfigureNotify:
            let configure = event.xconfigure
            interaction.resize(to: Size(width: Double(configure.width), height: Double(configure.height)))
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            lastInputTime = button.time
            let point = Point(x: Double(button.x) + 0.5, y: Double(button.y) + 0.5)
            let shift = button.state & UInt32(ShiftMask) != 0
            let time = UInt64(button.time)
            // Buttons 4 and 5 are the wheel's notches up and down, 6 and 7 the horizontal wheel's.
            switch (Int32(button.button), event.type == ButtonPress) {
            case (Button1, let down), (Button2, let down), (Button3, let down):
                let which: ChartInteraction.PointerButton =
                    button.button == UInt32(Button1) ? .primary : button.button == UInt32(Button2) ? .middle : .secondary
                if down {
                    interaction.pointerPressed(at: point, button: which, shift: shift, time: time)
                } else {
                    interaction.pointerReleased(at: point, button: which, time: time)
                }
            case (4, true): interaction.scrolled(at: point, dy: 1, shift: shift, time: time)
            case (5, true): interaction.scrolled(at: point, dy: -1, shift: shift, time: time)
            case (6, true): interaction.scrolled(at: point, dx: -1, time: time)
            case (7, true): interaction.scrolled(at: point, dx: 1, time: time)
            default: break
            }
        case MotionNotify:
            let motion = event.xmotion
            let point = Point(x: Double(motion.x) + 0.5, y: Double(motion.y) + 0.5)
            pointer = point
            interaction.pointerMoved(to: point, time: UInt64(motion.time))
            updateReadout()
        case LeaveNotify:
            pointer = nil
            updateReadout()
        case KeyPress:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 16)
            lastInputTime = event.xkey.time
            _ = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            if interaction.prompt != nil {
                answerPrompt(SavePrompt.key(keysym, state: event.xkey.state))
            } else if let action = WindowAction.forKey(keysym, state: event.xkey.state) {
                perform(action)
            }
        case SelectionRequest:
            clipboard.answer(event.xselectionrequest)
        case SelectionClear:
            clipboard.selectionCleared(event.xselectionclear)
        case ClientMessage:
            if Atom(event.xclient.data.l.0) == deleteAtom { loop.stop() }
        case DestroyNotify:
            if event.xdestroywindow.window == window { loop.stop() }
        default:
            break
        }
    }

    /// Does what a key asked. Quitting and the help act at once, whatever is being built;
    /// chart commands that touch the graph wait (inside `ChartInteraction`) while a frame has it.
    public func perform(_ action: WindowAction) {
        if loader.isLoading {
            // While a chart loads, Escape cancels it, Tab moves on to another chart (cancelling
            // it), and quitting and the help still work; other keys wait.
            switch action {
            case .chart(.cancel): cancelLoad()
            case .chart(.toggleHelp): interaction.perform(.toggleHelp)
            case .quit: loop.stop()
            case .nextChart: show(chart: (chartIndex + 1) % charts.count)
            case .previousChart: show(chart: (chartIndex + charts.count - 1) % charts.count)
            default: break
            }
            return
        }
        switch action {
        case .chart(.cancel) where interaction.scene.isRefining:
            // Escape stops reading the view's records: what stands in stays.
            interaction.graph.cancelDataFetches()
            status.refining = nil
            showStatus("Refining cancelled")
        case .chart(let command): interaction.perform(command)
        case .save: pendingSave = .suggested
        case .saveAs: openSavePrompt()
        case .copySelection:
            if let text = interaction.selectionText {
                copy(text, what: "the selected value")
            } else {
                showStatus("Nothing selected to copy: click a point or a bar first")
            }
        case .copyVisibleData: copyVisibleData()
        case .toggleFullscreen: toggleFullscreen()
        case .quit: loop.stop()
        case .nextChart: show(chart: (chartIndex + 1) % charts.count)
        case .previousChart: show(chart: (chartIndex + charts.count - 1) % charts.count)
        case .previousPeriod, .nextPeriod:
            guard !loader.isUsing(charts[chartIndex]),
                let period = charts[chartIndex].stepPeriod(by: action == .nextPeriod ? 1 : -1)
            else { return }
            startLoading(.period(period))
        }
    }

    // MARK: Frames

    /// Once per turn of the loop: cancels a stale frame, starts the next one the state needs,
    /// lays out what lies over the chart, saves when asked, composes and shows.
    private func update() {
        worker.dispose(retiredScenes)
        retiredScenes.removeAll()
        cancelStaleFrame()
        if flight == nil { startFrameIfNeeded() }
        layOutOverlaysIfNeeded()
        if let request = pendingSave, canSave { save(request) }
        if needsCompose { compose() }
        if needsPaint {
            present()
        } else {
            // The events since the last frame asked for nothing visible (yet): a chart frame
            // on its way is timed from `chartFrameSince`.
            frameStart = nil
        }
    }

    /// Cancels the frame in flight when it no longer shows the state: another chart, a
    /// resize, a toggle arrived. It comes back without a picture soon after.
    private func cancelStaleFrame() {
        guard let flight, !flight.job.cancellation.isCancelled else { return }
        let stale: Bool
        if flight.interaction !== interaction {
            stale = true
        } else if flight.job.layout != nil {
            stale = interaction.layoutJobIsStale
        } else {
            // An animation frame repaints a scene, which a new layout replaces.
            stale = interaction.needsChartLayout || interaction.chartGeneration != flight.generation
        }
        if stale { cancelFlight() }
    }

    /// Abandons the frame in flight, if any: it comes back without a picture soon after, and
    /// the status line stops counting its seconds.
    private func cancelFlight() {
        flight?.job.cancellation.cancel()
        drawingProgress?.cancel()
    }

    /// Starts the chart frame the state needs: a layout when the chart changed, else the
    /// next frame of a running show animation.
    private func startFrameIfNeeded() {
        let duration = options.animationDuration
        if let layout = interaction.makeLayoutJob() {
            let animation: (start: ContinuousClock.Instant?, duration: Double)? =
                animationStart.map { (start: $0, duration: duration) } ?? (animationWanted ? (start: nil, duration: duration) : nil)
            var job = FrameWorker.Job(layout: layout, animation: animation)
            // A frame during navigation is soon replaced: its scene is indexed for clicks only
            // if one comes (the pointer gestures said the view changed within the last 300 ms).
            job.buildsHitTester = lastNavigation.map { $0.duration(to: .now) > .milliseconds(300) } ?? true
            start(job)
            if chartFrameSince == nil { chartFrameSince = frameStart ?? .now }
            if showsLoadedChart {
                options.onEvent(.building(window: windowID, size: layout.size))
                showDrawingProgress()
            }
        } else if animationFrameDue, let start = animationStart, !interaction.needsChartLayout,
            let picture, picture.interaction === interaction, picture.generation == interaction.chartGeneration
        {
            animationFrameDue = false
            self.start(FrameWorker.Job(painting: interaction.scene, animation: (start: start, duration: duration)))
        }
    }

    /// Keeps `canvas` for a next frame of its size (at most two: the frame in flight and the
    /// picture on screen each hold one). A new shared segment costs a round trip to the server
    /// and 3 MB of fresh pages at 1024x768, every frame of a drag.
    private func recycle(_ canvas: SharedImage?) {
        guard let canvas, spareCanvases.count < 2, !spareCanvases.contains(where: { $0 === canvas }) else { return }
        spareCanvases.append(canvas)
    }

    private func start(_ job: FrameWorker.Job) {
        var job = job
        let size = job.layout?.size ?? job.scene?.size ?? .zero
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        spareCanvases.removeAll { $0.width != width || $0.height != height }
        let canvas = sharesImages ? (spareCanvases.popLast() ?? SharedImage.make(connection: connection, width: width, height: height)) : nil
        if sharesImages && canvas == nil { sharesImages = false }  // e.g. a remote display
        job.canvas = canvas?.surface
        flight = Flight(
            job: job, canvas: canvas, interaction: interaction, generation: interaction.chartGeneration,
            isLoadedChart: showsLoadedChart)
        worker.start(job)
    }

    /// After a second of the chart frame in flight, the status line counts its seconds, so a
    /// heavy chart visibly draws (and `q` still quits), until the frame is back or cancelled.
    private func showDrawingProgress(seconds: Int = 1) {
        drawingProgress?.cancel()
        drawingProgress = loop.after(1) { [weak self] in
            guard let self else { return }
            self.status.drawing = StatusLine.drawing(self.charts[self.chartIndex].name, seconds: seconds)
            self.updateStatus()
            self.showDrawingProgress(seconds: seconds + 1)
        }
    }

    /// Takes the frame thread's result, once there is one: gives a layout job's graph back to
    /// its interaction, and keeps the picture when it shows the chart on screen.
    private func finishFrameIfDone() {
        guard let flight, let result = worker.take() else { return }
        self.flight = nil
        drawingProgress?.cancel()
        if status.drawing != nil {
            status.drawing = nil
            updateStatus()
        }
        let layout = flight.job.layout
        if let layout {
            // The scene replaced (or, for a chart no longer shown, the last one) is freed on
            // the frame thread.
            retiredScenes.append(flight.interaction.scene)
            flight.interaction.finishLayout(layout, scene: result.scene, hitTester: result.hitTester)
        }
        guard let image = result.picture else {
            recycle(flight.canvas)
            if let layout, flight.isLoadedChart { options.onEvent(.cancelled(size: layout.size)) }
            return
        }
        // A frame of a chart no longer shown, or an animation frame of a scene laid out again since.
        guard flight.interaction === interaction, layout != nil || flight.generation == interaction.chartGeneration else {
            recycle(flight.canvas)
            return
        }
        if let start = result.animationStart {
            animationWanted = false
            if result.progress < 1 {
                animationStart = start
                loop.after(1.0 / 60) { [weak self] in self?.animationFrameDue = true }
            } else if animationStart != nil {
                animationStart = nil
                announcesAnimated = true
            }
        } else if flight.job.animation != nil {
            // Too heavy to animate: shown as laid out.
            animationWanted = false
            animationStart = nil
        }
        // The picture replaced is in the chart pixmap already (and the server done reading it: the
        // last present synced): its memory takes the next frame.
        recycle(picture?.shared)
        let shared = flight.canvas?.surface === image ? flight.canvas : nil
        if shared == nil { recycle(flight.canvas) }
        picture = Picture(
            image: image, shared: shared, interaction: interaction,
            generation: interaction.chartGeneration, progress: result.progress, isLoadedChart: flight.isLoadedChart)
        upload(picture!)
        pictureSerial += 1
        composesNewPicture = true
        needsCompose = true
        guard layout != nil else { return }
        // A new layout: what lies over it (popups of deferred selections), then the trace.
        let current = !interaction.needsChartLayout
        if current { interaction.layoutIfNeeded() }
        options.onEvent(.layout(interaction.scene))
        requestPendingData()
        if current {
            forward(interaction.takeEvents())
        }
        // The data under a resting pointer changes with the view.
        updateReadout()
        if pendingReload {
            pendingReload = false
            options.onEvent(.reload(records: interaction.scene.plots.map(\.items.count).max() ?? 0))
        }
    }

    /// Asks a table too large to load for the records the scene on screen lacks, and says so in
    /// the status line until they arrive (`DataArrivalSignal` then lays the chart out again).
    private func requestPendingData() {
        let scene = interaction.scene
        let refining: String? = scene.isRefining ? StatusLine.refining : nil
        if refining != status.refining {
            status.refining = refining
            updateStatus()
        }
        // A table that could not be read to the end, or whose view could not be read (dropped,
        // replaced), says why once, in one line, in the status line (the chart keeps what was
        // read: the view stops refining, see `BigTable.arrivedRecords`).
        if let failure = interaction.graph.dataFailure, status.reloadError == nil {
            let message = VisibleText.cut("\(failure)")
            status.reloadError = message
            options.onEvent(.status(text: message))
            updateStatus()
        }
        guard scene.isRefining else { return }
        let signal = dataArrival
        interaction.graph.fetchPendingData(of: scene) { signal.raise() }
    }

    /// Lays out what lies over the chart (the popup, the help, the status line) when it
    /// changed: over the scene on screen while a frame has the graph (the help and the status
    /// line only), else with the popups too. Never the chart itself: that is the frame thread's.
    private func layOutOverlaysIfNeeded() {
        guard interaction.needsLayout else { return }
        let busy = interaction.layoutJob != nil
        // A chart layout waiting for the frame thread lays these out too.
        guard busy || !interaction.needsChartLayout else { return }
        let before = interaction.scene.overlays
        interaction.layoutIfNeeded()
        // While a frame is built, the old picture is composed again only if the help or the
        // status line changed (not for the toggle or resize that started the frame).
        if !busy || interaction.scene.overlays != before { needsCompose = true }
        if !busy {
            options.onEvent(.layout(interaction.scene))
            forward(interaction.takeEvents())
        }
    }

    /// Copies a picture from the frame thread into the chart pixmap: one request for shared
    /// memory, else the pixels through the socket.
    private func upload(_ picture: Picture) {
        let image = picture.image
        if chartBuffer?.width != image.width || chartBuffer?.height != image.height {
            chartBuffer = nil
            chartBuffer = try? BackBuffer(connection: connection, window: window, width: image.width, height: image.height)
        }
        guard let chartBuffer else { return }
        if let shared = picture.shared {
            cairo_surface_flush(chartBuffer.surface.pointer)
            shared.put(into: chartBuffer.pixmap, gc: gc)
            cairo_surface_mark_dirty(chartBuffer.surface.pointer)
            return
        }
        guard let context = try? CairoContext(surface: chartBuffer.surface) else { return }
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context.pointer, image.pointer, 0, 0)
        cairo_paint(context.pointer)
        cairo_surface_flush(chartBuffer.surface.pointer)
    }

    /// The back buffer at the window's size: the chart picture (the background where it does
    /// not reach: none yet, or one of an older size), and over it the popups and overlays.
    private func compose() {
        needsCompose = false
        let width = Int(interaction.size.width), height = Int(interaction.size.height)
        guard width > 0, height > 0 else { return }
        var over = interaction.scene
        // The popups belong to the picture's chart; a new chart has none yet.
        if picture?.interaction !== interaction { over.annotations = [] }
        // Nothing over a picture that fills the window: the window shows the chart buffer itself.
        if over.annotations.isEmpty, over.overlays.isEmpty, chartBuffer != nil,
            picture?.image.width == width, picture?.image.height == height
        {
            presentsChartBuffer = true
            needsPaint = true
            return
        }
        presentsChartBuffer = false
        let pictureWidth = picture?.image.width ?? 0, pictureHeight = picture?.image.height ?? 0
        // Only the popups moved over the same picture: what they covered and cover now, alone.
        let overlays = Self.overlayBounds(over)
        if let backBuffer, backBuffer.width == width, backBuffer.height == height, pictureWidth == width, pictureHeight == height,
            picture != nil, backBufferPicture == pictureSerial, let chartBuffer,
            let changed = Self.union(overlays, backBufferOverlays)?.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height))),
            changed.width >= 1, changed.height >= 1
        {
            composeRegion(changed, over: over, into: backBuffer, from: chartBuffer)
            backBufferOverlays = overlays
            presentRegion = changed
            needsPaint = true
            return
        }
        presentRegion = nil
        if backBuffer?.width != width || backBuffer?.height != height {
            backBuffer = nil
            backBuffer = try? BackBuffer(connection: connection, window: window, width: width, height: height)
        }
        guard let backBuffer else { return }
        backBufferPicture = picture != nil && chartBuffer != nil ? pictureSerial : nil
        backBufferOverlays = overlays
        if pictureWidth < width || pictureHeight < height, let context = try? CairoContext(surface: backBuffer.surface) {
            let color = interaction.scene.background.representativeColor
            cairo_set_source_rgb(context.pointer, color.red, color.green, color.blue)
            cairo_paint(context.pointer)
            cairo_surface_flush(backBuffer.surface.pointer)
        }
        if picture != nil, let chartBuffer {
            XCopyArea(
                connection.display, chartBuffer.pixmap, backBuffer.pixmap, gc, 0, 0,
                UInt32(min(width, pictureWidth)), UInt32(min(height, pictureHeight)), 0, 0)
            cairo_surface_mark_dirty(backBuffer.surface.pointer)
        }
        guard let context = try? CairoContext(surface: backBuffer.surface) else { return }
        ScenePainter(text: text).paint(over, layers: .overlays, into: context)
        cairo_surface_flush(backBuffer.surface.pointer)
        needsPaint = true
    }

    /// `region` of the back buffer (whole device pixels) composed again from the chart buffer
    /// and what lies over it there: the rest already holds the same picture and overlays.
    private func composeRegion(_ region: Rect, over: Scene, into backBuffer: BackBuffer, from chartBuffer: BackBuffer) {
        let x = Int32(region.minX), y = Int32(region.minY), w = UInt32(region.width), h = UInt32(region.height)
        guard w > 0, h > 0 else { return }
        cairo_surface_flush(backBuffer.surface.pointer)
        XCopyArea(connection.display, chartBuffer.pixmap, backBuffer.pixmap, gc, x, y, w, h, x, y)
        cairo_surface_mark_dirty(backBuffer.surface.pointer)
        guard let context = try? CairoContext(surface: backBuffer.surface) else { return }
        cairo_rectangle(context.pointer, region.minX, region.minY, region.width, region.height)
        cairo_clip(context.pointer)
        ScenePainter(text: text).paint(over, layers: .overlays, into: context)
        cairo_surface_flush(backBuffer.surface.pointer)
    }

    /// Where what lies over the chart paints (popups, markers, the help, the status line, the
    /// prompt), in whole device pixels with a margin for anti-aliased edges; nil for nothing.
    static func overlayBounds(_ scene: Scene) -> Rect? {
        var rects: [Rect] = []
        for marker in scene.markers {
            let reach = marker.symbol.size / 2 + (marker.symbol.lineStyle?.width ?? 0) + 1
            rects.append(Rect(x: marker.center.x - reach, y: marker.center.y - reach, width: 2 * reach, height: 2 * reach))
        }
        for annotation in scene.annotations {
            rects.append(annotation.text.rect)
            if let box = annotation.box { rects.append(box) }
        }
        for overlay in scene.overlays { rects += [overlay.box] + overlay.texts.map(\.rect) }
        guard var bounds = rects.first else { return nil }
        for rect in rects.dropFirst() { bounds = bounds.union(rect) }
        let margin = 3.0
        let left = (bounds.minX - margin).rounded(.down), top = (bounds.minY - margin).rounded(.down)
        return Rect(x: left, y: top, width: (bounds.maxX + margin).rounded(.up) - left, height: (bounds.maxY + margin).rounded(.up) - top)
    }

    /// Both rectangles' bounds; either alone when the other is nil.
    private static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    /// Copies the back buffer (or only `presentRegion` of it) to the window and says what reached the screen.
    private func present() {
        needsPaint = false
        guard let source = presentsChartBuffer ? chartBuffer : backBuffer else { return }
        if !presentsChartBuffer, let region = presentRegion {
            let x = Int32(region.minX), y = Int32(region.minY)
            XCopyArea(connection.display, source.pixmap, window, gc, x, y, UInt32(region.width), UInt32(region.height), x, y)
        } else {
            XCopyArea(connection.display, source.pixmap, window, gc, 0, 0, UInt32(source.width), UInt32(source.height), 0, 0)
        }
        presentRegion = nil
        XSync(connection.display, 0)
        let now = ContinuousClock.now
        func ms(since start: ContinuousClock.Instant) -> Double {
            let elapsed = now - start
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
        if composesNewPicture {
            composesNewPicture = false
            if !isReady, picture?.isLoadedChart == true {
                isReady = true
                options.onEvent(.ready(window: windowID, size: interaction.scene.size, scale: scale, watching: options.watches))
                options.onEvent(.layout(interaction.scene))
            }
            let since = [chartFrameSince, frameStart].compactMap { $0 }.min()
            options.onEvent(.frame(milliseconds: since.map { ms(since: $0) } ?? 0))
            chartFrameSince = nil
            if announcesAnimated {
                announcesAnimated = false
                options.onEvent(.animated)
            }
        } else if let start = frameStart {
            let building = flight.map { $0.job.layout != nil && !$0.job.cancellation.isCancelled } ?? false
            options.onEvent(building ? .frameWhileBuilding(milliseconds: ms(since: start)) : .frame(milliseconds: ms(since: start)))
        }
        frameStart = nil
    }

    // MARK: Loading

    /// Builds the shown chart on a loading thread. For a new chart the window shows a
    /// placeholder meanwhile; a period step or a reload keeps the current chart up.
    private func startLoading(_ purpose: ChartLoad.Purpose) {
        abandonLoad()
        if case .show = purpose {
            let placeholder = Self.placeholder(for: charts[chartIndex], theme: options.theme)
            retiredScenes.append(interaction.scene)
            interaction = makeInteraction(placeholder)
            showsLoadedChart = false
            animationWanted = false
            animationStart = nil
            pendingReload = false
            status.reloadError = nil
            setTitle(placeholder.title)
            updateStatus()
        }
        let provider = charts[chartIndex]
        let job = loader.start(provider, purpose: purpose)
        if case .show = purpose { options.onEvent(.loading(window: windowID, chart: provider.name)) }
        showLoadProgress(of: job)
    }

    /// Escape during a load: a chart being shown is given up at once (whatever its thread is
    /// doing) and its place says so; a reload or another period is cancelled and comes back
    /// soon as such, the chart on screen staying.
    private func cancelLoad() {
        guard let job = loader.current else { return }
        switch job.purpose {
        case .show:
            abandonLoad()
            install(graph(from: .failure(ChartLoad.cancelledFailure), of: charts[chartIndex]), restoring: nil)
        case .period, .reload:
            loader.cancelCurrent()
        }
    }

    /// Gives up on the wanted load, if any, without waiting for it (`ChartLoader.abandonCurrent`)
    /// and says so.
    private func abandonLoad() {
        guard let job = loader.abandonCurrent() else { return }
        loadProgress?.cancel()
        status.loading = nil
        updateStatus()
        options.onEvent(.loadCancelled(chart: job.provider.name))
    }

    /// Counts the seconds of a slow load in the window, so it visibly runs and can be cancelled,
    /// until it ends or is given up.
    private func showLoadProgress(of job: ChartLoad) {
        loadProgress?.cancel()
        loadProgress = loop.after(1) { [weak self] in
            guard let self else { return }
            let elapsed = job.started.duration(to: .now).components.seconds
            self.status.loading = StatusLine.loading(self.charts[self.chartIndex].name, seconds: elapsed)
            self.updateStatus()
            self.showLoadProgress(of: job)
        }
    }

    /// Installs the chart the loading thread built (or says why it could not), once it has.
    /// A reload keeps the user's view (hidden series, theme, grid, legend, selection by record
    /// key); a failed reload keeps the chart and shows the failure in the status line.
    private func finishLoadingIfDone() {
        guard let (job, outcome) = loader.finished() else { return }
        if let flight, flight.job.layout != nil, flight.interaction === interaction {
            // The graph on screen is lent to the frame thread: it must be back before it is
            // read or replaced. The frame is abandoned; this is retried once it is back.
            cancelFlight()
            return
        }
        loader.end(job)
        loadProgress?.cancel()
        status.loading = nil
        if frameStart == nil { frameStart = job.started }
        let chart = charts[chartIndex]
        if case .failure(let failure) = outcome {
            if failure.wasCancelled {
                options.onEvent(.loadCancelled(chart: chart.name))
            } else if case .reload = job.purpose {
                // Said as `reloadFailed` below.
            } else {
                options.onEvent(.loadFailed(chart: chart.name, message: failure.message))
            }
        }
        switch (job.purpose, outcome) {
        case (.reload, .failure(let failure)) where failure.wasCancelled:
            updateStatus()
            showStatus("Reload cancelled")
        case (.reload, .failure(let failure)):
            status.reloadError = failure.message
            updateStatus()
            options.onEvent(.reloadFailed(message: failure.message))
        case (.reload, .success(let graph)):
            status.reloadError = nil
            // Every series keeps its color, and a pie its slices' colors and hidden slices.
            graph.carryOver(from: interaction.graph)
            install(graph, restoring: interaction.viewState())
            pendingReload = true
        case (.period(let value), _):
            status.reloadError = nil
            // A new period keeps the theme on screen, which `d` may have changed, and the
            // series their colors and toggles.
            var view = ChartInteraction.ViewState()
            let before = interaction.viewState()
            view.togglesTheme = before.togglesTheme
            // The view too: a journal's days of the month line up from one month to the next.
            view.view = before.view
            view.history = before.history
            view.togglesLogScale = before.togglesLogScale
            let next = graph(from: outcome, of: chart)
            next.carryOver(from: interaction.graph)
            install(next, restoring: view)
            options.onEvent(.period(value: value))
            startAnimation()
        case (.show, _):
            var view: ChartInteraction.ViewState?
            if case .success = outcome, let saved = savedViews[chartIndex] { view = saved }
            install(graph(from: outcome, of: chart), restoring: view)
            startAnimation()
        }
    }

    /// The loaded graph, or one whose message says why there is none.
    private func graph(from outcome: Result<Graph, ChartFailure>, of chart: any ChartProvider) -> Graph {
        switch outcome {
        case .success(let graph):
            return graph
        case .failure(let failure):
            // The window stays up: the failure is the chart's message.
            let graph = Graph(title: chart.title, theme: options.theme ?? .plainWhite)
            graph.noDataText = failure.message
            return graph
        }
    }

    /// Shows `graph` (laid out by the next frame), with `view` carried over from the chart before.
    private func install(_ graph: Graph, restoring view: ChartInteraction.ViewState?) {
        if let theme = options.theme { graph.theme = theme }
        let next = makeInteraction(graph)
        if let view { next.restore(view) }
        // A save prompt being answered stays open over the new graph (a reload, another period).
        next.prompt = interaction.prompt
        retiredScenes.append(interaction.scene)
        interaction = next
        let signal = dataArrival
        graph.observeDataProgress { signal.raise() }
        options.onEvent(.described(chart: charts[chartIndex].name, note: graph.note))
        showsLoadedChart = true
        animationWanted = false
        animationStart = nil
        setTitle(graph.title)
        updateStatus()
    }

    /// Polls the shown chart's data twice a second and rebuilds it when it changed.
    private func scheduleWatch() {
        loop.after(0.5) { [weak self] in
            guard let self else { return }
            let chart = self.charts[self.chartIndex]
            if !self.loader.isLoading, !self.loader.isUsing(chart), chart.dataChanged() { self.startLoading(.reload) }
            self.scheduleWatch()
        }
    }

    private func show(chart index: Int) {
        guard index != chartIndex else { return }
        // Each chart keeps its view and history for when it is shown again.
        if showsLoadedChart {
            let state = interaction.viewState()
            var kept = ChartInteraction.ViewState()
            (kept.view, kept.history, kept.togglesLogScale) = (state.view, state.history, state.togglesLogScale)
            savedViews[chartIndex] = kept
        }
        // A save asked for shows this chart: not the next one.
        pendingSave = nil
        chartIndex = index
        options.onEvent(.chart(name: charts[index].name))
        startLoading(.show)
    }

    // MARK: Saving

    /// Whether the chart picture shows the current state, complete, so that `s` can save it.
    private var canSave: Bool {
        guard flight == nil, !interaction.needsChartLayout, !interaction.needsLayout, let picture else { return false }
        return picture.interaction === interaction && picture.generation == interaction.chartGeneration && picture.progress >= 1
    }

    /// Writes the chart as shown (with its selection, without overlays) to `request`'s file, or
    /// a new PNG under the suggested name in the save directory (`ChartSaver`), and says
    /// where: from the kept chart picture with the popups painted over it (no layout or chart
    /// paint on this thread) for PNG, from the scene for SVG and PDF.
    private func save(_ request: SaveRequest) {
        pendingSave = nil
        guard let picture else { return }
        do throws(RenderError) {
            let path: String
            switch request {
            case .file(let file, let format, _):
                try saver.save(picture.image, popupsOf: interaction.scene, to: file, format: format)
                path = file
            case .suggested:
                path = try saver.saveNow(
                    picture.image, popupsOf: interaction.scene, title: interaction.graph.title,
                    chart: charts[chartIndex].name)
            }
            options.onEvent(.saved(path: path))
            showStatus("Saved \(path)")
        } catch {
            FileHandle.standardError.write(Data("chartview: \(error.description)\n".utf8))
            showStatus("Could not save: \(error.description)")
            // The answer comes back, to be mended (another folder, a shorter name).
            if case .file(_, _, let answer) = request { openPrompt(answer) }
        }
    }

    /// Opens the save prompt with the suggested name (`SavePrompt`), in place of any other.
    private func openSavePrompt() {
        let name = SavePrompt.suggestedName(
            title: interaction.graph.title, chart: charts[chartIndex].name,
            directory: saver.directory)
        // The cursor before ".png", where a new name is typed.
        openPrompt(name, cursor: name.count - 4)
    }

    /// Opens the save prompt with `answer`, the cursor after `cursor` characters (the end when nil).
    private func openPrompt(_ answer: String, cursor: Int? = nil) {
        let line = LineEditor(answer, cursor: cursor)
        replaceWarned = nil
        interaction.prompt = TextPrompt(label: SavePrompt.label, line: line, hint: SavePrompt.hint)
        options.onEvent(.prompt(text: line.text, cursor: line.cursor))
    }

    /// Does what a key asks of the open prompt: edits its answer, saves to it (the prompt
    /// stays open, saying why, when the answer cannot be saved to), or cancels.
    private func answerPrompt(_ key: SavePrompt.Key) {
        guard var prompt = interaction.prompt else { return }
        switch key {
        case .ignore: return
        case .edit(let edit):
            prompt.line.apply(edit)
            guard prompt != interaction.prompt else { return }
            replaceWarned = nil
            interaction.prompt = prompt
            options.onEvent(.prompt(text: prompt.line.text, cursor: prompt.line.cursor))
        case .cancel:
            interaction.prompt = nil
            options.onEvent(.prompt(text: nil, cursor: 0))
            showStatus("Save cancelled")
        case .submit:
            do throws(SavePromptError) {
                let destination = try SavePrompt.destination(for: prompt.line.text, directory: saver.directory)
                // An existing file (a link's target) is replaced only when asked twice; one that
                // may not be replaced (read-only, a device) is refused at once, the prompt open.
                if try SavePrompt.replaces(destination.path, answer: prompt.line.text) && replaceWarned != destination.path {
                    replaceWarned = destination.path
                    showStatus("\((destination.path as NSString).lastPathComponent) exists: Enter again replaces it")
                    return
                }
                interaction.prompt = nil
                options.onEvent(.prompt(text: nil, cursor: 0))
                pendingSave = .file(path: destination.path, format: destination.format, answer: prompt.line.text)
            } catch {
                showStatus(error.description)
            }
        }
    }

    /// Hands the interaction's events to the program, showing a refusal's reason and a
    /// scale's change in the status line.
    private func forward(_ events: [InteractionEvent]) {
        for event in events {
            options.onEvent(.interaction(event))
            switch event {
            case .refused(let reason): showStatus(reason)
            case .scale(let coordinate, let scale):
                showStatus("\(coordinate.rawValue): \(scale == .logarithmic ? "log" : "linear") scale")
            default: break
            }
        }
    }

    // MARK: Status line

    /// Shows `message` in the status line for `StatusLine.passingDuration`, in place of the
    /// passing message before, if any.
    private func showStatus(_ message: String) {
        status.passing = message
        options.onEvent(.status(text: message))
        updateStatus()
        passingTimer?.cancel()
        passingTimer = loop.after(StatusLine.passingDuration) { [weak self] in
            guard let self else { return }
            self.status.passing = nil
            self.updateStatus()
        }
    }

    /// Shows the status line's text in the interaction on screen.
    private func updateStatus() {
        interaction.statusMessage = status.text
    }

    /// The pointer's data coordinates in the status line, when nothing else is there.
    private func updateReadout() {
        let readout = pointer.flatMap { interaction.readout(at: $0) }
        guard readout != status.readout else { return }
        status.readout = readout
        options.onEvent(.readout(text: readout))
        updateStatus()
    }

    // MARK: Clipboard

    /// Puts `text` on the CLIPBOARD selection and says so in the status line.
    private func copy(_ text: String, what: String) {
        let copied = clipboard.own(text, time: lastInputTime)
        if copied == 0 {
            showStatus("Could not take the clipboard")
        } else {
            options.onEvent(.copied(bytes: copied))
            showStatus(copied < text.utf8.count ? "Copied the first \(copied) bytes of \(what) (one X request holds no more)" : "Copied \(what)")
        }
    }

    /// The visible data as CSV on the clipboard.
    private func copyVisibleData() {
        let csv = interaction.visibleDataCSV()
        guard csv.rows > 0 else {
            showStatus("No data in view to copy")
            return
        }
        copy(csv.text, what: csv.truncated ? "the first \(csv.rows) rows in view" : "\(csv.rows) row\(csv.rows == 1 ? "" : "s") in view")
    }

    // MARK: Animation

    /// Starts the show animation (when enabled) with the next chart frame: only painting is
    /// animated, so layout, hit testing and the trace always see the final geometry. A scene
    /// too heavy to repaint 60 times a second shows at once (`FrameWorker.animationLimit`).
    private func startAnimation() {
        guard options.animates, options.animationDuration > 0 else { return }
        animationWanted = true
        animationStart = nil
    }
}

extension HostingWindow: EventLoopClient {
    var inputDescriptor: Int32 { connection.fileDescriptor }

    func flushAndCheckQueuedInput() -> Bool {
        XFlush(connection.display)
        return XPending(connection.display) > 0
    }

    /// Takes what the frame and loading threads finished.
    func loopDidWake() {
        finishFrameIfDone()
        finishLoadingIfDone()
        // Records arrived: the chart is laid out again from them.
        if dataArrival.take() { interaction.setNeedsLayout() }
    }

    /// Handles every X event queued; the first since the last frame starts its timing.
    func handleInput() {
        var event = XEvent()
        let view = interaction.view
        while loop.isRunning && XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
            if frameStart == nil { frameStart = .now }
            handle(&event)
        }
        if interaction.view != view { lastNavigation = .now }
    }

    /// A timer is an event too: the frame it asks for is timed from it.
    func timerWillFire() {
        if frameStart == nil { frameStart = .now }
    }

    func loopTurnDidEnd() { update() }
}
