import ChartCore

/// A live chart's state in a session (`ChartSession`): whether the view follows the newest
/// data, whether the picture is paused, when the last frame was, how many rows were reported,
/// and the arrivals of the last second from which the input rate is told. A value; the
/// session's clock times it.
struct LiveFollowing {
    /// The least time between two live frames, seconds: at most 30 frames a second, however
    /// fast rows arrive.
    static let frameInterval = 1.0 / 30
    /// How often the status line's rate is told again while the input goes on, seconds.
    static let tickInterval = 0.5
    /// Over how long the input rate is measured, seconds.
    static let rateWindow = 1.0

    /// Whether each frame shows the newest data (`ChartSession.Options.liveWindow`).
    var isFollowing = true
    /// Whether the picture is held (`LiveSeries.isHeld`) while rows keep arriving.
    var isPaused = false
    /// When the last frame was; nil before the first.
    var lastFrame: ContinuousClock.Instant?
    /// The frame waiting for its time (arrivals since the last frame coalesce into it).
    var frameTimer: TimerHandle?
    /// Tells the rate again while the input goes on.
    var tickTimer: TimerHandle?
    /// Rows appended (drawn or set aside) as of the last frame.
    var reportedRows = 0
    /// Whether the end of the input was reported (`SessionEvent.ended`).
    var reportedEnd = false
    /// The view the last frame set while following: a different view on screen is the user's.
    var followedView: GraphView?
    /// Rows appended at instants of the last `rateWindow` or so, oldest first.
    private var samples: [(at: ContinuousClock.Instant, rows: Int)] = []

    /// Notes that `rows` rows had been appended by `now`.
    mutating func sample(rows: Int, at now: ContinuousClock.Instant) {
        samples.append((now, rows))
        // Keep one sample at least `rateWindow` old, to measure from.
        while samples.count > 2, samples[1].at.duration(to: now) >= .seconds(Self.rateWindow) { samples.removeFirst() }
    }

    /// Rows per second over about the last `rateWindow`; nil before two samples a moment apart.
    var rate: Double? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let elapsed = first.at.duration(to: last.at)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard seconds > 0 else { return nil }
        return Double(last.rows - first.rows) / seconds
    }

    /// What the status line says of the live input `status` (the sum of the chart's live
    /// series): following or not, paused with the rows arrived meanwhile, the input rate, and
    /// how the input ended; the rows kept on disk past the memory budget, and why not when that failed.
    func text(_ status: LiveSeries.Status) -> String {
        var parts = [isFollowing ? "following" : "not following (End follows)"]
        if isPaused { parts.append("paused, \(status.heldBack) rows since (p resumes)") }
        if status.isFinished {
            parts.append(status.failure.map { "input failed after \(status.appendedCount) rows: \($0)" } ?? "input ended after \(status.appendedCount) rows")
        } else {
            if let rate { parts.append("\(Int(rate.rounded())) rows/s") }
            parts.append("\(status.appendedCount) rows")
        }
        if status.storedRowCount > 0 { parts.append("\(status.storedRowCount) oldest on disk") }
        if let failure = status.storeFailure { parts.append(failure) }
        if status.setAsideCount > 0 { parts.append("\(status.setAsideCount) rows not drawn (x went back or was missing)") }
        return parts.joined(separator: " · ")
    }
}
