import ChartCore

/// Following a live chart (one whose plots read a `LiveSeries`): frames at most every
/// `LiveFollowing.frameInterval` by the session's clock, each coalescing what arrived since the
/// last; the view set to the newest window (`Options.liveWindow`) with y fitted to it while
/// following; pause; and the status line's live part.
extension ChartSession {
    /// The live series of the chart shown (empty when it is not live).
    var liveSeries: [LiveSeries] { showsLoadedChart ? interaction.graph.liveSeries : [] }

    /// Whether the chart shown reads live data.
    public var isLive: Bool { live != nil }

    /// Whether the view follows the newest data of the live chart shown (false when not live).
    public var isFollowing: Bool { live?.isFollowing ?? false }

    /// Whether the live chart's picture is paused (false when not live).
    public var isPaused: Bool { live?.isPaused ?? false }

    /// A chart was installed: when it is live, following starts (and a frame shows it);
    /// otherwise what followed the chart before stops.
    func startLive() {
        live?.frameTimer?.cancel()
        live?.tickTimer?.cancel()
        live = nil
        status.live = nil
        let series = liveSeries
        guard !series.isEmpty else { return }
        for s in series { s.isHeld = false }
        // The live status line stays: the chart ends above it.
        let graph = interaction.graph
        graph.padding.bottom = max(graph.padding.bottom, interaction.statusLineHeight + 4)
        live = LiveFollowing()
        emit(.follow(on: true))
        liveFrame()
        scheduleLiveTick()
    }

    /// Rows arrived (or the input ended, or the hold changed): a frame now, or at the end of
    /// the frame interval, coalescing whatever else arrives meanwhile.
    func liveDataArrived() {
        guard var state = live, state.frameTimer == nil else { return }
        let now = clock.now
        if let last = state.lastFrame {
            let since = last.duration(to: now)
            let wait = LiveFollowing.frameInterval - (Double(since.components.seconds) + Double(since.components.attoseconds) / 1e18)
            if wait > 0 {
                state.frameTimer = clock.after(wait) { [weak self] in
                    self?.live?.frameTimer = nil
                    self?.liveFrame()
                }
                live = state
                return
            }
        }
        liveFrame()
    }

    /// One live frame: reports the rows that arrived since the last (`SessionEvent.append`)
    /// and the end of the input once (`SessionEvent.ended`), sets the view to the newest data
    /// while following and not paused, lays the chart out again, and updates the status line.
    func liveFrame() {
        guard var state = live else { return }
        let series = liveSeries
        state.frameTimer?.cancel()
        state.frameTimer = nil
        let now = clock.now
        state.lastFrame = now
        // A view on screen other than the one following set is the user's (a zoom or a pan
        // not yet reported): following stops rather than undoing it.
        if state.isFollowing, let followed = state.followedView, interaction.view != followed {
            state.isFollowing = false
            state.followedView = nil
            emit(.follow(on: false))
        }
        let statuses = series.map(\.status)
        let total = statuses.reduce(0) { $0 + $1.appendedCount }
        state.sample(rows: total, at: now)
        if total > state.reportedRows {
            let last = statuses.compactMap(\.lastX).max()
            emit(.append(rows: total - state.reportedRows, total: total, t: last))
            state.reportedRows = total
        }
        if !state.reportedEnd, !statuses.isEmpty, statuses.allSatisfy(\.isFinished) {
            state.reportedEnd = true
            emit(.ended(total: total, failure: statuses.compactMap(\.failure).first))
        }
        if !state.isPaused {
            if state.isFollowing {
                let view = followingView(of: series)
                interaction.follow(view)
                state.followedView = view
            }
            interaction.setNeedsLayout()
        }
        live = state
        updateLiveStatus()
    }

    /// The view that shows the newest window of `series` (every row when the window is nil),
    /// y fitted to what it shows.
    private func followingView(of series: [LiveSeries]) -> GraphView {
        guard let window = options.liveWindow else { return .fitted }
        let ranges = series.compactMap { $0.xRange(of: window) }
        guard let first = ranges.first else { return .fitted }
        let range = ranges.dropFirst().reduce(first) { $0.union($1) }
        // One row (or rows at one x) has no width to show: the graph fits it.
        guard range.upper > range.lower else { return .fitted }
        let graph = interaction.graph
        var identifiers: Set<String> = [graph.defaultPlotSpace.identifier]
        for plot in graph.plots { if let space = plot.plotSpace { identifiers.insert(space.identifier) } }
        return GraphView(
            spaces: Dictionary(uniqueKeysWithValues: identifiers.map { ($0, GraphView.Ranges(x: .ends(range))) }),
            autoscalesY: true)
    }

    /// End: the view follows the newest data again, at once.
    func followAgain() {
        guard var state = live else { return }
        if !state.isFollowing {
            state.isFollowing = true
            live = state
            emit(.follow(on: true))
        }
        liveFrame()
    }

    /// p, Space: the picture freezes while rows keep arriving (`LiveSeries.isHeld`), or shows
    /// every row at once again.
    func togglePause() {
        guard var state = live else { return }
        state.isPaused.toggle()
        live = state
        for s in liveSeries { s.isHeld = state.isPaused }
        emit(.pause(on: state.isPaused))
        liveFrame()
    }

    /// The user changed the view (`InteractionEvent.view` of a cause other than following or
    /// setting it): following stops until End.
    func userChangedView(cause: ViewChangeCause) {
        guard cause != .follow, cause != .set, var state = live, state.isFollowing else { return }
        state.isFollowing = false
        state.followedView = nil
        live = state
        emit(.follow(on: false))
        updateLiveStatus()
    }

    /// Tells the rate again every `LiveFollowing.tickInterval` until the input ends.
    private func scheduleLiveTick() {
        live?.tickTimer = clock.after(LiveFollowing.tickInterval) { [weak self] in
            guard let self, self.live != nil else { return }
            self.live?.sample(rows: self.liveSeries.reduce(0) { $0 + $1.status.appendedCount }, at: self.clock.now)
            self.updateLiveStatus()
            if !self.liveSeries.allSatisfy(\.isFinished) { self.scheduleLiveTick() }
        }
    }

    /// Shows the live part of the status line (`LiveFollowing.text`), of the first live series.
    private func updateLiveStatus() {
        guard let state = live, let first = liveSeries.first else { return }
        let text = state.text(first.status)
        guard text != status.live else { return }
        status.live = text
        updateStatus()
    }
}
