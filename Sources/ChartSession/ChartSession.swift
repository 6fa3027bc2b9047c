import ChartCore
import Foundation

/// A chart's life in a host, whatever the host is: the list of charts and the one shown, its
/// loading on threads of its own, watching its data for changes, its periods, what a reload
/// or another period carries over, each chart's view kept for when it is shown again, the save
/// prompt and its rules, and the status line. A window (`HostingWindow`) hosts one: it turns
/// its input into the session's commands and the session's interaction into frames.
///
/// Driven by commands (`perform(_:)`, `answerPrompt(_:)`, `pointerDidMove(to:)`, the host's
/// frame reports) and by time, which it reads from an injected `SessionClock`: a window's is
/// its event loop, a test's a `ManualClock` it advances, so that tests advance time instead of
/// sleeping (swift-nio's `EmbeddedEventLoop` is the model). What needs the host's surface, its
/// files' formats or its desktop (writing a save, the clipboard, the title) it asks of its
/// `host` (`ChartSessionHost`); what it does it reports as `SessionEvent`s.
///
/// Threads: the session is used on one thread, the host's (the clock fires its timers there).
/// Loads run on threads of their own (`ChartLoader`), and a table too large to load delivers a
/// view's records on its own; both call `wake`, and the host then calls `takeFinishedWork()` on
/// its thread. While a frame has the graph (`ChartInteraction.layoutJob`), the session waits
/// for it before it reads or replaces the graph: it cancels the frame and tries again when woken.
public final class ChartSession {
    /// How a session runs: the theme, watching, where and how it saves, its help, and who hears
    /// its events.
    public struct Options {
        /// A theme for every chart, overriding its own.
        public var theme: Theme?
        /// Rebuild the chart when its data changes (`ChartProvider.dataChanged()`, polled every
        /// `ChartSession.watchInterval`).
        public var watches = true
        /// Where saves whose names have no folder are written (the working directory).
        public var saveDirectory = FileManager.default.currentDirectoryPath
        /// The file extensions the host writes (lowercase), its default first: the prompt
        /// accepts these and adds the first to a name without one.
        public var saveExtensions = ["png"]
        /// What the help overlay lists (`ChartInteraction.helpLines`): the host's keys.
        public var helpLines: [(keys: String, action: String)] = []
        /// How much of a live chart's newest data the view shows while it follows them
        /// (`LiveSeries`): nil for all of it, fitted as it grows; y fits what shows either way.
        public var liveWindow: LiveWindow?
        /// Hears every `SessionEvent`, on the session's thread.
        public var onEvent: (SessionEvent) -> Void = { _ in }
        /// Where loads run: a thread of their own each (a window), or the host's way (a test
        /// runs them inline when it turns its loop).
        public var loadRunner: any LoadRunner = .threads

        /// The defaults: the chart's theme, watching the data, saving PNG files to the current
        /// directory, no help, nobody listening.
        public init() {}
    }

    /// How often the data of the chart shown is polled for changes, in seconds.
    public static let watchInterval = 0.5

    /// What the session asks of the host that shows it; held weakly (the host owns the session).
    public weak var host: (any ChartSessionHost)?
    /// The charts the session can show, in order (next and previous chart step through them).
    public let charts: [any ChartProvider]
    /// The index in `charts` of the chart shown, or loading.
    public private(set) var chartIndex: Int
    /// The chart on screen, or coming, and the user's state over it: a placeholder while a
    /// chart is first loaded. The host lays it out (on its frame thread), resizes it and hands
    /// it the pointer's gestures; it is replaced as charts load (`ChartSessionHost`).
    public private(set) var interaction: ChartInteraction
    /// Whether `interaction` shows a loaded chart, not the placeholder shown while one loads.
    public private(set) var showsLoadedChart = false

    let options: Options
    let clock: any SessionClock
    private let measurer: any TextMeasuring
    private let scale: Double
    private var isStarted = false

    /// What the status line says, shown through `interaction.statusMessage` by `updateStatus()`.
    var status = StatusLine()
    /// Where the pointer is over the host (device pixels); nil once it left.
    var pointer: Point?
    /// Clears the passing message once it has shown its time.
    var passingTimer: TimerHandle?
    /// Counts the seconds of the wanted load in the status line while it runs.
    var loadProgress: TimerHandle?
    /// Counts the seconds of the chart frame in flight in the status line while it is built.
    var drawingProgress: TimerHandle?
    /// Polls the chart's data.
    private var watchTimer: TimerHandle?
    /// Following the live chart shown; nil when it is not live.
    var live: LiveFollowing?

    /// The view and history of each chart shown before, by index, for when it is shown again.
    private var savedViews: [Int: ChartInteraction.ViewState] = [:]
    /// A save asked for (the prompt answered, `save`), done once the host's picture shows the
    /// current state (`save()`).
    var pendingSave: SaveRequest?
    /// The existing file the prompt warned would be replaced: Enter again on the same answer replaces it.
    var replaceWarned: String?
    /// Where the note being typed goes (device pixels): the prompt is the note's while set.
    var notePoint: Point?
    /// A reload's `reload` event waits for its first layout.
    var pendingReload = false

    /// The charts being built on loading threads: the one wanted, and those given up on.
    let loader: ChartLoader
    /// Raised when a table too large to load delivered a view's records (or its preview grew).
    let dataArrival: DataArrivalSignal

    /// Where a save goes.
    enum SaveRequest {
        /// A new file under the suggested name in the save directory (`save`).
        case suggested
        /// The prompt's answer, resolved (`SavePrompt.destination`); `answer` as typed, for the
        /// prompt to open again with when the file cannot be written.
        case file(path: String, answer: String)
    }

    /// A session over `charts`, to show `charts[index]` at `size` (device pixels) and `scale`
    /// (device pixels per layout pixel) once started, measuring text with `measurer`, telling
    /// time by `clock`; its loading and data threads call `wake` (from any thread) when the
    /// host should call `takeFinishedWork()`. Shows a placeholder until `start()`.
    public init(
        charts: [any ChartProvider], index: Int = 0, size: Size, scale: Double = 1, measurer: any TextMeasuring,
        clock: any SessionClock, wake: @escaping @Sendable () -> Void, options: Options = Options()
    ) {
        precondition(!charts.isEmpty, "A chart session needs at least one chart.")
        precondition(charts.indices.contains(index), "Chart index \(index) is out of range.")
        self.charts = charts
        chartIndex = index
        self.options = options
        self.clock = clock
        self.measurer = measurer
        self.scale = scale
        loader = ChartLoader(wake: wake, runner: options.loadRunner)
        dataArrival = DataArrivalSignal(wake: wake)
        interaction = ChartInteraction(
            graph: Self.placeholder(for: charts[index], theme: options.theme), size: size, scale: scale,
            measurer: measurer, laysOutLater: true)
        interaction.helpLines = options.helpLines
    }

    deinit {
        // Never waited for: a loading thread may be deep in a file; it no longer wakes the host.
        loader.abandonCurrent()
    }

    /// Starts loading the chart and, when watching, polling its data. Once, with `host` set.
    public func start() {
        precondition(!isStarted, "A session starts once.")
        isStarted = true
        startLoading(.show)
        if options.watches { scheduleWatch() }
    }

    /// Stops: a load under way is given up without waiting for it (and without an event), and
    /// no timer of the session fires any more. For a host that closes.
    public func close() {
        loader.abandonCurrent()
        for timer in [passingTimer, loadProgress, drawingProgress, watchTimer, live?.frameTimer, live?.tickTimer] { timer?.cancel() }
    }

    /// Whether the chart is loading (first shown, another period, a reload): only cancelling,
    /// the help and other charts are answered meanwhile.
    public var isLoading: Bool { loader.isLoading }

    /// What shows while a chart loads: its name and how to cancel.
    private static func placeholder(for chart: any ChartProvider, theme: Theme?) -> Graph {
        let graph = Graph(title: chart.name, theme: theme ?? .plainWhite)
        graph.noDataText = "Loading… (Esc cancels)"
        return graph
    }

    /// An interaction over `figure` at the current size, laid out by the host's next frame, its
    /// help listing the host's keys.
    private func makeInteraction(_ figure: ChartFigure) -> ChartInteraction {
        let size = interaction.size
        let interaction: ChartInteraction
        switch figure {
        case .graph(let graph): interaction = ChartInteraction(graph: graph, size: size, scale: scale, measurer: measurer, laysOutLater: true)
        case .grid(let grid): interaction = ChartInteraction(grid: grid, size: size, scale: scale, measurer: measurer, laysOutLater: true)
        }
        interaction.helpLines = options.helpLines
        return interaction
    }

    /// What is on screen: the interaction's grid, or its graph.
    var shownFigure: ChartFigure { interaction.grid.map(ChartFigure.grid) ?? .graph(interaction.graph) }

    /// Shows `next` in place of the interaction on screen, and tells the host.
    private func replaceInteraction(with next: ChartInteraction, animates: Bool) {
        let old = interaction
        interaction = next
        host?.session(self, didReplace: old, animates: animates)
    }

    func emit(_ event: SessionEvent) { options.onEvent(event) }

    // MARK: Commands

    /// Does what the user asked. While a chart loads, Escape cancels it, another chart is shown
    /// (cancelling it), and the help still works; other commands wait. Chart commands that touch
    /// the graph wait (inside `ChartInteraction`) while a frame has it.
    public func perform(_ command: SessionCommand) {
        if loader.isLoading {
            switch command {
            case .chart(.cancel): cancelLoad()
            case .chart(.toggleHelp): interaction.perform(.toggleHelp)
            case .nextChart: show(chart: (chartIndex + 1) % charts.count)
            case .previousChart: show(chart: (chartIndex + charts.count - 1) % charts.count)
            default: break
            }
            return
        }
        switch command {
        case .chart(.cancel) where interaction.scene.isRefining:
            // Escape stops reading the view's records: what stands in stays.
            interaction.graph.cancelDataFetches()
            status.refining = nil
            showStatus("Refining cancelled")
        case .chart(let command): interaction.perform(command)
        case .save: pendingSave = .suggested
        case .saveAs: openSavePrompt()
        case .addNote: openNotePrompt()
        case .copySelection:
            if let text = interaction.selectionText {
                copy(text, what: "the selected value")
            } else {
                showStatus("Nothing selected to copy: click a point or a bar first")
            }
        case .copyVisibleData: copyVisibleData()
        case .nextChart: show(chart: (chartIndex + 1) % charts.count)
        case .previousChart: show(chart: (chartIndex + charts.count - 1) % charts.count)
        case .follow: followAgain()
        case .togglePause: togglePause()
        case .previousPeriod, .nextPeriod:
            guard !loader.isUsing(charts[chartIndex]),
                let period = charts[chartIndex].stepPeriod(by: command == .nextPeriod ? 1 : -1)
            else { return }
            startLoading(.period(period))
        }
    }

    /// Takes what loading and data threads finished since `wake` was called: installs the chart
    /// a load built (or says why it could not be built), and has the chart laid out again when
    /// a view's records arrived. Returns when the load that ended started (by the session's
    /// clock), for the host to time the frame it causes from; nil when none ended.
    @discardableResult
    public func takeFinishedWork() -> ContinuousClock.Instant? {
        let started = finishLoadingIfDone()
        // Records arrived: the chart is laid out again from them (a live chart's at its next
        // frame, coalescing what arrives meanwhile).
        if dataArrival.take() {
            if live != nil { liveDataArrived() } else { interaction.setNeedsLayout() }
        }
        return started
    }

    // MARK: Loading

    /// Builds the shown chart on a loading thread. For a new chart the session shows a
    /// placeholder meanwhile; a period step or a reload keeps the current chart up.
    private func startLoading(_ purpose: ChartLoad.Purpose) {
        abandonLoad()
        if case .show = purpose {
            pendingReload = false
            status.reloadError = nil
            showsLoadedChart = false
            replaceInteraction(with: makeInteraction(.graph(Self.placeholder(for: charts[chartIndex], theme: options.theme))), animates: false)
            updateStatus()
        }
        let provider = charts[chartIndex]
        let job = loader.start(provider, purpose: purpose, at: clock.now)
        if case .show = purpose { emit(.loading(chart: provider.name)) }
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
            install(figure(from: .failure(ChartLoad.cancelledFailure), of: charts[chartIndex]), restoring: nil, animates: false)
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
        emit(.loadCancelled(chart: job.provider.name))
    }

    /// Installs the chart the loading thread built (or says why it could not), once it has, and
    /// returns when its load started. A reload keeps the user's view (hidden series, theme,
    /// grid, legend, selection by record key); a failed reload keeps the chart and shows the
    /// failure in the status line.
    private func finishLoadingIfDone() -> ContinuousClock.Instant? {
        guard let (job, outcome) = loader.finished() else { return nil }
        if let frame = interaction.layoutJob {
            // The graph on screen is lent to a frame: it must be back before it is read or
            // replaced. The frame is abandoned; this is retried once it is back (it wakes the host).
            frame.cancel()
            drawingProgress?.cancel()
            return nil
        }
        loader.end(job)
        loadProgress?.cancel()
        status.loading = nil
        let chart = charts[chartIndex]
        if case .failure(let failure) = outcome {
            if failure.wasCancelled {
                emit(.loadCancelled(chart: chart.name))
            } else if case .reload = job.purpose {
                // Said as `reloadFailed` below.
            } else {
                emit(.loadFailed(chart: chart.name, message: failure.message))
            }
        }
        switch (job.purpose, outcome) {
        case (.reload, .failure(let failure)) where failure.wasCancelled:
            updateStatus()
            showStatus("Reload cancelled")
        case (.reload, .failure(let failure)):
            status.reloadError = failure.message
            updateStatus()
            emit(.reloadFailed(message: failure.message))
        case (.reload, .success(let figure)):
            status.reloadError = nil
            // Every series keeps its color, and a pie its slices' colors and hidden slices.
            figure.carryOver(from: shownFigure)
            install(figure, restoring: interaction.viewState(), animates: false)
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
            let next = figure(from: outcome, of: chart)
            next.carryOver(from: shownFigure)
            install(next, restoring: view, animates: true)
            emit(.period(value: value))
        case (.show, _):
            var view: ChartInteraction.ViewState?
            if case .success = outcome, let saved = savedViews[chartIndex] { view = saved }
            install(figure(from: outcome, of: chart), restoring: view, animates: true)
        }
        return job.started
    }

    /// The loaded figure, or a graph whose message says why there is none.
    private func figure(from outcome: Result<ChartFigure, ChartFailure>, of chart: any ChartProvider) -> ChartFigure {
        switch outcome {
        case .success(let figure):
            return figure
        case .failure(let failure):
            // The session goes on: the failure is the chart's message.
            let graph = Graph(title: chart.title, theme: options.theme ?? .plainWhite)
            graph.noDataText = failure.message
            return .graph(graph)
        }
    }

    /// Shows `figure` (laid out by the host's next frame), with `view` carried over from the
    /// chart before; `animates` with the show animation.
    private func install(_ figure: ChartFigure, restoring view: ChartInteraction.ViewState?, animates: Bool) {
        if let theme = options.theme { figure.apply(theme) }
        showsLoadedChart = true
        let next = makeInteraction(figure)
        // A grid's cells start fitted (their views are not carried over yet).
        if let view, next.grid == nil { next.restore(view) }
        // A save prompt being answered stays open over the new graph (a reload, another period).
        next.prompt = interaction.prompt
        let signal = dataArrival
        for shown in figure.graphs { shown.observeDataProgress { signal.raise() } }
        replaceInteraction(with: next, animates: animates)
        emit(.described(chart: charts[chartIndex].name, note: figure.note))
        startLive()
        updateStatus()
        // Rows of the file not drawn as it has them are said where the user looks.
        if let caveat = figure.graphs.lazy.compactMap(\.caveat).first { showStatus(caveat) }
    }

    /// Polls the shown chart's data every `watchInterval` and rebuilds it when it changed.
    private func scheduleWatch() {
        watchTimer = clock.after(Self.watchInterval) { [weak self] in
            guard let self else { return }
            let chart = self.charts[self.chartIndex]
            // A live chart grows by itself: it is never read again.
            if self.live == nil, !self.loader.isLoading, !self.loader.isUsing(chart), chart.dataChanged() { self.startLoading(.reload) }
            self.scheduleWatch()
        }
    }

    /// Shows `charts[index]`, keeping the view of the chart shown for when it comes back.
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
        emit(.chart(name: charts[index].name))
        startLoading(.show)
    }

    // MARK: Clipboard

    /// Puts `text` on the host's clipboard and says so in the status line.
    private func copy(_ text: String, what: String) {
        let copied = host?.session(self, copy: text) ?? 0
        if copied == 0 {
            showStatus("Could not take the clipboard")
        } else {
            emit(.copied(bytes: copied))
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
}
