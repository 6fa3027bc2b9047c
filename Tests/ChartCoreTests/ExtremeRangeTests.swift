import Foundation
import Testing
import ChartCore

/// Any finite range lays out: spans past Double's range (-1e308 to 1e308), spans of a few
/// subnormals, and values far outside the range all map to finite device pixels, and ticks
/// and labels stay finite and few.
@Suite("Ranges at Double's limits")
struct ExtremeRangeTests {
    static let plotArea = Rect(x: 50, y: 20, width: 400, height: 300)
    /// 1e-320, a subnormal number, written so the compiler does not warn that the literal underflows.
    static let subnormal = 1e-300 / 1e20
    static let huge = PlotRange(-1e308, 1e308)

    @Test("A span past Double's range maps its ends to the edges and zero to the middle")
    func hugeSpanMaps() throws {
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: Self.huge, yRange: Self.huge)
        #expect(try #require(t.deviceX(-1e308)) == Self.plotArea.minX)
        #expect(try #require(t.deviceX(1e308)) == Self.plotArea.maxX)
        #expect(try #require(t.deviceX(0)) == Self.plotArea.midX)
        #expect(try #require(t.deviceY(1e308)) == Self.plotArea.minY)
        #expect(try #require(t.deviceY(5e307)) == Self.plotArea.midY - 75)
        let mx = t.mappingX, my = t.mappingY
        for v in [-1e308, -3e307, 0, 1, 7e307, 1e308, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude] {
            let x = try #require(t.deviceX(v)), y = try #require(t.deviceY(v))
            #expect(x.isFinite && y.isFinite)
            #expect(isClose(mx.device(v), x, tolerance: 1e-9 * max(1, abs(x))))
            #expect(isClose(my.device(v), y, tolerance: 1e-9 * max(1, abs(y))))
        }
        let back = t.dataPoint(Point(x: Self.plotArea.minX + 100, y: Self.plotArea.midY))
        #expect(isClose(back.x, -5e307, tolerance: 1e294) && back.y == 0)
        #expect(isClose(mx.value(atDevice: Self.plotArea.maxX), 1e308, tolerance: 1e295))
    }

    @Test("The widest range there is maps too")
    func widestRange() throws {
        let range = PlotRange(-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude)
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: range, yRange: range)
        #expect(try #require(t.deviceX(range.lower)) == Self.plotArea.minX)
        #expect(try #require(t.deviceX(range.upper)) == Self.plotArea.maxX)
    }

    @Test(
        "A value far past a narrow range maps to a finite pixel, at most 2^22 from the origin",
        arguments: [1e300, -1e300, Double.greatestFiniteMagnitude, 1e-280])
    func farValuesStayFinite(value: Double) throws {
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: PlotRange(0, 1e-300), yRange: PlotRange(0, 1))
        for device in [
            try #require(t.deviceX(value)), t.mappingX.device(value), try #require(t.deviceY(value * 1e300)),
            t.mappingY.device(value * 1e300)
        ] {
            #expect(device.isFinite && abs(device) <= AxisMapping.deviceLimit, "\(value) → \(device)")
        }
    }

    @Test("A range narrower than 1e-300 is widened to it, around its middle; wider ones stay")
    func subnormalSpan() {
        let space = XYPlotSpace(xRange: PlotRange(Self.subnormal, 2 * Self.subnormal), yRange: PlotRange(0, 1e-300))
        let ranges = space.effectiveRanges(for: [])
        #expect(isClose(ranges.x.length, 1e-300, tolerance: 1e-300 / 1e10))
        #expect(ranges.x.lower < Self.subnormal && ranges.x.upper > 2 * Self.subnormal)
        #expect(ranges.y == PlotRange(0, 1e-300))
        let graph = Graph()
        graph.defaultPlotSpace.xScale = space.xScale
        graph.defaultPlotSpace.yScale = space.yScale
        graph.defaultPlotSpace.xRange = space.xRange
        graph.defaultPlotSpace.yRange = space.yRange
        let t = graph.transform(in: Self.plotArea)
        #expect(t.mappingX.factor.isFinite && t.mappingX.offset.isFinite)
        #expect(t.deviceX(1.5 * Self.subnormal).map { abs($0 - Self.plotArea.midX) < 1e-6 } == true)
    }

    @Test("Ticks over a span past Double's range: a handful, zero among them, all finite")
    func hugeTicks() {
        let ticks = TickGenerator.linearTicks(in: Self.huge, targetCount: 10)
        #expect(ticks.first == -1e308 && ticks.last == 1e308)
        #expect(ticks.contains(0))
        #expect((5...12).contains(ticks.count), "\(ticks)")
        #expect(ticks.allSatisfy { $0.isFinite })
        let widest = TickGenerator.linearTicks(in: PlotRange(-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), targetCount: 10)
        #expect(!widest.isEmpty && widest.count <= 12 && widest.allSatisfy { $0.isFinite })
        // A step far too small for the range is coarsened, never looped on.
        let coarse = TickGenerator.ticks(in: Self.huge, step: 1)
        #expect(coarse.count <= 10_001 && coarse.allSatisfy { $0.isFinite })
    }

    @Test("Ticks over subnormal ranges keep their values (no rounding to 0)")
    func subnormalTicks() {
        let ticks = TickGenerator.linearTicks(in: PlotRange(0, 1e-300), targetCount: 5)
        #expect(ticks.count >= 3)
        #expect(Set(ticks).count == ticks.count, "\(ticks)")
    }

    @Test("Zero among powers of ten reads as 0")
    func zeroLabel() {
        #expect(NumberFormat.automatic.format(0, step: 2e307, magnitude: 1e308) == "0")
        #expect(NumberFormat.automatic.format(2e307, step: 2e307, magnitude: 1e308) == "2.0e+307")
    }

    /// A step so small that the range's ends overflow it (found by make fuzz: a NaN label).
    @Test func aTinyFixedStepOverAHugeRangeGivesFiniteTicks() {
        let ticks = TickGenerator.ticks(in: PlotRange(0.797e308, 1.769e308), step: 1e-300)
        #expect(!ticks.isEmpty && ticks.count <= 10_001 && ticks.allSatisfy { $0.isFinite })
    }
}
