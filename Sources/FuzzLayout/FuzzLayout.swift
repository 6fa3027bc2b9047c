import ChartCore
import FuzzSupport

/// libFuzzer target: layout and hit testing with arbitrary numbers: NaN, ±infinity, 1e308, -0,
/// denormals, one record, many identical values, in bars, lines, scatter and pies, at any size
/// and scale. The bytes give the size, the plot kinds and the doubles.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    guard bytes.count >= 4 else { return 0 }
    let width = 1 + Double(bytes[0]) * 8, height = 1 + Double(bytes[1]) * 6
    let scale = [0.5, 1, 2, 3][Int(bytes[2] % 4)]
    let kinds = bytes[3]
    var numbers: [Double] = []
    var i = 4
    while i + 8 <= bytes.count && numbers.count < 20_000 {
        numbers.append(Double(bitPattern: bytes[i..<i + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
        i += 8
    }
    let half = numbers.count / 2
    let xs = Array(numbers[..<half]), ys = Array(numbers[half..<(half * 2)])
    let graph = Graph(title: "fuzz")
    if kinds & 1 != 0 { graph.add(BarPlot(identifier: "bars", dataSource: ArrayDataSource(numbers: ys))) }
    if kinds & 2 != 0 { graph.add(ScatterPlot(identifier: "line", dataSource: ArrayDataSource(numbers: ys, locations: xs))) }
    if kinds & 4 != 0 {
        let scatter = ScatterPlot(identifier: "points", dataSource: ArrayDataSource(numbers: xs, locations: ys))
        scatter.showsLine = false
        scatter.symbol = PlotSymbol(.diamond)
        graph.add(scatter)
    }
    if kinds & 8 != 0 { graph.add(PieChart(identifier: "pie", values: ys.map { $0 })) }
    if kinds & 16 != 0 { graph.defaultPlotSpace.yScale = .logarithmic }
    if kinds & 32 != 0 { graph.defaultPlotSpace.xScale = .date }
    if kinds & 64 != 0, let bars = graph.plot(identifier: "bars") as? BarPlot { bars.barsAreHorizontal = true; bars.showsValueLabels = true }
    let scene = graph.layout(size: Size(width: width, height: height), scale: scale, measurer: FixedTextMeasurer())
    let tester = HitTester(scene: scene)
    for k in 0..<16 { _ = tester.hit(at: Point(x: width * Double(k) / 15, y: height * Double(15 - k) / 15)) }
    return 0
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzLayout_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzLayout)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzLayout) }
    }
#endif
