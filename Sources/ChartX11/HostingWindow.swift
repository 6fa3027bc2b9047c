import CX11
import ChartCairo
import ChartCore
import Foundation

/// A chart in an X11 window: Core Plot's `CPTGraphHostingView` for Linux.
///
/// Owns one Xlib window on one thread. Its loop sleeps in `poll` on the X connection and the
/// next timer (no CPU while idle), drains every pending event, then lays out and paints at most
/// once: a storm of resize and expose events gives one frame at the latest size. Frames are
/// painted into a back buffer and copied to the window in one step.
public final class HostingWindow {
    public struct Options {
        /// The window's first size in device pixels.
        public var size = Size(width: 1024, height: 768)
        /// Device pixels per layout pixel; nil to follow `Xft.dpi`.
        public var scale: Double?
        /// A theme for every chart, overriding its own.
        public var theme: Theme?
        /// Rebuild the chart when its data changes on disk (polled twice a second).
        public var watches = true
        /// Where `s` saves PNG files.
        public var saveDirectory = FileManager.default.currentDirectoryPath
        /// Animate each chart as it is shown: bars grow, lines draw, slices sweep open.
        public var animates = true
        /// How long the show animation runs, in seconds.
        public var animationDuration = 0.6
        /// Hears every `WindowEvent`.
        public var onEvent: (WindowEvent) -> Void = { _ in }

        public init() {}
    }

    /// The smallest size the window may be given, in layout pixels.
    public static let minimumSize = Size(width: 240, height: 180)

    private let connection: DisplayConnection
    private let window: Window
    private let gc: GC
    private let deleteAtom: Atom
    private var options: Options
    private let charts: [any ChartProvider]
    private var chartIndex: Int
    private let text = PangoText()
    /// The chart on screen and the user's state over it. A new one (another chart, period or
    /// reload) makes the kept chart picture stale.
    private var interaction: ChartInteraction {
        didSet { chartBufferGeneration = -1 }
    }
    private var backBuffer: BackBuffer?
    /// The chart alone (no popups or overlays), kept while the chart stays the same, so that a
    /// click repaints only what lies over it.
    private var chartBuffer: BackBuffer?
    /// The `chartGeneration` painted in `chartBuffer`; -1 when it must be painted again.
    private var chartBufferGeneration = -1
    private var scale: Double
    private var running = true
    private var isReady = false
    /// Set by Expose: the window's pixels need the back buffer again.
    private var needsPaint = false
    private var frameStart: ContinuousClock.Instant?
    private var timers: [(deadline: ContinuousClock.Instant, action: () -> Void)] = []
    private var statusGeneration = 0
    /// When the running show animation started; nil when none runs.
    private var animationStart: ContinuousClock.Instant?
    /// The chart being built on another thread; nil when none is.
    private var load: ChartLoad?
    /// A pipe the loading thread writes to, to wake the loop: (read end, write end).
    private let wakePipe: (Int32, Int32)
    /// Whether a loaded chart has been on screen (`ready` is said once, for the first).
    private var hasShownChart = false

    /// Opens the window on `connection` showing `charts[index]`.
    public init(connection: DisplayConnection, charts: [any ChartProvider], index: Int = 0, options: Options) throws(WindowError) {
        precondition(!charts.isEmpty, "A hosting window needs at least one chart.")
        precondition(charts.indices.contains(index), "Chart index \(index) is out of range.")
        self.connection = connection
        self.charts = charts
        self.options = options
        chartIndex = index
        scale = options.scale ?? connection.resourceScale
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw WindowError.cannotCreate(what: "a wake-up pipe") }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        wakePipe = (fds[0], fds[1])
        let graph = Self.placeholder(for: charts[index], theme: options.theme)
        interaction = ChartInteraction(graph: graph, size: options.size, scale: scale, measurer: text)

        let display = connection.display
        let root = XRootWindow(display, connection.screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | ButtonPressMask | KeyPressMask)
        let window = XCreateWindow(display, root, 0, 0, UInt32(options.size.width), UInt32(options.size.height), 0,
                                   XDefaultDepth(display, connection.screen), UInt32(InputOutput),
                                   XDefaultVisual(display, connection.screen),
                                   UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        guard window != 0 else { throw WindowError.cannotCreate(what: "a window") }
        self.window = window
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
        load?.cancelAndWait()
        close(wakePipe.0)
        close(wakePipe.1)
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
            XChangeProperty(display, window, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                            bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = Int(PMinSize)
            hints.pointee.min_width = Int32(Self.minimumSize.width * scale)
            hints.pointee.min_height = Int32(Self.minimumSize.height * scale)
            XSetWMNormalHints(display, window, hints)
            XFree(hints)
        }
    }

    /// Sets the UTF-8 title (`_NET_WM_NAME`) and a Latin-1-safe `WM_NAME` for older managers.
    private func setTitle(_ title: String?) {
        let display = connection.display
        let oneLine = (title ?? "").split(separator: "\n").joined(separator: " — ")
        let text = oneLine.isEmpty ? "chartview" : oneLine + " — chartview"
        let bytes = Array(text.utf8)
        XChangeProperty(display, window, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8,
                        PropModeReplace, bytes, Int32(bytes.count))
        let ascii = String(text.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
        XStoreName(display, window, ascii)
    }

    // MARK: The loop

    /// Runs until the user quits or the window manager closes the window.
    public func run() {
        let display = connection.display
        var event = XEvent()
        while running {
            XFlush(display)
            if XPending(display) == 0 {
                var descriptors = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: wakePipe.0, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 2, pollTimeout())
            }
            finishLoadingIfDone()
            while running && XPending(display) > 0 {
                XNextEvent(display, &event)
                if frameStart == nil { frameStart = .now }
                handle(&event)
            }
            fireTimers()
            if running { renderIfNeeded() }
        }
        options.onEvent(.quit)
    }

    private func pollTimeout() -> Int32 {
        guard let next = timers.map(\.deadline).min() else { return -1 }
        let remaining = ContinuousClock.now.duration(to: next)
        let ms = Double(remaining.components.seconds) * 1000 + Double(remaining.components.attoseconds) / 1e15
        return Int32(max(0, min(ms.rounded(.up), 60_000)))
    }

    private func fireTimers() {
        let now = ContinuousClock.now
        let due = timers.filter { $0.deadline <= now }
        timers.removeAll { $0.deadline <= now }
        for timer in due {
            if frameStart == nil { frameStart = now }
            timer.action()
        }
    }

    private func after(_ seconds: Double, _ action: @escaping () -> Void) {
        timers.append((ContinuousClock.now + .milliseconds(Int(seconds * 1000)), action))
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case Expose:
            needsPaint = true
        case ConfigureNotify:
            let configure = event.xconfigure
            interaction.resize(to: Size(width: Double(configure.width), height: Double(configure.height)))
        case ButtonPress:
            let button = event.xbutton
            if button.button == UInt32(Button1) {
                interaction.click(at: Point(x: Double(button.x) + 0.5, y: Double(button.y) + 0.5))
            }
        case KeyPress:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 16)
            _ = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            if let action = WindowAction.forKey(keysym, state: event.xkey.state) { perform(action) }
        case ClientMessage:
            if Atom(event.xclient.data.l.0) == deleteAtom { running = false }
        case DestroyNotify:
            if event.xdestroywindow.window == window { running = false }
        default:
            break
        }
    }

    /// Does what a key asked.
    public func perform(_ action: WindowAction) {
        if load != nil {
            // While a chart loads, Escape cancels it and quitting still works; other keys wait.
            switch action {
            case .chart(.cancel): load?.provider.cancelLoading()
            case .quit: running = false
            default: break
            }
            return
        }
        switch action {
        case .chart(let command): interaction.perform(command)
        case .save: save()
        case .quit: running = false
        case .nextChart: show(chart: (chartIndex + 1) % charts.count)
        case .previousChart: show(chart: (chartIndex + charts.count - 1) % charts.count)
        case .previousPeriod, .nextPeriod:
            guard let period = charts[chartIndex].stepPeriod(by: action == .nextPeriod ? 1 : -1) else { return }
            startLoading(.period(period))
        }
    }

    // MARK: Loading

    /// Builds the shown chart on a loading thread. For a new chart the window shows a
    /// placeholder meanwhile; a period step or a reload keeps the current chart up.
    private func startLoading(_ purpose: ChartLoad.Purpose) {
        load?.cancelAndWait()
        if case .show = purpose {
            let placeholder = Self.placeholder(for: charts[chartIndex], theme: options.theme)
            interaction = ChartInteraction(graph: placeholder, size: interaction.size, scale: scale, measurer: text)
            interaction.setNeedsLayout()
            setTitle(placeholder.title)
        }
        let job = ChartLoad(provider: charts[chartIndex], purpose: purpose, wake: wakePipe.1)
        load = job
        job.start()
        showProgress(of: job)
    }

    /// Counts the seconds of a slow load in the window, so it visibly runs and can be cancelled.
    private func showProgress(of job: ChartLoad) {
        after(1) { [weak self] in
            guard let self, self.load === job else { return }
            let elapsed = job.started.duration(to: .now).components.seconds
            self.interaction.statusMessage = "Loading \(self.charts[self.chartIndex].name)… \(elapsed) s (Esc cancels)"
            self.showProgress(of: job)
        }
    }

    /// Installs the chart the loading thread built, once it has.
    private func finishLoadingIfDone() {
        var byte: UInt8 = 0
        while read(wakePipe.0, &byte, 1) > 0 {}
        guard let job = load, let graph = job.take() else { return }
        load = nil
        interaction.statusMessage = nil
        if frameStart == nil { frameStart = job.started }
        let selection = interaction.selection
        // A new chart comes in its own theme (or --theme); a new period or a reload keeps the
        // theme on screen, which `d` may have changed.
        switch job.purpose {
        case .show: if let theme = options.theme { graph.theme = theme }
        case .period, .reload: graph.theme = interaction.graph.theme
        }
        interaction = ChartInteraction(graph: graph, size: interaction.size, scale: scale, measurer: text)
        interaction.setNeedsLayout()
        setTitle(graph.title)
        switch job.purpose {
        case .show:
            startAnimation()
        case .period(let value):
            options.onEvent(.period(value: value))
            startAnimation()
        case .reload:
            if let selection { interaction.select(selection) }
            interaction.layoutIfNeeded()
            let records = graph.plots.map { interaction.scene.plot($0.identifier)?.items.count ?? 0 }.max() ?? 0
            options.onEvent(.reload(records: records))
        }
        hasShownChart = true
    }

    /// Polls the shown chart's data twice a second and rebuilds it when it changed.
    private func scheduleWatch() {
        after(0.5) { [weak self] in
            guard let self, self.running else { return }
            if self.load == nil, self.charts[self.chartIndex].dataChanged() { self.startLoading(.reload) }
            self.scheduleWatch()
        }
    }

    private func show(chart index: Int) {
        guard index != chartIndex else { return }
        chartIndex = index
        options.onEvent(.chart(name: charts[index].name))
        startLoading(.show)
    }

    // MARK: Saving

    /// Writes the chart as shown (with its selection, without overlays) to a new PNG file in
    /// the save directory, and says where.
    private func save() {
        var scene = interaction.scene
        scene.overlays = []
        let base = (options.saveDirectory as NSString).appendingPathComponent("chartview-\(charts[chartIndex].name)")
        var path = base + ".png"
        var counter = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(base)-\(counter).png"
            counter += 1
        }
        do {
            try ChartRenderer(text: text).write(scene, to: path)
            options.onEvent(.saved(path: path))
            showStatus("Saved \(path)")
        } catch {
            FileHandle.standardError.write(Data("chartview: \(error.description)\n".utf8))
            showStatus("Could not save: \(error.description)")
        }
    }

    private func showStatus(_ message: String) {
        interaction.statusMessage = message
        statusGeneration += 1
        let generation = statusGeneration
        after(3) { [weak self] in
            guard let self, self.statusGeneration == generation else { return }
            self.interaction.statusMessage = nil
        }
    }

    // MARK: Animation

    /// Starts the show animation (when enabled): only painting is animated, so layout, hit
    /// testing and the trace always see the final geometry.
    private func startAnimation() {
        guard options.animates, options.animationDuration > 0 else { return }
        animationStart = .now
        needsPaint = true
    }

    /// The eased progress of the running animation, 0…1; 1 when none runs.
    private func animationProgress() -> Double {
        guard let start = animationStart else { return 1 }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let t = min(1, seconds / options.animationDuration)
        return 1 - pow(1 - t, 3)   // ease-out cubic: fast start, gentle landing
    }

    // MARK: Painting

    private func renderIfNeeded() {
        let laidOut = interaction.layoutIfNeeded()
        if laidOut {
            options.onEvent(.layout(interaction.scene))
            for event in interaction.takeEvents() { options.onEvent(.interaction(event)) }
        }
        guard laidOut || needsPaint else {
            frameStart = nil
            return
        }
        let scene = interaction.scene
        let width = Int(scene.size.width), height = Int(scene.size.height)
        let progress = animationProgress()
        let animating = animationStart != nil
        if laidOut || animating || backBuffer == nil || backBuffer?.width != width || backBuffer?.height != height {
            if backBuffer?.width != width || backBuffer?.height != height {
                backBuffer = nil
                chartBuffer = nil
                backBuffer = try? BackBuffer(connection: connection, window: window, width: width, height: height)
                chartBuffer = try? BackBuffer(connection: connection, window: window, width: width, height: height)
                chartBufferGeneration = -1
            }
            guard let backBuffer, let chartBuffer else { return }
            let painter = ScenePainter(text: text, progress: progress)
            if animating || chartBufferGeneration != interaction.chartGeneration {
                // The chart is painted in memory, as for --output (the same pixels), then copied
                // to the pixmap in one step (an image Cairo shares with the server where it can):
                // painted straight onto the pixmap through Cairo's Xlib backend, a thinned noisy
                // line that crosses itself thousands of times (ties1m) took 70 ms a resize, 25-28
                // this way; line10m and arealog1m take the same time either way (11-18 ms).
                guard let raw = cairo_surface_create_similar_image(chartBuffer.surface.pointer, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                      let image = try? CairoSurface.adopting(raw, width: width, height: height),
                      let drawing = try? CairoContext(surface: image) else { return }
                painter.paint(scene, layers: .chart, into: drawing)
                cairo_surface_flush(image.pointer)
                guard let context = try? CairoContext(surface: chartBuffer.surface) else { return }
                cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(context.pointer, image.pointer, 0, 0)
                cairo_paint(context.pointer)
                cairo_surface_flush(chartBuffer.surface.pointer)
                chartBufferGeneration = animating ? -1 : interaction.chartGeneration
            }
            // The chart, then what lies over it.
            XCopyArea(connection.display, chartBuffer.pixmap, backBuffer.pixmap, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
            cairo_surface_mark_dirty(backBuffer.surface.pointer)
            guard let context = try? CairoContext(surface: backBuffer.surface) else { return }
            painter.paint(scene, layers: .overlays, into: context)
            cairo_surface_flush(backBuffer.surface.pointer)
        }
        guard let backBuffer else { return }
        XCopyArea(connection.display, backBuffer.pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
        XSync(connection.display, 0)
        needsPaint = false
        if !isReady && hasShownChart {
            isReady = true
            options.onEvent(.ready(window: windowID, size: scene.size))
            options.onEvent(.layout(scene))
        }
        if let start = frameStart {
            let elapsed = ContinuousClock.now - start
            options.onEvent(.frame(milliseconds: Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000))
        }
        frameStart = nil
        if animating {
            if progress >= 1 {
                animationStart = nil
                options.onEvent(.animated)
            } else {
                // About 60 frames a second until it lands.
                after(1.0 / 60) { [weak self] in self?.needsPaint = true }
            }
        }
    }
}
