import Foundation

/// Runs the real `chartview` binary: `$CHARTVIEW` when set (make test sets it), else the
/// debug build beside these sources.
struct ChartviewProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["CHARTVIEW"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/chartview").path
    }

    /// Runs chartview with `arguments` to completion, with no display unless `display` is
    /// given, in `directory` (the current one when nil) and with `environment` added.
    static func run(
        _ arguments: [String], display: String? = nil, in directory: String? = nil,
        environment extra: [String: String] = [:], deadline: Double = ChildProcess.defaultDeadline
    ) throws -> Result {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        environment["DISPLAY"] = display
        let result = try ChildProcess.run(
            binary, arguments, environment: environment, directory: directory, deadline: deadline)
        return Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// A fresh empty directory, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "chartview-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
