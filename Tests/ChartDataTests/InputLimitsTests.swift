import ChartData
import Foundation
import Testing

/// `InputLimits` through the loaders: a file's bytes against the memory budget (at the edge
/// too), streams to their end, devices never read without bound, each failure a `DataError`.
@Suite("Input limits: the memory budget and special files")
struct InputLimitsTests {
    func withDirectory(_ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "InputLimitsTests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test("A CSV file of exactly the budget is read; one byte more is refused before reading")
    func budgetEdge() throws {
        try withDirectory { dir in
            let path = dir + "/a.csv"
            try Data("a\n1\n2\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(try CSVReader.read(path: path, limits: InputLimits(memoryBudget: 6)).table.rowCount == 2)
            #expect(throws: DataError.tooLarge(path: path, budget: 5)) {
                try CSVReader.read(path: path, limits: InputLimits(memoryBudget: 5))
            }
            #expect(DataError.tooLarge(path: path, budget: 3 << 20).description == "\(path): is larger than the memory budget (3 MB)")
        }
    }

    @Test("A large file over the budget is refused on the parallel path too")
    func bulkBudget() throws {
        try withDirectory { dir in
            let path = dir + "/big.csv"
            let text = "n,v\n" + (0..<60_000).map { "\($0),\($0 % 7)" }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: DataError.tooLarge(path: path, budget: 100_000)) {
                try CSVReader.read(path: path, limits: InputLimits(memoryBudget: 100_000))
            }
            #expect(try CSVReader.read(path: path).table.rowCount == 60_000)
        }
    }

    @Test("Specs and SQL scripts are read within the budget")
    func specAndScript() throws {
        try withDirectory { dir in
            let spec = dir + "/s.json", script = dir + "/d.sql"
            try Data(#"{"charts": [{"name": "a", "data": {"csv": "a.csv"}}]}"#.utf8).write(to: URL(fileURLWithPath: spec))
            try Data("CREATE TABLE t (v REAL); INSERT INTO t VALUES (1);".utf8).write(to: URL(fileURLWithPath: script))
            #expect(throws: DataError.tooLarge(path: spec, budget: 10)) {
                try ChartSpec.File.load(path: spec, limits: InputLimits(memoryBudget: 10))
            }
            #expect(try ChartSpec.File.load(path: spec).charts.count == 1)
            #expect(throws: DataError.tooLarge(path: script, budget: 10)) {
                try DatabaseCache(limits: InputLimits(memoryBudget: 10)).database(at: script)
            }
            #expect(try DatabaseCache().database(at: script).tableNames() == ["t"])
        }
    }

    @Test("A device of zeros is not text, for CSV and for specs, at once")
    func zeros() {
        #expect(throws: DataError.cannotOpen(path: "/dev/zero", reason: "not a text file")) { try CSVReader.read(path: "/dev/zero") }
        #expect(throws: DataError.cannotOpen(path: "/dev/zero", reason: "not a text file")) { try ChartSpec.File.load(path: "/dev/zero") }
    }

    @Test("A FIFO: read to its end; without a writer, stopped at the stream timeout")
    func fifo() throws {
        try withDirectory { dir in
            let path = dir + "/f.csv"
            #expect(mkfifo(path, 0o600) == 0)
            #expect(throws: DataError.cannotOpen(path: path, reason: "did not reach its end within 0.5 s and was stopped")) {
                try CSVReader.read(path: path, limits: InputLimits(streamTimeout: 0.5))
            }
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/bin/sh")
            writer.arguments = ["-c", "printf 'a,b\\n1,2\\n3,4\\n' > \"$0\"", path]
            try writer.run()
            let table = try CSVReader.read(path: path, limits: InputLimits(streamTimeout: 30)).table
            writer.waitUntilExit()
            #expect(table.rowCount == 2)
        }
    }
}
