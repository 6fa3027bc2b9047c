import Testing
import Foundation
import ChartCore

@Suite("Data ↔ device coordinate transform")
struct CoordinateTransformTests {
    static let plotArea = Rect(x: 50, y: 20, width: 400, height: 300)

    struct Case: Sendable, CustomTestStringConvertible {
        var scale: Scale
        var range: PlotRange
        var testDescription: String { "\(scale) \(range)" }

        /// Sample data values inside (and a little beyond) the range.
        var samples: [Double] {
            (0...40).map { i in
                let t = -0.1 + 1.2 * Double(i) / 40
                if scale == .logarithmic {
                    let lo = log10(range.lower), hi = log10(range.upper)
                    return pow(10, lo + t * (hi - lo))
                }
                return range.lower + t * range.length
            }
        }
    }

    static let cases: [Case] = [
        Case(scale: .linear, range: PlotRange(0, 10)), Case(scale: .linear, range: PlotRange(-5, 5)),
        Case(scale: .linear, range: PlotRange(-1200, 3100)), Case(scale: .linear, range: PlotRange(1e9, 4e12)),
        Case(scale: .linear, range: PlotRange(0, 1e-9)), Case(scale: .category, range: PlotRange(-0.5, 39.5)),
        Case(scale: .logarithmic, range: PlotRange(1, 1000)), Case(scale: .logarithmic, range: PlotRange(0.001, 5e6))
    ]

    static func transform(_ c: Case) -> CoordinateTransform {
        CoordinateTransform(plotArea: plotArea, xRange: c.range, yRange: c.range, xScale: c.scale, yScale: c.scale)
    }

    @Test("Data → device → data round-trips", arguments: cases)
    func roundTrip(c: Case) throws {
        let t = Self.transform(c)
        for value in c.samples {
            let device = try #require(t.devicePoint(Point(x: value, y: value)))
            let back = t.dataPoint(device)
            let tolerance = max(abs(value), c.range.length) * 1e-9
            #expect(isClose(back.x, value, tolerance: tolerance), "x \(value) came back as \(back.x)")
            #expect(isClose(back.y, value, tolerance: tolerance), "y \(value) came back as \(back.y)")
        }
    }

    @Test("Device → data → device round-trips for points across the plot area", arguments: cases)
    func deviceRoundTrip(c: Case) throws {
        let t = Self.transform(c)
        for i in 0...20 {
            let p = Point(x: Self.plotArea.minX + Double(i) * 20, y: Self.plotArea.minY + Double(i) * 15)
            let back = try #require(t.devicePoint(t.dataPoint(p)))
            #expect(isClose(back.x, p.x, tolerance: 1e-6))
            #expect(isClose(back.y, p.y, tolerance: 1e-6))
        }
    }

    @Test("Range ends map to the plot area's edges; the lower y end to maxY", arguments: cases)
    func endsMapToEdges(c: Case) throws {
        let t = Self.transform(c)
        let area = Self.plotArea
        #expect(isClose(try #require(t.deviceX(c.range.lower)), area.minX, tolerance: 1e-9))
        #expect(isClose(try #require(t.deviceX(c.range.upper)), area.maxX, tolerance: 1e-9))
        #expect(isClose(try #require(t.deviceY(c.range.lower)), area.maxY, tolerance: 1e-9))
        #expect(isClose(try #require(t.deviceY(c.range.upper)), area.minY, tolerance: 1e-9))
    }

    @Test("x grows right and y grows down on the device as data grows", arguments: cases)
    func monotonic(c: Case) throws {
        let t = Self.transform(c)
        let values = c.samples
        for (a, b) in zip(values, values.dropFirst()) {
            #expect(try #require(t.deviceX(b)) > #require(t.deviceX(a)))
            #expect(try #require(t.deviceY(b)) < #require(t.deviceY(a)), "larger data y must be higher up (smaller device y)")
        }
    }

    @Test("Linear mapping is affine: the midpoint lands in the middle")
    func linearMidpoint() {
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: PlotRange(0, 10), yRange: PlotRange(-5, 5))
        #expect(t.deviceX(5) == Self.plotArea.midX)
        #expect(t.deviceY(0) == Self.plotArea.midY)
        #expect(t.deviceX(2.5) == 150)
        #expect(t.deviceY(2.5) == 95)
        #expect(t.devicePoint(Point(x: 10, y: -5)) == Point(x: 450, y: 320))
    }

    @Test("Log mapping gives each decade the same width")
    func logDecades() throws {
        let t = CoordinateTransform(
            plotArea: Self.plotArea, xRange: PlotRange(1, 1000), yRange: PlotRange(1, 1000),
            xScale: .logarithmic, yScale: .logarithmic)
        #expect(isClose(try #require(t.deviceX(10)), 50 + 400.0 / 3, tolerance: 1e-9))
        #expect(isClose(try #require(t.deviceX(100)), 50 + 800.0 / 3, tolerance: 1e-9))
        #expect(isClose(try #require(t.deviceY(10)), 320 - 100, tolerance: 1e-9))
    }

    @Test("The axis mappings hot loops use agree with deviceX and deviceY, and invert", arguments: cases)
    func axisMappings(c: Case) throws {
        let t = Self.transform(c)
        let mx = t.mappingX, my = t.mappingY
        #expect(mx.isLogarithmic == (c.scale == .logarithmic) && my.isLogarithmic == mx.isLogarithmic)
        for value in c.samples {
            #expect(value > mx.floor)
            let x = try #require(t.deviceX(value)), y = try #require(t.deviceY(value))
            #expect(isClose(mx.device(value), x, tolerance: 1e-9 * max(1, abs(x))))
            #expect(isClose(my.device(value), y, tolerance: 1e-9 * max(1, abs(y))))
            #expect(isClose(mx.value(atDevice: x), value, tolerance: max(abs(value), c.range.length) * 1e-9))
        }
        // What a log scale cannot show is at or below the floor, as a missing value is everywhere.
        let missing = Double(sign: .plus, exponent: 0, significand: .nan)
        #expect(!(missing > mx.floor))
        #expect((0.0 > mx.floor) == (c.scale != .logarithmic) && (-1.0 > my.floor) == (c.scale != .logarithmic))
    }

    @Test("A log scale cannot show zero or negative values", arguments: [0.0, -1, -1e-9, -Double.infinity])
    func logNonPositive(value: Double) {
        let t = CoordinateTransform(
            plotArea: Self.plotArea, xRange: PlotRange(1, 100), yRange: PlotRange(1, 100),
            xScale: .logarithmic, yScale: .logarithmic)
        #expect(t.deviceX(value) == nil)
        #expect(t.deviceY(value) == nil)
        #expect(t.devicePoint(Point(x: value, y: 10)) == nil)
        #expect(t.devicePoint(Point(x: 10, y: value)) == nil)
        // Clamped, a non-positive value goes to the bottom of the plot area.
        #expect(t.deviceY(value, clampingToRange: true) == Self.plotArea.maxY)
    }

    @Test("Clamping keeps y inside the plot area", arguments: [Scale.linear, .logarithmic])
    func clamping(scale: Scale) {
        let range = PlotRange(1, 100)
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: range, yRange: range, xScale: scale, yScale: scale)
        #expect(t.deviceY(1e9, clampingToRange: true) == Self.plotArea.minY)
        #expect(t.deviceY(0.5, clampingToRange: true) == Self.plotArea.maxY)
        #expect(t.deviceY(1e9)! < Self.plotArea.minY)
        #expect(t.deviceY(50, clampingToRange: true) == t.deviceY(50))
    }

    @Test("A category scale maps like a linear one")
    func categoryIsLinear() {
        let range = PlotRange(-0.5, 9.5)
        let linear = CoordinateTransform(plotArea: Self.plotArea, xRange: range, yRange: range)
        let category = CoordinateTransform(plotArea: Self.plotArea, xRange: range, yRange: range, xScale: .category, yScale: .category)
        for i in 0..<10 {
            #expect(linear.deviceX(Double(i)) == category.deviceX(Double(i)))
            #expect(linear.deviceY(Double(i)) == category.deviceY(Double(i)))
        }
    }

    @Test("A zero-width range still maps to finite pixels")
    func zeroWidthRange() throws {
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: PlotRange(5, 5), yRange: PlotRange(0, 0))
        #expect(try #require(t.deviceX(5)) == Self.plotArea.minX)
        #expect(try #require(t.deviceY(0)) == Self.plotArea.maxY)
        let back = t.dataPoint(Point(x: 250, y: 100))
        #expect(back.x.isFinite && back.y.isFinite)
    }

    @Test("Points outside the plot area extrapolate")
    func extrapolation() {
        let t = CoordinateTransform(plotArea: Self.plotArea, xRange: PlotRange(0, 10), yRange: PlotRange(0, 10))
        let back = t.dataPoint(Point(x: 10, y: 350))
        #expect(isClose(back.x, -1, tolerance: 1e-12) && isClose(back.y, -1, tolerance: 1e-12))
        #expect(isClose(t.deviceX(-1) ?? .nan, 10, tolerance: 1e-9))
        #expect(isClose(t.deviceY(11) ?? .nan, -10, tolerance: 1e-9))
    }

    @Test("A plot space's transform uses its set ranges and scales")
    func plotSpaceTransform() {
        let space = XYPlotSpace(xScale: .category, yScale: .logarithmic, xRange: PlotRange(-0.5, 4.5), yRange: PlotRange(1, 1e4))
        let graph = Graph()
        graph.defaultPlotSpace.xScale = space.xScale
        graph.defaultPlotSpace.yScale = space.yScale
        graph.defaultPlotSpace.xRange = space.xRange
        graph.defaultPlotSpace.yRange = space.yRange
        let t = graph.transform(in: Self.plotArea)
        #expect(
            t
                == CoordinateTransform(
                    plotArea: Self.plotArea, xRange: PlotRange(-0.5, 4.5), yRange: PlotRange(1, 1e4),
                    xScale: .category, yScale: .logarithmic))
    }

    @Test("A plot space fits nil ranges to bars: anchored at the base, 5% above the tallest")
    func plotSpaceFitsBars() {
        let space = XYPlotSpace()
        let plot = BarPlot(identifier: "b", values: [1, 2, 4])
        let ranges = space.effectiveRanges(for: [plot])
        #expect(ranges.x == PlotRange(-0.5, 2.5))
        #expect(ranges.y.lower == 0)
        #expect(isClose(ranges.y.upper, 4.2, tolerance: 1e-12))
        // Negative values get the margin below, and the base stays inside.
        let mixed = BarPlot(identifier: "m", values: [-2, 2])
        let y = space.effectiveRanges(for: [mixed]).y
        #expect(isClose(y.lower, -2.2, tolerance: 1e-12))
        #expect(isClose(y.upper, 2.2, tolerance: 1e-12))
        // effectiveRanges is pure.
        #expect(space.xRange == nil && space.yRange == nil)
        space.scaleToFit([plot])
        #expect(space.xRange == PlotRange(-0.5, 2.5))
    }

    @Test("An area's base is part of the fitted y range, unless a log scale cannot show it")
    func areaBaseWhenFitting() throws {
        let plot = ScatterPlot(identifier: "area", y: [0.02, 5, 800])
        plot.areaFill = .solid(.black)
        let linear = XYPlotSpace().effectiveRanges(for: [plot]).y
        #expect(linear.lower == 0 && linear.upper > 800, "anchored at the base of 0: \(linear)")
        let log = XYPlotSpace(yScale: .logarithmic).effectiveRanges(for: [plot]).y
        #expect(log.lower < 0.02 && log.lower > 0.002 && log.upper > 800, "all three decades and a margin: \(log)")
        plot.areaBaseValue = 1e-3
        #expect(XYPlotSpace(yScale: .logarithmic).effectiveRanges(for: [plot]).y.lower <= 1e-3)
    }

    @Test("Hidden plots do not count when fitting")
    func plotSpaceSkipsHidden() {
        let space = XYPlotSpace()
        let small = BarPlot(identifier: "small", values: [1, 2])
        let big = BarPlot(identifier: "big", values: [100, 200])
        big.isHidden = true
        let y = space.effectiveRanges(for: [small, big]).y
        #expect(y.upper < 3)
    }
}
