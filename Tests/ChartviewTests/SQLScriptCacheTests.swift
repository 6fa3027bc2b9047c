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

    /// Scripts a and b, their charts, and where b's image is: for planting a's image there.
    struct Planting {
        let folder: String, cache: String, b: String, aChart: Data, bChart: Data, imageA: String, imageB: String

        init() throws {
            let folder = try ChartviewProcess.temporaryDirectory(), cache = folder + "/cache", images = cache + "/chartview"
            func script(_ name: String, _ rows: String) throws -> String {
                let path = folder + "/" + name + ".sql"
                try Data("CREATE TABLE t (x REAL, y REAL); INSERT INTO t VALUES \(rows);\n".utf8).write(to: URL(fileURLWithPath: path))
                return path
            }
            let a = try script("a", "(1, 10), (2, 20), (3, 15)"), b = try script("b", "(1, 3), (2, 1), (3, 4)")
            aChart = try Self.render(a, "a", folder: folder, cache: cache)
            let nameA = try #require(try FileManager.default.contentsOfDirectory(atPath: images).first)
            bChart = try Self.render(b, "b", folder: folder, cache: cache)
            let nameB = try #require(Set(try FileManager.default.contentsOfDirectory(atPath: images)).subtracting([nameA]).first)
            (self.folder, self.cache, self.b, imageA, imageB) = (folder, cache, b, images + "/" + nameA, images + "/" + nameB)
        }

        static func render(_ path: String, _ name: String, folder: String, cache: String) throws -> Data {
            let out = folder + "/" + name + ".svg"
            let result = try ChartviewProcess.run([path, "--output", out], environment: ["XDG_CACHE_HOME": cache])
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }

        /// Puts a copy of a's image where b's goes, with `mode` and, when given, `owner`.
        func plant(mode: Int, owner: uid_t? = nil) throws {
            try FileManager.default.removeItem(atPath: imageB)
            try FileManager.default.copyItem(atPath: imageA, toPath: imageB)
            #expect(chmod(imageB, mode_t(mode)) == 0)
            if let owner { #expect(chown(imageB, owner, getgid()) == 0) }
        }

        /// Charts b, as the user would.
        func renderB(_ name: String) throws -> Data { try Self.render(b, name, folder: folder, cache: cache) }

        /// b's image is b's again (not a's), this user's, and only theirs to write.
        func expectRebuilt() throws {
            #expect(try Data(contentsOf: URL(fileURLWithPath: imageB)) != Data(contentsOf: URL(fileURLWithPath: imageA)))
            let attributes = try FileManager.default.attributesOfItem(atPath: imageB)
            #expect((attributes[.ownerAccountID] as? NSNumber)?.uint32Value == getuid())
            #expect(((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777) & 0o022 == 0)
        }
    }

    @Test("A planted image others may write to is not read, and is rebuilt; one that is only this user's is")
    func plantedImageMode() throws {
        let planting = try Planting()
        defer { try? FileManager.default.removeItem(atPath: planting.folder) }
        #expect(planting.aChart != planting.bChart)
        // The control: this user's, written only by them, the image is read as b's.
        try planting.plant(mode: 0o644)
        #expect(try planting.renderB("b-own") == planting.aChart)
        for mode in [0o666, 0o646, 0o664, 0o620] {
            try planting.plant(mode: mode)
            #expect(try planting.renderB("b-\(mode)") == planting.bChart, "mode \(String(mode, radix: 8))")
            try planting.expectRebuilt()
        }
    }

    @Test("A planted image another user owns is not read, and is rebuilt", .enabled(if: geteuid() == 0, "chown to another user needs root"))
    func plantedImageOwner() throws {
        let planting = try Planting()
        defer { try? FileManager.default.removeItem(atPath: planting.folder) }
        try planting.plant(mode: 0o600, owner: 4242)
        #expect(try planting.renderB("b-foreign") == planting.bChart)
        try planting.expectRebuilt()
    }
}
