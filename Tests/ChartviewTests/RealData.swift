import Foundation

/// The real public data sets that `.ci/real-data` downloads and unpacks (see Tests/RealData):
/// `$CHARTVIEW_REAL_DATA` when set (make test sets it), else `.build/real-data` in this tree.
/// A missing folder or file is a test failure that says to run `make real-data`, never a skip.
enum RealData {
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var folder: String

        var description: String {
            path == folder
                ? "no real data folder at \(folder): run `make real-data` (or `make test`, which runs it)"
                : "no real data file \(path): run `make real-data` (or `make test`, which runs it)"
        }
    }

    /// The folder the data sets are in.
    static var folder: String {
        if let folder = ProcessInfo.processInfo.environment["CHARTVIEW_REAL_DATA"], !folder.isEmpty { return folder }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/real-data").path
    }

    /// The absolute path of `name` (such as "vega/stocks.csv" or "flights.sqlite") in the folder;
    /// throws `Missing` when the folder or the file is not there.
    static func path(_ name: String) throws -> String {
        let folder = Self.folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Missing(path: folder, folder: folder)
        }
        let path = (folder as NSString).appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(path: path, folder: folder) }
        return path
    }

    /// Every file `.ci/real-data` wrote (its manifest.json), relative to the folder, but the
    /// corpus's (`corpus()`).
    static func files() throws -> [String] {
        struct Manifest: Decodable { var sizes: [String: Int] }
        let data = try Data(contentsOf: URL(fileURLWithPath: try path("manifest.json")))
        return try JSONDecoder().decode(Manifest.self, from: data).sizes.keys.filter { !$0.hasPrefix("corpus/") }.sorted()
    }

    /// The corpus's tables (corpus/manifest.json), relative to the folder: hundreds of CSV
    /// files of packages that ship many data sets.
    static func corpus() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try path("corpus/manifest.json")))
        return try JSONDecoder().decode([String].self, from: data)
    }

    /// The tables of a SQLite file, read with the `sqlite3` command line tool (read-only).
    static func tables(_ name: String) throws -> [String] {
        let result = try TraceSession.run(
            "sqlite3",
            [
                "-readonly", try path(name),
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            ])
        guard result.status == 0 else { throw TraceError.tool("sqlite3", result.output) }
        return result.output.split(separator: "\n").map(String.init)
    }
}
