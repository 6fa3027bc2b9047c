import Foundation
import Testing
import ChartCore

/// Binning for histograms: numpy's `auto` rule and edges, placement at the edges, values that
/// are not numbers, degenerate and extreme ranges; quantiles by selection.
@Suite("Histogram binning")
struct HistogramBinningTests {
    /// Deterministic values: a linear congruential generator, as a test can reproduce anywhere.
    static func values(_ n: Int, seed: UInt64 = 7) -> [Double] {
        var state = seed
        return (0..<n).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let u = Double(state >> 11) / Double(1 << 53)
            return (u * 1000).rounded() / 10 - 20  // -20.0 … 80.0 in steps of 0.1, with ties
        }
    }

    @Test("Sturges and Freedman–Diaconis by hand: the larger count wins")
    func automaticRuleByHand() throws {
        // 1…100: range 99, n 100; Sturges 99 / (log2 100 + 1) = 12.82 → ⌈7.72⌉ = 8 bins;
        // IQR 75.25 − 25.75 = 49.5, FD 2 · 49.5 / 100^(1/3) = 21.33 → ⌈4.64⌉ = 5: Sturges wins.
        // Shifted off the whole numbers, so numpy's rule applies as it is.
        let ones = (1...100).map { Double($0) + 0.25 }
        let a = try #require(HistogramBinning.bins(for: [ones], rule: .automatic))
        #expect(a.count == 8 && a.lower == 1.25 && a.upper == 100.25)
        // The same whole numbers: bins of a whole width (12.82 → 13), edged at halves.
        let whole = try #require(HistogramBinning.bins(for: [(1...100).map(Double.init)], rule: .automatic))
        #expect(whole.count == 8 && whole.lower == 0.5 && whole.upper == 104.5 && whole.width == 13)
        // A tall peak with long tails: FD's width is smaller (more bins).
        var peaked = [Double](repeating: 50, count: 1000)
        for i in 0..<1000 { peaked[i] += Double(i % 10) / 10 }
        peaked += [0, 100]
        let b = try #require(HistogramBinning.bins(for: [peaked], rule: .automatic))
        // IQR of the peak: 50.2…50.7 = 0.5 (linear); FD 2 · 0.5 / 1002^(1/3) = 0.09986; range 100.
        let fd = 2 * 0.5 / pow(1002, 1.0 / 3)
        #expect(b.count == Int((100 / fd).rounded(.up)))
        #expect(b.count > 1000)
    }

    @Test("Edges are numpy's linspace; a value on an edge falls in the bin it starts, the last edge in the last bin")
    func edgesAndPlacement() {
        let bins = HistogramBinning(lower: 0, upper: 1, count: 10)
        #expect(bins.edges.count == 11)
        let third: Double = 0 + 3 * 0.1
        #expect(bins.edge(3) == third)
        #expect(bins.edge(10) == 1)
        // 0.3 is not 3 · 0.1 in binary: it falls where the edges say, not where 0.3 / 0.1 truncates.
        let expectedBin: Int = 0.3 < bins.edge(3) ? 2 : 3
        #expect(bins.bin(of: 0.3) == expectedBin)
        #expect(bins.bin(of: 0) == 0)
        #expect(bins.bin(of: 1) == 9)
        #expect(bins.bin(of: 0.99999) == 9)
        #expect(bins.bin(of: -0.0001) == nil && bins.bin(of: 1.0001) == nil)
        for i in 0..<10 { #expect(bins.bin(of: bins.edge(i)) == i, "edge \(i)") }
    }

    @Test("Bins of a width whose multiple rounds past the least value still hold it", arguments: [(1.7, 0.1), (3.4, 0.2), (0.69, 0.01), (62.9, 3.7)])
    func alignedBinsHoldTheirLeastValue(lower: Double, width: Double) throws {
        let binning = try #require(HistogramBinning.aligned(lower: lower, upper: lower + 10 * width, width: width))
        #expect(binning.lower <= lower)
        #expect(binning.bin(of: lower) != nil, "\(lower) outside \(binning.lower)…\(binning.upper)")
        #expect(binning.bin(of: lower + 10 * width) != nil)
        #expect(
            HistogramBinning.aligned(lower: 1.7e308, upper: 1.75e308, width: 1e308) == nil
                || HistogramBinning.aligned(lower: 1.7e308, upper: 1.75e308, width: 1e308)!.upper.isFinite)
    }

    @Test("NaN and infinities are not counted; no finite value gives no bins")
    func notNumbers() throws {
        let values: [Double] = [1, .nan, 2, .infinity, 3, -.infinity, 4]
        let bins = try #require(HistogramBinning.bins(for: [values], rule: .count(3)))
        #expect(bins.lower == 1 && bins.upper == 4)
        #expect(bins.counts(of: values) == [1, 1, 2])
        #expect(HistogramBinning.bins(for: [[.nan, .infinity]], rule: .automatic) == nil)
        #expect(HistogramBinning.bins(for: [[]], rule: .automatic) == nil)
    }

    @Test("All values equal, or one value: one bin of width 1 around it, as numpy makes")
    func degenerate() throws {
        let same = try #require(HistogramBinning.bins(for: [[5, 5, 5]], rule: .automatic))
        #expect(same.count == 1 && same.lower == 4.5 && same.upper == 5.5)
        #expect(same.counts(of: [5, 5, 5]) == [3])
        let one = try #require(HistogramBinning.bins(for: [[-2]], rule: .count(4)))
        #expect(one.count == 4 && one.lower == -2.5 && one.upper == -1.5)
        #expect(one.counts(of: [-2]) == [0, 0, 1, 0])
    }

    @Test("A range past the largest Double bins at half scale, every value counted")
    func hugeRange() throws {
        let values: [Double] = [-1e308, -5e307, 0, 5e307, 1e308, .greatestFiniteMagnitude]
        let bins = try #require(HistogramBinning.bins(for: [values], rule: .automatic))
        #expect(bins.width.isFinite && bins.width > 0)
        #expect(bins.counts(of: values).reduce(0, +) == values.count)
        let finiteEdges = bins.edges.allSatisfy { $0.isFinite }
        #expect(finiteEdges)
        let four = HistogramBinning(lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude, count: 4)
        #expect(four.counts(of: [-.greatestFiniteMagnitude, -1, 1, .greatestFiniteMagnitude]) == [1, 1, 1, 1])
    }

    @Test("Negative values and whole numbers; a bin width aligns edges to its multiples")
    func negativesIntegersAndWidths() throws {
        let values: [Double] = [-7, -3, -3, 0, 2, 9]
        let bins = try #require(HistogramBinning.bins(for: [values], rule: .width(5)))
        #expect(bins.lower == -10 && bins.upper == 10 && bins.count == 4)
        #expect(bins.counts(of: values) == [1, 2, 2, 1])
        // A value on the last multiple falls in the last bin (closed), not a bin of its own.
        let closed = try #require(HistogramBinning.bins(for: [[0, 10]], rule: .width(5)))
        #expect(closed.count == 2 && closed.counts(of: [0, 10]) == [1, 1])
        let dice = (0..<600).map { Double($0 % 6 + 1) }
        let six = try #require(HistogramBinning.bins(for: [dice], rule: .count(6)))
        #expect(six.counts(of: dice) == [100, 100, 100, 100, 100, 100])
        #expect(HistogramBinning.aligned(lower: 0, upper: 1e9, width: 1) == nil)
    }

    @Test("A rule never makes more than maximumCount bins")
    func capped() throws {
        var values = [Double](repeating: 0, count: 100)
        values += [1e12]
        for i in 0..<100 { values[i] = Double(i) * 1e-6 }
        let bins = try #require(HistogramBinning.bins(for: [values], rule: .automatic))
        #expect(bins.count == HistogramBinning.maximumCount)
    }

    @Test("Quantiles by selection equal numpy's linear ones from a sort")
    func quantilesBySelection() {
        for n in [1, 2, 3, 4, 5, 10, 101, 1000, 4097] {
            let values = Self.values(n, seed: UInt64(n))
            let sorted = values.sorted()
            for p in [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1] {
                let h = Double(n - 1) * p
                let k = Int(h.rounded(.down))
                let expected = k + 1 < n ? sorted[k] + (h - Double(k)) * (sorted[k + 1] - sorted[k]) : sorted[k]
                var copy = values
                #expect(abs(Quantiles.quantile(p, of: &copy) - expected) <= 1e-12 * max(1, abs(expected)), "n \(n), p \(p)")
            }
        }
        var sortedInput = (0..<100_000).map(Double.init)
        #expect(Quantiles.quantiles([0.25, 0.75], of: &sortedInput) == [24999.75, 74999.25])
        var equal = [Double](repeating: 3, count: 10_000)
        #expect(Quantiles.quantile(0.5, of: &equal) == 3)
    }

    @Test("Ten million values bin in one pass, every value counted (make bench times it)")
    func tenMillion() throws {
        let values = Self.values(10_000_000)
        let bins = try #require(HistogramBinning.bins(for: [values], rule: .automatic))
        #expect(bins.counts(of: values).reduce(0, +) == 10_000_000)
    }

    /// numpy's `np.histogram(values, "auto")` through /usr/bin/python3, when numpy imports.
    static func numpy(_ values: [Double]) throws -> (edges: [Double], counts: [Int])? {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hist-\(UUID().uuidString).txt")
        try values.map { String(format: "%.17g", $0) }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c",
            """
            import sys
            try:
                import numpy as np
            except ImportError:
                sys.exit(3)
            v = np.loadtxt(sys.argv[1])
            c, e = np.histogram(v[np.isfinite(v)], "auto")
            print(" ".join(repr(float(x)) for x in e)); print(" ".join(str(int(x)) for x in c))
            """, file.path
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        return (lines[0].split(separator: " ").map { Double($0)! }, lines[1].split(separator: " ").map { Int($0)! })
    }

    @Test("Edges and counts equal numpy's histogram(values, 'auto')", arguments: [37, 1000, 54_321])
    func matchesNumpy(n: Int) throws {
        var values = Self.values(n, seed: UInt64(n) * 3)
        values += [.nan, 12.3]
        guard let expected = try Self.numpy(values) else {
            // Without numpy: the hand-computed rule above stands for it.
            return
        }
        let bins = try #require(HistogramBinning.bins(for: [values], rule: .automatic))
        #expect(bins.edges == expected.edges)
        #expect(bins.counts(of: values) == expected.counts)
    }
}
