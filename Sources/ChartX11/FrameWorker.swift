import CX11
import ChartCairo
import ChartCore
import Foundation

/// Lays out and paints chart frames on a thread of its own, so that the window's thread keeps
/// handling X events (quit, help, resizes) however long a frame takes.
///
/// One frame at a time: the window's thread hands a `Job` over with `start(_:)`, the frame
/// thread builds it and wakes the window's loop through its pipe, and the window takes the
/// `Result` with `take()` before it starts the next one. A job is cancelled through its flag,
/// which layout and painting look at between pieces of their work; a cancelled job comes back
/// without a picture soon after.
///
/// What each side owns: the frame thread has its own `PangoText` (Pango's default font map is
/// per thread) and paints into a Cairo image surface it creates; with the result, the surface
/// passes to the window's thread, which copies it into its X pixmaps. The frame thread makes
/// no Xlib call. A job's `LayoutJob` lends it the graph until the window gives the job back to
/// its interaction.
///
/// Scenes are freed here too: a scene of a million unthinned points takes tens of milliseconds
/// to free (a release per item), which the window's thread hands over (`dispose(_:)`) instead
/// of spending; the frame thread frees what an abandoned frame made after it says so.
///
/// `@unchecked Sendable`: the job, result and disposal slots are guarded by `condition`; a
/// job's contents are used by the frame thread alone from `start` to `take`.
final class FrameWorker: @unchecked Sendable {
    /// One frame to build.
    struct Job {
        /// A layout of the chart to run first; nil to paint `scene` again (an animation frame).
        var layout: ChartInteraction.LayoutJob?
        /// The scene to paint when there is no layout.
        var scene: Scene?
        /// The show animation: when it started (nil to start it as this frame is painted, at
        /// progress 0), and how long it runs in seconds; nil to paint the chart as laid out.
        var animation: (start: ContinuousClock.Instant?, duration: Double)?
        /// Raised to abandon the frame: the layout job's flag, or one of its own.
        let cancellation: CancellationFlag
        /// An image of the frame's size to paint into (memory shared with the X server, which
        /// the window's thread keeps mapped until it takes the result); nil to make one.
        var canvas: CairoSurface?
        /// Whether to index the new scene for clicks here (so that the first click after the
        /// frame answers at once); false while a drag or a wheel burst goes on, whose frames
        /// are replaced before anyone clicks (the interaction indexes the scene it is clicked on).
        var buildsHitTester = true

        init(layout: ChartInteraction.LayoutJob, animation: (start: ContinuousClock.Instant?, duration: Double)?) {
            self.layout = layout
            self.animation = animation
            cancellation = layout.cancellation
        }

        init(painting scene: Scene, animation: (start: ContinuousClock.Instant?, duration: Double)?) {
            self.scene = scene
            self.animation = animation
            cancellation = CancellationFlag()
        }
    }

    /// What a job made.
    struct Result {
        /// The scene laid out (or given); nil when the frame was abandoned.
        var scene: Scene?
        /// The chart's layers (no annotations or overlays) in an image of the scene's size;
        /// nil when the frame was cancelled.
        var picture: CairoSurface?
        /// A hit tester for a newly laid-out scene, its index built here rather than on the
        /// window's thread at the first click.
        var hitTester: HitTester?
        /// How far the show animation had run in the picture (1: as laid out).
        var progress = 1.0
        /// When the show animation started, if this frame painted one.
        var animationStart: ContinuousClock.Instant?
    }

    /// A scene with more drawn items and path elements than this shows without the show
    /// animation: every animated frame repaints the whole chart.
    static let animationLimit = 100_000

    private let condition = NSCondition()
    private var job: Job?
    private var result: Result?
    /// Scenes the window's thread is done with, freed here.
    private var disposals: [Scene] = []
    private var stopping = false
    private let exited = DispatchSemaphore(value: 0)
    /// The pipe's write end, to wake the window's poll.
    private let wake: Int32

    init(wake: Int32) {
        self.wake = wake
        let thread = Thread { [self] in main() }
        thread.name = "chartview frames"
        thread.start()
    }

    /// Hands `job` to the frame thread. Only when no job is out (`take()` took the last one).
    func start(_ job: Job) {
        condition.lock()
        precondition(self.job == nil && result == nil, "One frame at a time.")
        self.job = job
        condition.signal()
        condition.unlock()
    }

    /// The result of the job out, once it is done; nil while it runs.
    func take() -> Result? {
        condition.lock()
        defer { condition.unlock() }
        let done = result
        result = nil
        return done
    }

    /// Hands scenes the window's thread no longer uses (its last references to them) to the
    /// frame thread, to be freed there between frames.
    func dispose(_ scenes: [Scene]) {
        guard !scenes.isEmpty else { return }
        condition.lock()
        disposals += scenes
        condition.signal()
        condition.unlock()
    }

    /// Ends the frame thread and waits for it: the job out, if any, should be cancelled first
    /// (it then stops within a piece of work). Once.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        exited.wait()
    }

    private func main() {
        let text = PangoText()
        while true {
            condition.lock()
            while job == nil && disposals.isEmpty && !stopping { condition.wait() }
            var unused = disposals
            disposals.removeAll()
            let next = stopping ? nil : job
            condition.unlock()
            unused.removeAll()  // freed here, outside the lock
            guard !stopping else { break }
            guard let next else { continue }
            var leftovers: Scene?
            let made = build(next, text: text, leftovers: &leftovers)
            condition.lock()
            job = nil
            result = made
            let ending = stopping
            condition.unlock()
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
            // What an abandoned frame made is freed once the window knows (and, when the
            // window is closing, once it no longer waits: as this returns).
            if ending {
                exited.signal()
                return
            }
            leftovers = nil
        }
        exited.signal()
    }

    /// Lays out (for a layout job) and paints one frame. A frame abandoned after its layout
    /// leaves the scene in `leftovers`, for the caller to free after it posted the result.
    /// O(layout + paint).
    private func build(_ job: Job, text: PangoText, leftovers: inout Scene?) -> Result {
        let cancellation = job.cancellation
        var result = Result()
        guard let scene = job.layout.map({ $0.run(measurer: text) }) ?? job.scene else { return result }
        leftovers = scene
        guard !cancellation.isCancelled else { return result }
        if let animation = job.animation, animation.start != nil || Self.drawnElements(of: scene) <= Self.animationLimit {
            let start = animation.start ?? .now
            result.animationStart = start
            result.progress = animation.start == nil ? 0 : Self.easedProgress(since: start, duration: animation.duration)
        }
        let width = Int(scene.size.width.rounded()), height = Int(scene.size.height.rounded())
        let canvas = job.canvas.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        guard width > 0, height > 0, let picture = canvas ?? (try? CairoSurface.image(width: width, height: height)),
            let context = try? CairoContext(surface: picture)
        else { return result }
        ScenePainter(text: text, cancellation: cancellation).paint(scene.animated(progress: result.progress), layers: .chart, into: context)
        cairo_surface_flush(picture.pointer)
        guard !cancellation.isCancelled else { return result }
        if job.layout != nil && job.buildsHitTester {
            let tester = HitTester(scene: scene, cancellation: cancellation)
            guard !cancellation.isCancelled else { return result }
            result.hitTester = tester
        }
        result.scene = scene
        result.picture = picture
        leftovers = nil
        return result
    }

    /// The items and path elements of the scene's visible plots. O(plots).
    static func drawnElements(of scene: Scene) -> Int {
        scene.plots.lazy.filter(\.isVisible).reduce(0) { total, plot in
            total + plot.items.count + plot.paths.reduce(0) { $0 + $1.elements.count }
        }
    }

    /// The show animation's eased progress, 0…1, `duration` seconds after `start`: an
    /// ease-out cubic (fast start, gentle landing).
    static func easedProgress(since start: ContinuousClock.Instant, duration: Double) -> Double {
        guard duration > 0 else { return 1 }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let t = min(1, max(0, seconds / duration))
        return 1 - pow(1 - t, 3)
    }
}
