import Foundation
import Testing

/// A `.sql` script's database is kept in the cache folder after its first run and read back
/// after that; a damaged, foreign or unwritable cache only means the script runs again. The
/// charts are the same every way.
@Suite struct SQLScriptCacheTests {
    @Test("The gallery's script runs once, is read back after, and a damaged image is ignored")
    func keptAndReadBack() throws {
        let folder = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/cache"
        func render(_ name: String, cache: String) throws -> Data {
            let out = folder + "/" + name + ".svg"
            let result = try ChartviewProcess.run(["--chart", "candles", "--output", out], environment: ["XDG_CACHE_HOME": cache])
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let first = try render("first", cache: cache)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache + "/chartview").filter { $0.hasPrefix("script-") }
        #expect(kept.count == 1, "\(kept)")
        let image = cache + "/chartview/" + (kept.first ?? "")
        let attributes = try FileManager.default.attributesOfItem(atPath: image)
        #expect((attributes[.size] as? Int ?? 0) > 10_000)
        // Read back: the same chart, the image untouched.
        #expect(try render("second", cache: cache) == first)
        #expect(try FileManager.default.attributesOfItem(atPath: image)[.modificationDate] as? Date == attributes[.modificationDate] as? Date)
        // Damaged: a page overwritten with noise. The script runs again and keeps a good image.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: image))
        for i in 4096..<min(bytes.count, 8192) { bytes[i] = UInt8(truncatingIfNeeded: i &* 131) }
        try bytes.write(to: URL(fileURLWithPath: image))
        #expect(try render("damaged", cache: cache) == first)
        // A cache folder that cannot be made (a file stands where it would go): no cache, same chart.
        #expect(FileManager.default.createFile(atPath: folder + "/blocked", contents: Data("x".utf8)))
        #expect(try render("blocked", cache: folder + "/blocked") == first)
    }

    @Test("A script with a temporary view is not kept; a folder others may write to is not read")
    func neverKeptOrPlanted() throws {
        let folder = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = folder + "/cache"
        // Temporary objects are not in an image: the second run must still find the view.
        let temporary = folder + "/temp.sql"
        try Data("CREATE TEMP VIEW v AS SELECT 1 AS x, 2 AS y UNION ALL SELECT 2, 5;\n".utf8).write(to: URL(fileURLWithPath: temporary))
        for run in 0..<2 {
            let result = try ChartviewProcess.run(
                [temporary, "--query", "SELECT x, y FROM v", "--output", folder + "/v\(run).svg"], environment: ["XDG_CACHE_HOME": cache])
            #expect(result.status == 0, "run \(run): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cache + "/chartview"))
        // Two scripts' images; the second's swapped for the first's in a folder anyone may write.
        func script(_ name: String, _ rows: String) throws -> String {
            let path = folder + "/" + name + ".sql"
            try Data("CREATE TABLE t (x REAL, y REAL); INSERT INTO t VALUES \(rows);\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let a = try script("a", "(1, 10), (2, 20), (3, 15)"), b = try script("b", "(1, 3), (2, 1), (3, 4)")
        func render(_ path: String, _ name: String) throws -> Data {
            let out = folder + "/" + name + ".svg"
            let result = try ChartviewProcess.run([path, "--output", out], environment: ["XDG_CACHE_HOME": cache])
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let first = try render(a, "a")
        let imageOfA = Set(try FileManager.default.contentsOfDirectory(atPath: cache + "/chartview"))
        let bChart = try render(b, "b")
        let imageOfB = try #require(Set(try FileManager.default.contentsOfDirectory(atPath: cache + "/chartview")).subtracting(imageOfA).first)
        try FileManager.default.removeItem(atPath: cache + "/chartview/" + imageOfB)
        let original = try #require(imageOfA.first)
        try FileManager.default.copyItem(atPath: cache + "/chartview/" + original, toPath: cache + "/chartview/" + imageOfB)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cache + "/chartview")
        #expect(try render(b, "b-planted") == bChart)
        #expect(bChart != first)
    }
}
