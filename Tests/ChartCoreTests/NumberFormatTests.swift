import Testing
import Foundation
import ChartCore

@Suite("Number formatting")
struct NumberFormatTests {
    // MARK: Automatic, with a tick step

    @Test(
        "Automatic: decimals follow the step, grouping from 10,000",
        arguments: [
            (0.2, 0.2, "0.2"), (1.2, 0.2, "1.2"), (0, 0.2, "0.0"), (0.3, 0.1, "0.3"), (0.1 + 0.2, 0.1, "0.3"),
            (0.05, 0.05, "0.05"), (0.15, 0.05, "0.15"), (1, 0.01, "1.00"), (3, 1, "3"), (1500, 500, "1500"),
            (9999, 1, "9999"), (10_000, 1, "10,000"), (12_500, 2500, "12,500"), (-12_500, 2500, "-12,500"),
            (1_234_567, 1000, "1,234,567"), (1e12, 2e11, "1,000,000,000,000"), (-1e12, 2e11, "-1,000,000,000,000"),
            (12_345.5, 0.5, "12,345.5"), (2.5, 0.5, "2.5"), (-7, 1, "-7"), (100, 20, "100"), (0.00001, 0.00001, "0.00001")
        ] as [(Double, Double, String)])
    func automaticWithStep(value: Double, step: Double, expected: String) {
        #expect(NumberFormat.automatic.format(value, step: step) == expected)
    }

    @Test("Automatic: a step of 10⁻ᵏ gives k decimals", arguments: 0...8)
    func decimalsFollowPowerOfTenStep(k: Int) {
        let step = pow(10, -Double(k))
        let text = NumberFormat.automatic.format(3 * step + 1, step: step)
        let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
        #expect(decimals == k, "\(text) for step \(step)")
    }

    @Test(
        "Automatic: scientific notation for huge and tiny magnitudes",
        arguments: [
            (1e15, 1e14, "1.0e+15"), (1e15, 1e15, "1e+15"), (2.5e16, 5e15, "2.5e+16"), (-2.5e16, 5e15, "-2.5e+16"), (1e20, 1e19, "1.0e+20"),
            (1e20, 1e20, "1e+20"),
            (1.5e-6, 5e-7, "1.5e-06"), (2e-10, 1e-10, "2e-10"), (-4e-9, 1e-9, "-4e-09")
        ] as [(Double, Double, String)])
    func automaticScientific(value: Double, step: Double, expected: String) {
        #expect(NumberFormat.automatic.format(value, step: step) == expected)
    }

    @Test(
        "Automatic: values that round to zero never print as -0",
        arguments: [
            (-0.0, 1.0), (-0.0001, 0.1), (-0.004, 0.01), (-0.4, 1), (-0.04, 0.1), (-0.0, 0.2)
        ] as [(Double, Double)])
    func automaticNoNegativeZero(value: Double, step: Double) {
        let text = NumberFormat.automatic.format(value, step: step)
        #expect(!text.hasPrefix("-"), "\(value) with step \(step) printed \(text)")
        #expect(Double(text) == 0)
    }

    @Test(
        "Automatic: the labels of nice ticks are distinct and parse back",
        arguments: [
            PlotRange(0, 1.29), PlotRange(-1200, 3100), PlotRange(0, 1e12), PlotRange(-7.3, -2.1),
            PlotRange(0.001, 0.0097), PlotRange(123_456_789, 123_456_789.5), PlotRange(0, 1e-9)
        ], [3, 5, 10])
    func tickLabelsDistinct(range: PlotRange, target: Int) {
        let ticks = TickGenerator.linearTicks(in: range, targetCount: target)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : nil
        let labels = ticks.map { NumberFormat.automatic.format($0, step: step) }
        #expect(Set(labels).count == labels.count, "duplicate labels \(labels)")
        for (tick, label) in zip(ticks, labels) {
            let parsed = Double(label.replacingOccurrences(of: ",", with: ""))
            #expect(parsed != nil, "\(label) does not parse")
            if let parsed, let step { #expect(isClose(parsed, tick, tolerance: step / 2), "\(label) for \(tick)") }
        }
    }

    @Test("Automatic: a step that is not 1 × 10ⁿ still gets enough decimals")
    func decimalsForQuarterSteps() {
        // fixedInterval(0.25) and fixedInterval(2.5) give such steps: the labels must not collide or lie.
        #expect(NumberFormat.automatic.format(0.25, step: 0.25) == "0.25")
        #expect(NumberFormat.automatic.format(0.75, step: 0.25) == "0.75")
        #expect(NumberFormat.automatic.format(7.5, step: 2.5) == "7.5")
        let labels = [0, 0.25, 0.5, 0.75, 1].map { NumberFormat.automatic.format($0, step: 0.25) }
        #expect(labels == ["0.00", "0.25", "0.50", "0.75", "1.00"])
    }

    @Test("Automatic: grouping depends on the printed number, not the unrounded value")
    func groupingAfterRounding() {
        #expect(NumberFormat.automatic.format(9999.7, step: 1) == "10,000")
        #expect(NumberFormat.automatic.format(-9999.7, step: 0.1) == "-9999.7")
    }

    @Test("Automatic: scientific labels keep enough digits for their step")
    func scientificDigitsFollowStep() {
        let ticks = [1.000e15, 1.001e15, 1.002e15, 1.003e15]
        let labels = ticks.map { NumberFormat.automatic.format($0, step: 1e12) }
        #expect(Set(labels).count == labels.count, "labels collide: \(labels)")
    }

    @Test(
        "Automatic: the non-zero labels of one axis share one notation",
        arguments: [
            (PlotRange(0, 2e-5), 5e-6), (PlotRange(0, 3e15), 5e14)
        ] as [(PlotRange, Double)])
    func oneNotationPerAxis(range: PlotRange, step: Double) {
        let values = TickGenerator.ticks(in: range, step: step).filter { $0 != 0 }
        let magnitude = values.map(abs).max()
        let labels = values.map { NumberFormat.automatic.format($0, step: step, magnitude: magnitude) }
        let scientific = labels.filter { $0.contains("e") }
        #expect(scientific.isEmpty || scientific.count == labels.count, "mixed notation: \(labels)")
    }

    // MARK: Automatic, lone values

    @Test(
        "Automatic without a step: up to 2 decimals, trailing zeros trimmed",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (3, "3"), (0.5, "0.5"), (0.123, "0.12"), (1234.5, "1234.5"), (1234, "1234"),
            (123_456.789, "123,456.79"), (-42.25, "-42.25"), (100.1, "100.1"), (1e20, "1e+20"), (1.5e-7, "1.5e-07"),
            (-2.5e16, "-2.5e+16")
        ] as [(Double, String)])
    func automaticLoneValue(value: Double, expected: String) {
        #expect(NumberFormat.automatic.format(value) == expected)
    }

    @Test(
        "Non-finite values have their own symbols in every format",
        arguments: [
            NumberFormat.automatic, .fixed(decimals: 2), .percent(decimals: 1), .scientific(digits: 3)
        ])
    func nonFinite(format: NumberFormat) {
        #expect(format.format(.nan) == "–")
        #expect(format.format(.infinity) == "∞")
        #expect(format.format(-.infinity) == "-∞")
    }

    // MARK: Fixed, percent, scientific

    @Test(
        "Fixed decimals, grouped from 10,000",
        arguments: [
            (3.14159, 2, "3.14"), (12_345.678, 2, "12,345.68"), (-12_345.678, 1, "-12,345.7"), (9_999.5, 1, "9999.5"),
            (2, 3, "2.000"), (-0.001, 2, "0.00"), (3.7, 0, "4"), (3.7, -3, "4"), (1_000_000, 0, "1,000,000")
        ] as [(Double, Int, String)])
    func fixed(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormat.fixed(decimals: decimals).format(value) == expected)
    }

    @Test("Fixed ignores the step")
    func fixedIgnoresStep() {
        #expect(NumberFormat.fixed(decimals: 2).format(0.5, step: 0.5) == "0.50")
        #expect(NumberFormat.fixed(decimals: 2).format(0.5, step: 0.0001) == "0.50")
    }

    @Test("Fixed decimals are clamped to 15")
    func fixedClamped() {
        let text = NumberFormat.fixed(decimals: 40).format(1)
        #expect(text == "1." + String(repeating: "0", count: 15))
    }

    @Test(
        "Percent: × 100 with a % sign",
        arguments: [
            (0.1234, 1, "12.3%"), (1, 0, "100%"), (0.5, 0, "50%"), (-0.25, 0, "-25%"), (-0.001, 0, "0%"),
            (123.45, 0, "12,345%"), (0, 2, "0.00%")
        ] as [(Double, Int, String)])
    func percent(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormat.percent(decimals: decimals).format(value) == expected)
    }

    @Test(
        "Scientific: mantissa digits and exponent",
        arguments: [
            (1.5e6, 2, "1.50e+06"), (0, 2, "0.00e+00"), (-0.00123, 1, "-1.2e-03"), (12345, 0, "1e+04")
        ] as [(Double, Int, String)])
    func scientific(value: Double, digits: Int, expected: String) {
        #expect(NumberFormat.scientific(digits: digits).format(value) == expected)
    }

    @Test("A unit goes around the number, after its minus sign, and never around a missing value")
    func units() {
        let dollars = NumberFormat.automatic.withUnit(NumberUnit(prefix: "$"))
        #expect(dollars.format(-5) == "-$5" && dollars.format(12_500, step: 500) == "$12,500")
        #expect(dollars.format(.nan) == "–" && dollars.format(.infinity) == "∞")
        #expect(NumberFormat.fixed(decimals: 1).withUnit(.percent).format(12.5) == "12.5%")
        #expect(NumberFormat.fixed(decimals: 2).withUnit(NumberUnit(suffix: " €")).format(3.4) == "3.40 €")
        // A second unit replaces the first.
        #expect(dollars.withUnit(.percent).format(3) == "3%" && dollars.withUnit(nil) == dollars)
    }
}
