import CX11
import ChartCairo
import ChartCore
import ChartSession
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
/// The window hosts a `ChartSession`, which holds the chart's life (loading, watching, periods,
/// the save prompt, the status line): X events in, as the session's and the interaction's
/// commands; the session's interaction out, as frames on the screen. It owns the X window and
/// its GC, the frame thread, the clipboard, fullscreen, the title and the icon, and writes the
/// session's saves (`ChartSaver`). Its event loop is the session's clock.
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
        /// How much of a live chart's newest data the view follows (`ChartSession.Options.liveWindow`); nil for all of it.
        public var liveWindow: LiveWindow?
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
    /// The X window and what the desktop knows of it.
    private let topLevel: TopLevelWindow
    private let options: Options
    private let loop: EventLoop
    /// The window thread's text engine: popups, the help, the status line, saving. (The frame
    /// thread has its own: Pango is not thread-safe.)
    private let text = PangoText()
    /// The charts, their loads and the user's state over the one shown.
    private let session: ChartSession
    /// The chart on screen, or coming, and the user's state over it (the session's).
    private var interaction: ChartInteraction { session.interaction }
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
    /// The last picture finished: composed under the overlays, and saved.
    private var picture: Picture?
    /// The chart buffer (`picture` in the X server) and the back buffer.
    private let compositor: WindowCompositor
    /// Whether the back buffer must be composed again (a new picture, the overlays changed).
    private var needsCompose = false
    /// Whether the next compose brings a new chart picture to the screen.
    private var composesNewPicture = false
    /// Whether the back buffer must be copied to the window (composed, or Expose).
    private var needsPaint = false
    /// Whether pictures come through memory shared with the X server (MIT-SHM).
    private var sharesImages: Bool

    private let scale: Double
    private var isReady = false
    /// The first event since the last frame reached the screen.
    private var frameStart: ContinuousClock.Instant?
    /// The first event since the last chart picture reached the screen that asked for a new one.
    private var chartFrameSince: ContinuousClock.Instant?

    /// The CLIPBOARD selection, which Ctrl+C and Ctrl+Shift+C fill.
    private let clipboard: ClipboardOwner
    /// The X server time of the last key or button event: what taking the clipboard names.
    private var lastInputTime: Time = Time(CurrentTime)
    /// When the view last changed through input, to tell frames of a drag or a wheel burst.
    private var lastNavigation: ContinuousClock.Instant?

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

    /// Writes the session's saves.
    private let saver: ChartSaver

    /// Opens the window on `connection` showing `charts[index]`, its size and scale fitted to
    /// the screen (`ScreenFit`).
    public init(connection: DisplayConnection, charts: [any ChartProvider], index: Int = 0, options: Options) throws(WindowError) {
        self.connection = connection
        let fit = ScreenFit(
            requested: options.size, scale: options.scale ?? connection.resourceScale, fromResource: options.scale == nil,
            screen: connection.screenSize, minimumLayoutSize: Self.minimumSize)
        var options = options
        options.size = fit.size
        self.options = options
        scale = fit.scale
        loop = try EventLoop()
        worker = FrameWorker(wake: loop.wakeDescriptor)
        saver = ChartSaver(text: text)
        sharesImages = SharedImage.isUsable(connection)

        let minimumSize = Size(width: Self.minimumSize.width * scale, height: Self.minimumSize.height * scale)
        do {
            topLevel = try TopLevelWindow(
                connection: connection, size: options.size, minimumSize: minimumSize, icon: WindowIcon.cardinals(text: text))
        } catch {
            worker.stop()
            throw error
        }
        clipboard = ClipboardOwner(connection: connection, window: topLevel.id)
        compositor = WindowCompositor(connection: connection, window: topLevel.id, gc: topLevel.gc, text: text)
        session = ChartSession(
            charts: charts, index: index, size: options.size, scale: scale, measurer: text, clock: loop, wake: loop.wake,
            options: Self.sessionOptions(options, window: UInt(topLevel.id)))
        topLevel.setTitle(interaction.graph.title)
        topLevel.map()
        session.host = self
        session.start()
    }

    /// The session's options from the window's: its theme, watching and save folder, the
    /// formats the window writes, the window's keys for the help, and its events reported as
    /// the window's (a load names the window, as the first frame will).
    private static func sessionOptions(_ options: Options, window: UInt) -> ChartSession.Options {
        var session = ChartSession.Options()
        session.theme = options.theme
        session.watches = options.watches
        session.liveWindow = options.liveWindow
        session.saveDirectory = options.saveDirectory
        session.saveExtensions = ChartRenderer.Format.allCases.map(\.rawValue)
        session.helpLines = WindowAction.helpLines
        let report = options.onEvent
        session.onEvent = { event in
            if case .loading(let chart) = event {
                report(.loading(window: window, chart: chart))
            } else {
                report(.session(event))
            }
        }
        return session
    }

    deinit {
        // The frame thread stops within a piece of work once its frame is cancelled.
        cancelFlight()
        worker.stop()
        // Never waited for: a loading thread may be deep in a file; it no longer wakes the loop
        // (whose pipe closes after this).
        session.close()
        // X resources go before the GC and the window: shared memory, then pixmaps.
        flight = nil
        picture = nil
        spareCanvases.removeAll()
        compositor.releaseBuffers()
        // Then the GC and the window (`TopLevelWindow`).
    }

    /// The X window id.
    public var windowID: UInt { UInt(topLevel.id) }

    // MARK: The loop

    /// Runs until the user quits or the window manager closes the window.
    public func run() {
        loop.run(self)
        // Whatever is being built is not wanted any more; the frame thread stops soon, and a
        // load is left to end on its own (the window does not wait for it).
        cancelFlight()
        session.close()
        options.onEvent(.quit)
    }

    private func handle(_ event: inout XEvent) {
        switch event.type {
        case Expose:
            needsPaint = true
            compositor.exposed()
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
            interaction.pointerMoved(to: point, time: UInt64(motion.time))
            session.pointerDidMove(to: point)
        case LeaveNotify:
            session.pointerDidMove(to: nil)
        case KeyPress:
            var keysym: KeySym = 0
            var buffer = [CChar](repeating: 0, count: 16)
            lastInputTime = event.xkey.time
            _ = XLookupString(&event.xkey, &buffer, Int32(buffer.count), &keysym, nil)
            if session.isPrompting {
                session.answerPrompt(PromptKeys.key(keysym, state: event.xkey.state))
            } else if let action = WindowAction.forKey(keysym, state: event.xkey.state) {
                perform(action)
            }
        case SelectionRequest:
            clipboard.answer(event.xselectionrequest)
        case SelectionClear:
            clipboard.selectionCleared(event.xselectionclear)
        case ClientMessage:
            if Atom(event.xclient.data.l.0) == topLevel.deleteAtom { loop.stop() }
        case DestroyNotify:
            if event.xdestroywindow.window == topLevel.id { loop.stop() }
        default:
            break
        }
    }

    /// Does what a key asked: quitting and fullscreen here, the rest in the session (which,
    /// while a chart loads, answers only Escape, the help and other charts). Quitting and the
    /// help act at once, whatever is being built; chart commands that touch the graph wait
    /// (inside `ChartInteraction`) while a frame has it.
    public func perform(_ action: WindowAction) {
        switch action {
        case .quit: loop.stop()
        case .toggleFullscreen:
            if !session.isLoading, !topLevel.toggleFullscreen() {
                session.showStatus("Fullscreen needs a window manager that offers it (EWMH)")
            }
        default: if let command = action.command { session.perform(command) }
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
        if session.wantsSave, canSave { session.save() }
        if needsCompose { compose() }
        if needsPaint {
            present()
        } else {
            // The events since the last frame asked for nothing visible (yet): a chart frame
            // on its way is timed from `chartFrameSince`.
            frameStart = nil
        }
    }

    /// Whether the chart picture shows the current state, complete, so that the session's save
    /// can write it.
    private var canSave: Bool {
        guard flight == nil, !interaction.needsChartLayout, !interaction.needsLayout, let picture else { return false }
        return picture.interaction === interaction && picture.generation == interaction.chartGeneration && picture.progress >= 1
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
        session.chartFrameCancelled()
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
            if session.showsLoadedChart {
                options.onEvent(.building(window: windowID, size: layout.size))
                session.chartFrameStarted()
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
            isLoadedChart: session.showsLoadedChart)
        worker.start(job)
    }

    /// Takes the frame thread's result, once there is one: gives a layout job's graph back to
    /// its interaction, and keeps the picture when it shows the chart on screen.
    private func finishFrameIfDone() {
        guard let flight, let result = worker.take() else { return }
        self.flight = nil
        session.chartFrameReturned()
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
        compositor.upload(image, shared: shared)
        composesNewPicture = true
        needsCompose = true
        guard layout != nil else { return }
        // A new layout: what lies over it (popups of deferred selections), then the trace.
        let current = !interaction.needsChartLayout
        if current { interaction.layoutIfNeeded() }
        options.onEvent(.layout(interaction.scene))
        session.chartLayoutFinished(isCurrent: current)
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
            session.reportInteractionEvents()
        }
    }

    /// The back buffer at the window's size: the chart picture, and over it the popups (of the
    /// picture's chart; a new chart has none yet) and the overlays (`WindowCompositor`).
    private func compose() {
        needsCompose = false
        let width = Int(interaction.size.width), height = Int(interaction.size.height)
        guard width > 0, height > 0 else { return }
        var over = interaction.scene
        if picture?.interaction !== interaction { over.annotations = [] }
        if compositor.compose(over, width: width, height: height, picture: picture?.image) { needsPaint = true }
    }

    /// Copies the back buffer to the window and says what reached the screen.
    private func present() {
        needsPaint = false
        guard compositor.present() else { return }
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

}

extension HostingWindow: EventLoopClient {
    var inputDescriptor: Int32 { connection.fileDescriptor }

    func flushAndCheckQueuedInput() -> Bool {
        XFlush(connection.display)
        return XPending(connection.display) > 0
    }

    /// Takes what the frame, loading and data threads finished; a chart loaded is timed from
    /// its load's start.
    func loopDidWake() {
        finishFrameIfDone()
        if let started = session.takeFinishedWork(), frameStart == nil { frameStart = started }
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

extension HostingWindow: ChartSessionHost {
    /// Lets go of `old`'s scene (freed on the frame thread), shows the new graph's title, and
    /// starts the show animation (when enabled) with the next chart frame: only painting is
    /// animated, so layout, hit testing and the trace always see the final geometry. A scene
    /// too heavy to repaint 60 times a second shows at once (`FrameWorker.animationLimit`).
    public func session(_ session: ChartSession, didReplace old: ChartInteraction, animates: Bool) {
        retiredScenes.append(old.scene)
        animationWanted = animates && options.animates && options.animationDuration > 0
        animationStart = nil
        topLevel.setTitle(session.interaction.graph.title)
    }

    /// By the command line's `--output` policy (`FileDestination`, through `ChartSaver`).
    public func session(_ session: ChartSession, replacementAt path: String) -> SaveReplacement {
        ChartSaver.replacement(at: path)
    }

    /// From the kept chart picture with the popups painted over it (no layout or chart paint on
    /// this thread) for PNG, from the scene for SVG and PDF (`ChartSaver`).
    public func session(_ session: ChartSession, save path: String) throws(SaveFailure) {
        guard let picture else { throw SaveFailure(message: "\(path): nothing is drawn yet") }
        guard let format = ChartRenderer.Format(path: path) else {
            throw SaveFailure(message: "\(path): cannot save as .\((path as NSString).pathExtension)")
        }
        do throws(RenderError) {
            try saver.save(picture.image, popupsOf: interaction.scene, to: path, format: format)
        } catch {
            throw SaveFailure(message: error.description)
        }
    }

    /// On the CLIPBOARD selection, named by the last key or button event's time.
    public func session(_ session: ChartSession, copy text: String) -> Int {
        clipboard.own(text, time: lastInputTime)
    }
}
