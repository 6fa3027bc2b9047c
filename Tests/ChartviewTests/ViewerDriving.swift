import Foundation

/// What a test drives a viewer through and reads it by: a real window under Xvfb with real input
/// (`TraceSession`), or the window's chart session without it (`WindowlessViewer`). Both give
/// the same trace lines, so that checks written once (`ViewerChecks`) read either.
protocol ViewerDriving: AnyObject {
    /// The window's id as the trace names it.
    var window: String { get }
    /// The line waited for at the start (`ready`, or the `until` event).
    var first: [String: Any] { get }
    /// The next line of event `name`, passing over (and adding to `skipped`) the others.
    func next(_ name: String, timeout: Double, skipped: inout [[String: Any]]) throws -> [String: Any]
    /// Every event name up to and including the next `name` event.
    func events(until name: String, timeout: Double) throws -> [String]
    /// The next line, whatever its event.
    func nextLine(timeout: Double) throws -> [String: Any]
    /// What the window shows now, as a PNG at `path`.
    func screenshot(_ path: String) throws
    /// The input of an xdotool command line (mousemove, click, mousedown, mouseup, key, type, windowsize).
    func xdotool(_ arguments: [String]) throws
    /// The status the program exited with (after `q`).
    func waitForExit(timeout: Double) throws -> Int32
}

extension ViewerDriving {
    /// A click of the primary button at window pixel (x, y).
    func click(_ x: Double, _ y: Double) throws {
        try xdotool(["mousemove", "--window", window, String(Int(x)), String(Int(y)), "click", "1"])
    }

    /// A key press (xdotool's names: "q", "Right", "ctrl+s") with the pointer over the window at
    /// (5, 5), which has the focus then.
    func key(_ name: String) throws {
        try xdotool(["mousemove", "--window", window, "5", "5", "key", name])
    }

    /// Typing `text` with the pointer over the window.
    func type(_ text: String) throws {
        try xdotool(["mousemove", "--window", window, "5", "5", "type", "--delay", "5", text])
    }

    /// The window resized to `width` x `height` device pixels.
    func resize(_ width: Int, _ height: Int) throws {
        try xdotool(["windowsize", window, String(width), String(height)])
    }

    /// The next line of event `name` (within `timeout` seconds).
    @discardableResult
    func next(_ name: String, timeout: Double = 10) throws -> [String: Any] {
        var skipped: [[String: Any]] = []
        return try next(name, timeout: timeout, skipped: &skipped)
    }
}

extension TraceSession: ViewerDriving {
    func next(_ name: String, timeout: Double, skipped: inout [[String: Any]]) throws -> [String: Any] {
        try lines.next(name, timeout: timeout, skipped: &skipped)
    }
}

extension WindowlessViewer: ViewerDriving {}
