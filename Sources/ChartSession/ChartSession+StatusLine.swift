import ChartCore

/// The status line's policy: passing messages and their time, the progress of a slow load or
/// frame, refining, a big table's failure, the pointer's readout, and what the interaction's
/// events say there; and what the host reports of its frames.
extension ChartSession {
    /// Shows `message` in the status line for `StatusLine.passingDuration`, in place of the
    /// passing message before, if any (a host's own: "Fullscreen needs a window manager…").
    public func showStatus(_ message: String) {
        status.passing = message
        emit(.status(text: message))
        updateStatus()
        passingTimer?.cancel()
        passingTimer = clock.after(StatusLine.passingDuration) { [weak self] in
            guard let self else { return }
            self.status.passing = nil
            self.updateStatus()
        }
    }

    /// Shows the status line's text in the interaction on screen.
    func updateStatus() {
        interaction.statusMessage = status.text
    }

    /// The pointer is at `point` over the host (device pixels), nil once it left: the status
    /// line's readout follows it. Hand the gesture itself to `interaction` first.
    public func pointerDidMove(to point: Point?) {
        pointer = point
        updateReadout()
    }

    /// The pointer's data coordinates in the status line, when nothing else is there.
    func updateReadout() {
        let readout = pointer.flatMap { interaction.readout(at: $0) }
        guard readout != status.readout else { return }
        status.readout = readout
        emit(.readout(text: readout))
        updateStatus()
    }

    /// Reports the interaction's events since its last layout (`SessionEvent.interaction`),
    /// showing a refusal's reason and a scale's change in the status line. The host calls it
    /// once it reported a layout of what lies over the chart.
    public func reportInteractionEvents() {
        for event in interaction.takeEvents() {
            emit(.interaction(event))
            switch event {
            case .view(let cause, _): userChangedView(cause: cause)
            case .refused(let reason): showStatus(reason)
            case .note(_, _, _, let cell): keepNotes(changedIn: cell)
            case .scale(let coordinate, let scale):
                showStatus("\(coordinate.rawValue): \(scale == .logarithmic ? "log" : "linear") scale")
            default: break
            }
        }
    }

    // MARK: The host's frames

    /// The host started a frame of the loaded chart: after a second the status line counts its
    /// seconds, so a heavy chart visibly draws (and quitting still works), until it is back
    /// (`chartFrameReturned()`) or given up (`chartFrameCancelled()`).
    public func chartFrameStarted() {
        countDrawing(from: 1)
    }

    /// Says "Drawing … `seconds` s" in a second, and counts on.
    private func countDrawing(from seconds: Int) {
        drawingProgress?.cancel()
        drawingProgress = clock.after(1) { [weak self] in
            guard let self else { return }
            self.status.drawing = StatusLine.drawing(self.charts[self.chartIndex].name, seconds: seconds)
            self.updateStatus()
            self.countDrawing(from: seconds + 1)
        }
    }

    /// The host gave up the chart frame in flight: its seconds are no longer counted.
    public func chartFrameCancelled() {
        drawingProgress?.cancel()
    }

    /// The chart frame in flight is back (with a picture or not): the status line stops
    /// counting its seconds.
    public func chartFrameReturned() {
        drawingProgress?.cancel()
        if status.drawing != nil {
            status.drawing = nil
            updateStatus()
        }
    }

    /// The host has the picture of a new layout of the chart (`interaction.scene`) and reported
    /// the layout; `isCurrent` when nothing changed the chart since (what lies over it was laid
    /// out too). The session asks for the records the view lacks, reports the interaction's
    /// events when current, updates the readout (the data under a resting pointer changes with
    /// the view), and says that a reload is shown.
    public func chartLayoutFinished(isCurrent: Bool) {
        requestPendingData()
        if isCurrent { reportInteractionEvents() }
        updateReadout()
        if pendingReload {
            pendingReload = false
            emit(.reload(records: interaction.scene.plots.map(\.items.count).max() ?? 0))
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
        let graphs = interaction.grid?.cells ?? [interaction.graph]
        if let failure = graphs.lazy.compactMap(\.dataFailure).first, status.reloadError == nil {
            let message = VisibleText.cut("\(failure)")
            status.reloadError = message
            emit(.status(text: message))
            updateStatus()
        }
        guard scene.isRefining else { return }
        let signal = dataArrival
        if scene.isGrid {
            for (graph, cell) in zip(graphs, scene.cells) { graph.fetchPendingData(of: cell.scene) { signal.raise() } }
        } else {
            interaction.graph.fetchPendingData(of: scene) { signal.raise() }
        }
    }

    /// Counts the seconds of a slow load in the status line, so it visibly runs and can be
    /// cancelled, until it ends or is given up.
    func showLoadProgress(of job: ChartLoad) {
        loadProgress?.cancel()
        loadProgress = clock.after(1) { [weak self] in
            guard let self else { return }
            let elapsed = job.started.duration(to: self.clock.now).components.seconds
            self.status.loading = StatusLine.loading(self.charts[self.chartIndex].name, seconds: elapsed)
            self.updateStatus()
            self.showLoadProgress(of: job)
        }
    }
}
