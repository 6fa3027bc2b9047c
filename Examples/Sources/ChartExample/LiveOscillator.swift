import ChartCore
import Foundation

/// A live computation charted as it runs: a damped, driven oscillator integrated on a thread of
/// its own, pushing its position and velocity into a `LiveSeries` in batches while a chart
/// reads it (a window, or a PNG once it is done). Only public API.
enum LiveOscillator {
    /// Steps integrated, one row each; x is the time in seconds of simulation.
    static let steps = 200_000
    /// Seconds of simulation per step.
    static let dt = 0.001
    /// Rows per append.
    static let batch = 2_000

    /// A chart of `live`'s two series (position and velocity) as lines.
    static func graph(_ live: LiveSeries) -> Graph {
        let graph = Graph(title: "Driven oscillator (computed live)")
        for (id, title) in zip(live.plotIDs, ["position", "velocity"]) {
            let plot = ScatterPlot(identifier: id, title: title)
            plot.viewDataSource = live
            graph.add(plot)
        }
        return graph
    }

    /// Starts the computation on its own thread, appending to `live` and finishing it at the
    /// end; `pace` seconds between batches (0: as fast as it goes). Returns at once.
    static func start(into live: LiveSeries, pace: Double) {
        let thread = Thread {
            var x = 1.0, v = 0.0
            var rows = LiveRows(x: [], values: [[], []])
            for step in 0..<steps {
                let t = Double(step) * dt
                // Semi-implicit Euler: a spring (1 Hz), damping, and a drive whose frequency
                // sweeps from 0.5 Hz through the resonance (0.5 + 0.003 t Hz).
                let drive = 6 * sin(2 * Double.pi * (0.5 * t + 0.0015 * t * t))
                v += (-39.5 * x - 0.3 * v + drive) * dt
                x += v * dt
                rows.x.append(t)
                rows.values[0].append(x)
                // A gap now and then, as a sensor drops out.
                rows.values[1].append(step % 50_000 < 300 && step > 0 ? .nan : v / 6)
                if rows.x.count == batch {
                    live.append(rows)
                    rows = LiveRows(x: [], values: [[], []])
                    if pace > 0 { Thread.sleep(forTimeInterval: pace) }
                }
            }
            if rows.count > 0 { live.append(rows) }
            live.finish(message: nil)
        }
        thread.start()
    }
}
