import ChartCore
import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: live text as it arrives, split into lines (`LineSplitter`, with a small
/// line limit) in pieces the input's first byte chooses, then sampled, planned and parsed
/// (`LiveTextParser`). Every chunk ends in a line feed, nothing held passes the limit, and the
/// rows parsed are the bound columns' width with finite x values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveLines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    guard let first = bytes.first else { return 0 }
    let piece = Int(first % 17) + 1
    var splitter = LineSplitter(lineLimit: 64)
    var chunks: [LineChunk] = []
    var start = 1
    while start < bytes.count {
        let end = min(bytes.count, start + piece)
        if let chunk = splitter.take(Array(bytes[start..<end])) { chunks.append(chunk) }
        precondition(splitter.pendingCount <= 64 + piece, "A partial line held past the limit.")
        start = end
    }
    if let rest = splitter.finish() { chunks.append(rest) }
    for chunk in chunks where !chunk.bytes.isEmpty { precondition(chunk.bytes.last == 0x0A, "A chunk that does not end a line.") }
    let parser = LiveTextParser(name: "fuzz", delimiter: nil, columns: nil)
    let sample = chunks.prefix(3)
    for chunk in sample { parser.addSample(chunk) }
    guard let table = try? parser.sampleTable(), !table.columns.isEmpty else { return 0 }
    let series = Array(table.columns.indices.dropFirst().prefix(3))
    let x: Int? = series.isEmpty ? nil : 0
    parser.bind(x: x, xIsDate: x.map { table.columns[$0].isDate } ?? false, series: series.isEmpty ? [0] : series)
    for chunk in chunks.dropFirst(sample.count) {
        let rows = parser.rows(in: chunk)
        precondition(rows.values.allSatisfy { $0.count == rows.x.count }, "Rows of another width than the bound series.")
        precondition(rows.x.allSatisfy(\.isFinite), "An x no axis holds.")
    }
    return 0
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzLiveLines_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzLiveLines)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzLiveLines) }
    }
#endif
