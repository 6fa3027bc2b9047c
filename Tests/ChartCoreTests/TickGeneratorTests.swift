import Testing
import Foundation
import ChartCore

@Suite("Tick generation")
struct TickGeneratorTests {
    /// Ranges positive, negative, straddling zero, tiny, huge, and offset far from zero.
    static let ranges: [PlotRange] = [
        PlotRange(0, 1), PlotRange(0, 1.29), PlotRange(-1200, 3100), PlotRange(-7.3, -2.1),
        PlotRange(-1, 1), PlotRange(-50, 0), PlotRange(3.7, 1234.5), PlotRange(0.001, 0.0097),
        PlotRange(0, 1e-9), PlotRange(1, 1 + 1e-9), PlotRange(-3e-9, 2e-9),
        PlotRange(0, 1e12), PlotRange(-1e12, 1e12), PlotRange(2.5e11, 9.75e12),
        PlotRange(123_456_789, 123_456_789.5), PlotRange(1e6, 1e6 + 1e-6), PlotRange(0.30000000000000004, 1)
    ]
    static let targets = [1, 2, 3, 5, 7, 10, 12]

    /// Whether `step` is 1, 2 or 5 times a power of ten.
    static func isNice(_ step: Double) -> Bool {
        let mantissa = step / pow(10, floor(log10(step)))
        return [1.0, 2, 5, 10].contains { abs(mantissa - $0) < 1e-6 }
    }

    // MARK: Linear ticks

    @Test("Every tick lies inside the range", arguments: ranges, targets)
    func ticksInsideRange(range: PlotRange, target: Int) {
        let ticks = TickGenerator.linearTicks(in: range, targetCount: target)
        let step = TickGenerator.niceStep(span: range.length, targetCount: target)
        let slack = step * 1e-6
        for tick in ticks {
            #expect(tick >= range.lower - slack && tick <= range.upper + slack, "tick \(tick) outside \(range)")
        }
    }

    @Test("Ticks are sorted, equally spaced by a 1-2-5 step", arguments: ranges, targets)
    func ticksEquallySpacedNiceStep(range: PlotRange, target: Int) {
        let ticks = TickGenerator.linearTicks(in: range, targetCount: target)
        let step = TickGenerator.niceStep(span: range.length, targetCount: target)
        #expect(Self.isNice(step), "step \(step) is not 1, 2 or 5 × 10ⁿ")
        let magnitude = max(abs(range.lower), abs(range.upper))
        let tolerance = step * 1e-6 + 8 * magnitude.ulp
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            #expect(b > a)
            #expect(isClose(b - a, step, tolerance: tolerance), "gap \(b - a) between \(a) and \(b), step \(step)")
        }
    }

    @Test("Ticks sit on whole multiples of the step", arguments: ranges, targets)
    func ticksOnMultiplesOfStep(range: PlotRange, target: Int) {
        let step = TickGenerator.niceStep(span: range.length, targetCount: target)
        let magnitude = max(abs(range.lower), abs(range.upper))
        for tick in TickGenerator.linearTicks(in: range, targetCount: target) {
            let k = (tick / step).rounded()
            #expect(isClose(tick, k * step, tolerance: step * 1e-6 + 8 * magnitude.ulp), "\(tick) is not a multiple of \(step)")
        }
    }

    @Test("The tick count is near the target", arguments: ranges, targets)
    func countNearTarget(range: PlotRange, target: Int) {
        let count = TickGenerator.linearTicks(in: range, targetCount: target).count
        // A 1-2-5 step is between 1 and 2.5 raw steps, so there are between target/2.5 and
        // target intervals; the ends may or may not land on a tick.
        #expect(count <= target + 1)
        #expect(count >= Int(Double(target) / 2.5))
        if target >= 5 { #expect(count >= 2) }
    }

    @Test("No tick is -0", arguments: ranges, targets)
    func noNegativeZero(range: PlotRange, target: Int) {
        #expect(!TickGenerator.linearTicks(in: range, targetCount: target).contains(where: isNegativeZero))
    }

    @Test(
        "Ranges straddling zero have a tick exactly at +0",
        arguments: [PlotRange(-1, 1), PlotRange(-1200, 3100), PlotRange(-0.3, 0.7), PlotRange(-1e12, 1e12), PlotRange(-3e-9, 2e-9)])
    func zeroTickIsPositiveZero(range: PlotRange) {
        let ticks = TickGenerator.linearTicks(in: range, targetCount: 10)
        let zero = ticks.first { $0 == 0 }
        #expect(zero != nil, "no tick at 0 in \(ticks)")
        #expect(zero?.sign == .plus)
    }

    @Test("Tenths come out exactly as their decimal literals (0.1 × 3 == 0.3)")
    func tenthsAreRounded() {
        let ticks = TickGenerator.ticks(in: PlotRange(0, 1), step: 0.1)
        #expect(ticks.count == 11)
        #expect(ticks[3] == 0.3)
        for (i, tick) in ticks.enumerated() {
            let literal = i == 10 ? 1.0 : Double("0.\(i)")!
            #expect(tick == literal, "tick \(i) is \(tick)")
        }
        #expect(TickGenerator.ticks(in: PlotRange(-1, 0), step: 0.1).contains(-0.7))
        #expect(TickGenerator.ticks(in: PlotRange(0, 0.1), step: 0.01).contains(0.07))
    }

    @Test("Ticks at steps of the range 0...1.29 and -1200...3100")
    func knownRanges() {
        #expect(TickGenerator.linearTicks(in: PlotRange(0, 1.29), targetCount: 10) == [0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2])
        #expect(TickGenerator.linearTicks(in: PlotRange(0, 1.29), targetCount: 5) == [0, 0.5, 1.0])
        #expect(TickGenerator.linearTicks(in: PlotRange(-1200, 3100), targetCount: 5) == [-1000, 0, 1000, 2000, 3000])
        #expect(
            TickGenerator.linearTicks(in: PlotRange(-1200, 3100), targetCount: 10)
                == [-1000, -500, 0, 500, 1000, 1500, 2000, 2500, 3000])
        #expect(
            TickGenerator.linearTicks(in: PlotRange(0, 1e12), targetCount: 5)
                == [0, 2e11, 4e11, 6e11, 8e11, 1e12])
        #expect(
            TickGenerator.linearTicks(in: PlotRange(0, 1e-9), targetCount: 5)
                == [0, 2e-10, 4e-10, 6e-10, 8e-10, 1e-9])
        #expect(TickGenerator.linearTicks(in: PlotRange(-7.3, -2.1), targetCount: 10) == [-7, -6, -5, -4, -3])
    }

    @Test("Range ends that fall on a step are included")
    func endsIncluded() {
        let ticks = TickGenerator.linearTicks(in: PlotRange(-20, 40), targetCount: 6)
        #expect(ticks.first == -20)
        #expect(ticks.last == 40)
        let tiny = TickGenerator.linearTicks(in: PlotRange(1, 1 + 1e-9), targetCount: 5)
        #expect(tiny.first == 1)
        #expect(tiny.count == 3)
    }

    @Test("A zero-width range gives its one value", arguments: [0.0, 5, -3.25, 1e12, 1e-9])
    func zeroWidthRange(value: Double) {
        #expect(TickGenerator.linearTicks(in: PlotRange(value, value), targetCount: 10) == [value])
    }

    @Test(
        "niceStep picks 1, 2 or 5 × 10ⁿ",
        arguments: [
            (10.0, 10, 1.0), (1.29, 10, 0.2), (4300, 10, 500), (4300, 5, 1000), (1e12, 5, 2e11),
            (1e-9, 10, 1e-10), (7, 1, 10), (3, 3, 1), (0.6, 3, 0.2), (1.1, 11, 0.1), (100, 4, 50)
        ] as [(Double, Int, Double)])
    func niceStepTable(span: Double, target: Int, expected: Double) {
        #expect(isClose(TickGenerator.niceStep(span: span, targetCount: target), expected, tolerance: expected * 1e-12))
    }

    @Test("niceStep does not skip to the next step because of rounding in span / target")
    func niceStepExactPowerOfTen() {
        // 1e-5 / 10 is 1.0000000000000002e-06 in binary, a hair above 10⁻⁶: the step should still be 10⁻⁶.
        #expect(isClose(TickGenerator.niceStep(span: 1e-5, targetCount: 10), 1e-6, tolerance: 1e-18))
        #expect(TickGenerator.linearTicks(in: PlotRange(0, 1e-5), targetCount: 10).count == 11)
    }

    @Test("ticks(in:step:) honours its origin and refuses bad steps")
    func explicitStep() {
        #expect(TickGenerator.ticks(in: PlotRange(0, 10), step: 3, origin: 1) == [1, 4, 7, 10])
        #expect(TickGenerator.ticks(in: PlotRange(0, 10), step: 2.5) == [0, 2.5, 5, 7.5, 10])
        #expect(TickGenerator.ticks(in: PlotRange(0.1, 0.9), step: 1).isEmpty)
        #expect(TickGenerator.ticks(in: PlotRange(0, 10), step: 0).isEmpty)
        #expect(TickGenerator.ticks(in: PlotRange(0, 10), step: -1).isEmpty)
        #expect(TickGenerator.ticks(in: PlotRange(0, 10), step: .infinity).isEmpty)
        #expect(TickGenerator.ticks(in: PlotRange(0, 10), step: .nan).isEmpty)
    }

    @Test("A step far too small for the range is coarsened to at most 10,000 ticks")
    func tickCountIsCapped() {
        let ticks = TickGenerator.ticks(in: PlotRange(0, 1e6), step: 1e-3)
        #expect(ticks.count <= 10_001)
        #expect(ticks.count > 1)
        #expect(ticks.first == 0)
        #expect(ticks.last == 1e6)
    }

    // MARK: Log ticks

    @Test(
        "Log ticks over several decades are exact powers of ten",
        arguments: [
            PlotRange(1, 1e6), PlotRange(0.5, 2000), PlotRange(1e-3, 1e3), PlotRange(3, 4e5), PlotRange(1e-9, 1e12)
        ], [2, 5, 10])
    func logTicksAreDecades(range: PlotRange, target: Int) {
        let ticks = TickGenerator.logTicks(in: range, targetCount: target)
        #expect(!ticks.isEmpty)
        for tick in ticks {
            let exponent = log10(tick).rounded()
            #expect(tick == pow(10, exponent), "\(tick) is not a power of ten")
            #expect(range.contains(tick))
        }
        let exponents = ticks.map { Int(log10($0).rounded()) }
        let gaps = Set(zip(exponents, exponents.dropFirst()).map { $1 - $0 })
        #expect(gaps.count <= 1, "decades unevenly spaced: \(exponents)")
        #expect(ticks.count <= target + 1)
    }

    @Test("Log ticks list every decade when the target allows it")
    func logTicksEveryDecade() {
        #expect(TickGenerator.logTicks(in: PlotRange(1, 1e6), targetCount: 10) == [1, 10, 100, 1000, 1e4, 1e5, 1e6])
        #expect(TickGenerator.logTicks(in: PlotRange(0.5, 2000), targetCount: 10) == [1, 10, 100, 1000])
        #expect(TickGenerator.logTicks(in: PlotRange(1, 1e6), targetCount: 2) == [1, 1000, 1e6])
    }

    @Test("Within about one decade, log ticks step 1-2-5")
    func logTicksWithinDecade() {
        #expect(TickGenerator.logTicks(in: PlotRange(2, 50), targetCount: 10) == [2, 5, 10, 20, 50])
        #expect(TickGenerator.logTicks(in: PlotRange(1.5, 9), targetCount: 10) == [2, 5])
    }

    /// Zoomed in within a decade, 1-2-5 leaves one tick (3 to 8: only 5) or none (2.3 to 2.9):
    /// nice linear steps then, as many as the target asks for, and at least one.
    @Test("Zoomed inside a decade, log ticks take linear steps")
    func logTicksInsideDecade() {
        #expect(TickGenerator.logTicks(in: PlotRange(3, 8), targetCount: 10) == [3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8])
        #expect(TickGenerator.logTicks(in: PlotRange(3, 8), targetCount: 2) == [5])
        #expect(TickGenerator.logTicks(in: PlotRange(2.3, 2.9), targetCount: 5) == [2.4, 2.6, 2.8])
        #expect(TickGenerator.logTicks(in: PlotRange(6_038, 7_284), targetCount: 1) == [7_000])
        #expect(TickGenerator.logTicks(in: PlotRange(1.000_01, 1.000_02), targetCount: 4).count >= 2)
    }

    @Test("A log range reaching zero or below gives no ticks")
    func logTicksNonPositive() {
        #expect(TickGenerator.logTicks(in: PlotRange(0, 100), targetCount: 5).isEmpty)
        #expect(TickGenerator.logTicks(in: PlotRange(-10, 100), targetCount: 5).isEmpty)
    }

    // MARK: Minor ticks

    @Test(
        "Minor ticks subdivide 1- and 5-steps into fifths, 2-steps into quarters",
        arguments: [
            (PlotRange(0, 10), 1.0, 5), (PlotRange(0, 1), 0.2, 4), (PlotRange(0, 50), 5.0, 5),
            (PlotRange(-1200, 3100), 500.0, 5), (PlotRange(0, 1e12), 2e11, 4), (PlotRange(0, 1e-9), 2e-10, 4)
        ] as [(PlotRange, Double, Int)])
    func minorSubdivisions(range: PlotRange, step: Double, subdivisions: Int) {
        let majors = TickGenerator.ticks(in: range, step: step)
        let minors = TickGenerator.minorTicks(majors: majors, in: range, scale: .linear)
        let minorStep = step / Double(subdivisions)
        // Between each pair of majors there are subdivisions - 1 minors.
        let between = minors.filter { $0 > majors.first! && $0 < majors.last! }
        #expect(between.count == (majors.count - 1) * (subdivisions - 1))
        for minor in minors {
            #expect(
                range.contains(minor) || isClose(minor, range.lower, tolerance: minorStep * 1e-6)
                    || isClose(minor, range.upper, tolerance: minorStep * 1e-6))
            let nearestMajor = majors.map { abs($0 - minor) }.min()!
            #expect(nearestMajor > minorStep / 2, "minor \(minor) coincides with a major")
        }
    }

    @Test("Minor ticks reach past the first and last major to the range ends")
    func minorsBeyondMajors() {
        let majors: [Double] = [0.2, 0.4, 0.6, 0.8]
        let minors = TickGenerator.minorTicks(majors: majors, in: PlotRange(0.05, 0.95), scale: .linear)
        #expect(minors.count == 15)
        #expect(isClose(minors.first!, 0.05, tolerance: 1e-12))
        #expect(isClose(minors.last!, 0.95, tolerance: 1e-12))
    }

    @Test("An explicit minor count sets the subdivisions; 0 gives none")
    func minorCount() {
        let majors: [Double] = [0, 1, 2, 3]
        let halves = TickGenerator.minorTicks(majors: majors, in: PlotRange(0, 3), scale: .linear, count: 1)
        #expect(halves == [0.5, 1.5, 2.5])
        #expect(TickGenerator.minorTicks(majors: majors, in: PlotRange(0, 3), scale: .linear, count: 0).isEmpty)
        #expect(TickGenerator.minorTicks(majors: [1], in: PlotRange(0, 3), scale: .linear).isEmpty)
        #expect(TickGenerator.minorTicks(majors: [], in: PlotRange(0, 3), scale: .linear).isEmpty)
    }

    @Test("Log minor ticks are 2…9 × 10ⁿ and miss the decades")
    func logMinors() {
        let range = PlotRange(1, 1000)
        let majors = TickGenerator.logTicks(in: range, targetCount: 10)
        let minors = TickGenerator.minorTicks(majors: majors, in: range, scale: .logarithmic)
        #expect(minors.count == 24)
        #expect(Set(minors).isDisjoint(with: majors))
        #expect(minors.prefix(8) == [2, 3, 4, 5, 6, 7, 8, 9])
        #expect(TickGenerator.minorTicks(majors: [1], in: PlotRange(0, 10), scale: .logarithmic).isEmpty)
    }

    @Test("Log minor ticks never coincide with 1-2-5 majors within a decade")
    func logMinorsAvoidMajorsWithinDecade() {
        let range = PlotRange(2, 50)
        let majors = TickGenerator.logTicks(in: range, targetCount: 10)  // [2, 5, 10, 20, 50]
        let minors = TickGenerator.minorTicks(majors: majors, in: range, scale: .logarithmic)
        #expect(Set(minors).isDisjoint(with: majors), "minors \(minors) repeat majors \(majors)")
    }
}
