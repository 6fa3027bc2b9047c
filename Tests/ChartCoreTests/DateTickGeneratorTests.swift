import Testing
import Foundation
import ChartCore

/// A date range to tick, in one time zone.
struct DateTickCase: Sendable, CustomTestStringConvertible {
    let name: String
    let range: PlotRange
    let zone: String

    var timeZone: TimeZone { TimeZone(identifier: zone)! }
    var testDescription: String { name }
}

/// A Gregorian calendar in `zone`, as the generator uses.
private func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

/// Seconds since 1970 of a clock time in `zone` (`era` 0 for BC years).
private func instant(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    in zone: String = "UTC", era: Int = 1
) -> Double {
    let components = DateComponents(era: era, year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar(zone).date(from: components)!.timeIntervalSince1970
}

@Suite("Date tick generation")
struct DateTickGeneratorTests {
    static let cases: [DateTickCase] = [
        DateTickCase(name: "3 seconds", range: PlotRange(instant(2026, 11, 29, 14, 30, 15) + 0.2, instant(2026, 11, 29, 14, 30, 18) + 0.2), zone: "UTC"),
        DateTickCase(name: "10 minutes", range: PlotRange(instant(2026, 11, 29, 14, 27, 41), instant(2026, 11, 29, 14, 37, 41)), zone: "UTC"),
        DateTickCase(
            name: "10 minutes, Kathmandu (+05:45)", range: PlotRange(instant(2026, 11, 29, 14, 27), instant(2026, 11, 29, 14, 37)), zone: "Asia/Kathmandu"),
        DateTickCase(name: "5 hours over midnight", range: PlotRange(instant(2026, 11, 29, 21, 10), instant(2026, 11, 30, 2, 10)), zone: "UTC"),
        DateTickCase(name: "2 days", range: PlotRange(instant(2026, 11, 29, 9, 15), instant(2026, 12, 1, 9, 15)), zone: "UTC"),
        DateTickCase(name: "3 weeks", range: PlotRange(instant(2026, 11, 20, 6), instant(2026, 12, 11, 6)), zone: "UTC"),
        DateTickCase(name: "4 months over new year", range: PlotRange(instant(2026, 10, 17), instant(2027, 2, 17)), zone: "UTC"),
        DateTickCase(name: "3 years", range: PlotRange(instant(2024, 5, 3), instant(2027, 5, 3)), zone: "UTC"),
        DateTickCase(name: "80 years across 1970", range: PlotRange(instant(1931, 3, 1), instant(2011, 3, 1)), zone: "UTC"),
        DateTickCase(name: "1000 years", range: PlotRange(instant(1100, 6, 1), instant(2100, 6, 1)), zone: "UTC"),
        DateTickCase(name: "before 1970", range: PlotRange(instant(1901, 1, 1), instant(1969, 12, 31)), zone: "UTC"),
        DateTickCase(name: "around the epoch", range: PlotRange(-10, 5), zone: "UTC"),
        DateTickCase(name: "BC to AD", range: PlotRange(instant(250, 1, 1, era: 0), instant(250, 1, 1)), zone: "UTC"),
        DateTickCase(
            name: "Berlin, clocks go back", range: PlotRange(instant(2026, 10, 24, 18, in: "Europe/Berlin"), instant(2026, 10, 25, 12, in: "Europe/Berlin")),
            zone: "Europe/Berlin"),
        DateTickCase(
            name: "Berlin, clocks go forward", range: PlotRange(instant(2026, 3, 28, 12, in: "Europe/Berlin"), instant(2026, 3, 31, 12, in: "Europe/Berlin")),
            zone: "Europe/Berlin"),
        DateTickCase(
            name: "Berlin, repeated hour",
            range: PlotRange(instant(2026, 10, 25, 1, 40, in: "Europe/Berlin"), instant(2026, 10, 25, 3, 20, in: "Europe/Berlin")), zone: "Europe/Berlin"),
        DateTickCase(
            name: "Berlin, 2 months", range: PlotRange(instant(2026, 2, 20, in: "Europe/Berlin"), instant(2026, 4, 20, in: "Europe/Berlin")),
            zone: "Europe/Berlin"),
        DateTickCase(
            name: "New York, a year", range: PlotRange(instant(2026, 1, 5, in: "America/New_York"), instant(2027, 1, 5, in: "America/New_York")),
            zone: "America/New_York")
    ]
    static let targets = [1, 2, 3, 6, 10, 25]

    /// Whether `value` is a boundary of `step` in `zone`, checked with the calendar.
    static func isBoundary(_ value: Double, of step: DateTickGenerator.Step, zone: String) -> Bool {
        let calendar = calendar(zone)
        let date = Date(timeIntervalSince1970: value)
        let c = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: date)
        let wholeSecond = value == value.rounded() && c.nanosecond == 0
        let midnight = calendar.startOfDay(for: date) == date
        let astronomicalYear = c.era == 0 ? 1 - c.year! : c.year!
        switch step.unit {
        case .second: return wholeSecond && c.second! % step.count == 0
        case .minute: return wholeSecond && c.second == 0 && c.minute! % step.count == 0
        case .hour: return wholeSecond && c.second == 0 && c.minute == 0 && c.hour! % step.count == 0
        case .day: return midnight && (c.day! - 1) % step.count == 0
        case .week: return midnight && c.weekday == 2
        case .month: return midnight && c.day == 1 && (c.month! - 1) % step.count == 0
        case .year: return midnight && c.day == 1 && c.month == 1 && astronomicalYear % step.count == 0
        }
    }

    /// Each label's first line prefixed with the last context line shown so far: what a reader
    /// takes the tick to be.
    static func resolved(_ labels: [String]) -> [String] {
        var context = ""
        return labels.map { label in
            let lines = label.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 1 { context = String(lines[1]) }
            return context + "|" + lines[0]
        }
    }

    // MARK: Every range, every target

    @Test("Ticks lie inside the range, ascending, on calendar boundaries", arguments: cases, targets)
    func ticksOnBoundaries(testCase: DateTickCase, target: Int) {
        let (step, values) = DateTickGenerator.ticks(in: testCase.range, targetCount: target, timeZone: testCase.timeZone)
        #expect(DateTickGenerator.steps.contains(step), "step \(step) is not in the step table")
        for value in values {
            #expect(testCase.range.contains(value), "tick \(value) outside \(testCase.range)")
            #expect(Self.isBoundary(value, of: step, zone: testCase.zone), "tick \(value) is no \(step) boundary in \(testCase.zone)")
        }
        for (a, b) in zip(values, values.dropFirst()) {
            #expect(a < b, "ticks not strictly ascending: \(a), \(b)")
        }
    }

    @Test("About the wanted number of ticks", arguments: cases, targets)
    func tickCount(testCase: DateTickCase, target: Int) {
        let (step, values) = DateTickGenerator.ticks(in: testCase.range, targetCount: target, timeZone: testCase.timeZone)
        #expect(values.count >= 1)
        // With a target of 1, a range shorter than the chosen step but holding none of its
        // boundaries falls back to a step up to 4.35 times shorter (a month to a week).
        let most = target == 1 ? 5 : 2 * target + 2
        #expect(values.count <= most, "\(values.count) ticks of \(step) for a target of \(target)")
    }

    @Test("The step is the shortest whose mean length covers the range", arguments: cases, targets)
    func shortestCoveringStep(testCase: DateTickCase, target: Int) {
        let (step, _) = DateTickGenerator.ticks(in: testCase.range, targetCount: target, timeZone: testCase.timeZone)
        let wanted = DateTickGenerator.steps.first { $0.approximateSeconds * Double(target) >= testCase.range.length }!
        let index = DateTickGenerator.steps.firstIndex(of: step)!
        let wantedIndex = DateTickGenerator.steps.firstIndex(of: wanted)!
        // One longer when the wanted step gave more than 1000 ticks (not for these targets), or
        // shorter when it gave no tick at all.
        #expect(index <= wantedIndex, "\(step) chosen, \(wanted) wanted")
        if index < wantedIndex {
            let wantedTicks = DateTickGenerator.ticks(in: testCase.range, targetCount: target, timeZone: testCase.timeZone)
            #expect(wantedTicks.values.count >= 1)
        }
    }

    @Test("In UTC, neighbouring ticks are about one step apart", arguments: cases.filter { $0.zone == "UTC" }, targets)
    func spacing(testCase: DateTickCase, target: Int) {
        let (step, values) = DateTickGenerator.ticks(in: testCase.range, targetCount: target, timeZone: testCase.timeZone)
        for (a, b) in zip(values, values.dropFirst()) {
            let ratio = (b - a) / step.approximateSeconds
            switch step.unit {
            case .second, .minute, .hour, .week: #expect(ratio == 1, "\(step): \(a) → \(b)")
            case .day: #expect(ratio == 1 || (step.count == 2 && ratio == 0.5), "\(step): \(a) → \(b)")
            case .month, .year: #expect(ratio > 0.9 && ratio < 1.05, "\(step): \(a) → \(b)")
            }
        }
    }

    @Test("Labels are non-empty and name distinct ticks distinctly", arguments: cases, targets)
    func labelsDistinct(testCase: DateTickCase, target: Int) {
        let (step, values) = DateTickGenerator.ticks(in: testCase.range, targetCount: target, timeZone: testCase.timeZone)
        let labels = DateTickGenerator.labels(for: values, step: step, timeZone: testCase.timeZone)
        #expect(labels.count == values.count)
        #expect(labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("\n") })
        let resolved = Self.resolved(labels)
        #expect(Set(resolved).count == resolved.count, "repeated labels: \(labels)")
    }

    // MARK: Fixed examples

    @Test("November 2026 with a target of 6: Mondays")
    func novemberWeeks() {
        let range = PlotRange(instant(2026, 11, 1), instant(2026, 11, 30))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 6)
        #expect(step == DateTickGenerator.Step(unit: .week, count: 1))
        #expect(values == [2, 9, 16, 23, 30].map { instant(2026, 11, $0) })
        #expect(DateTickGenerator.labels(for: values, step: step) == ["Nov 2\n2026", "Nov 9", "Nov 16", "Nov 23", "Nov 30"])
    }

    @Test("Seconds read hh:mm:ss")
    func secondLabels() {
        let range = PlotRange(instant(2026, 11, 29, 14, 30, 15), instant(2026, 11, 29, 14, 30, 18))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 3)
        #expect(step == DateTickGenerator.Step(unit: .second, count: 1))
        #expect(DateTickGenerator.labels(for: values, step: step) == ["14:30:15\nNov 29", "14:30:16", "14:30:17", "14:30:18"])
    }

    @Test("Quarter hours over an hour")
    func quarterHours() {
        let range = PlotRange(instant(2026, 11, 29, 14, 7), instant(2026, 11, 29, 15, 7))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 4)
        #expect(step == DateTickGenerator.Step(unit: .minute, count: 15))
        #expect(DateTickGenerator.labels(for: values, step: step) == ["14:15\nNov 29", "14:30", "14:45", "15:00"])
    }

    @Test("Hours over midnight show the day on the first tick and at midnight")
    func hoursOverMidnight() {
        let range = PlotRange(instant(2026, 11, 29, 22), instant(2026, 11, 30, 4))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 6)
        #expect(step == DateTickGenerator.Step(unit: .hour, count: 1))
        #expect(
            DateTickGenerator.labels(for: values, step: step) == [
                "22:00\nNov 29", "23:00", "00:00\nNov 30", "01:00", "02:00", "03:00", "04:00"
            ])
    }

    @Test("Six hours over three days, in New York")
    func sixHours() {
        let zone = "America/New_York"
        let range = PlotRange(instant(2026, 11, 29, in: zone), instant(2026, 12, 2, in: zone))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 12, timeZone: TimeZone(identifier: zone)!)
        #expect(step == DateTickGenerator.Step(unit: .hour, count: 6))
        let labels = DateTickGenerator.labels(for: values, step: step, timeZone: TimeZone(identifier: zone)!)
        #expect(labels.prefix(5) == ["00:00\nNov 29", "06:00", "12:00", "18:00", "00:00\nNov 30"])
        #expect(labels.last == "00:00\nDec 2")
    }

    @Test("Days over new year show the year on the first tick and on January 1st")
    func daysOverNewYear() {
        let range = PlotRange(instant(2026, 12, 28), instant(2027, 1, 3))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 6)
        #expect(step == DateTickGenerator.Step(unit: .day, count: 1))
        #expect(
            DateTickGenerator.labels(for: values, step: step) == [
                "Dec 28\n2026", "Dec 29", "Dec 30", "Dec 31", "Jan 1\n2027", "Jan 2", "Jan 3"
            ])
    }

    @Test("Two-day steps restart on the 1st of each month")
    func twoDays() {
        let range = PlotRange(instant(2026, 1, 26), instant(2026, 2, 6))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 6)
        #expect(step == DateTickGenerator.Step(unit: .day, count: 2))
        #expect(
            values == [
                instant(2026, 1, 27), instant(2026, 1, 29), instant(2026, 1, 31),
                instant(2026, 2, 1), instant(2026, 2, 3), instant(2026, 2, 5)
            ])
    }

    @Test("Months over new year read \"Nov\\n2026\" … \"Jan\\n2027\"")
    func monthsOverNewYear() {
        let range = PlotRange(instant(2026, 10, 15), instant(2027, 3, 1))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 5)
        #expect(step == DateTickGenerator.Step(unit: .month, count: 1))
        #expect(DateTickGenerator.labels(for: values, step: step) == ["Nov\n2026", "Dec", "Jan\n2027", "Feb", "Mar"])
    }

    @Test("Months within one year read \"Mar 2026\"")
    func monthsWithinYear() {
        let range = PlotRange(instant(2026, 2, 10), instant(2026, 6, 20))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 4)
        #expect(step == DateTickGenerator.Step(unit: .month, count: 2))
        #expect(DateTickGenerator.labels(for: values, step: step) == ["Mar 2026", "May 2026"])
    }

    @Test("Quarters start in January, April, July, October")
    func quarters() {
        let range = PlotRange(instant(2026, 2, 1), instant(2027, 2, 1))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 4)
        #expect(step == DateTickGenerator.Step(unit: .month, count: 3))
        #expect(DateTickGenerator.labels(for: values, step: step) == ["Apr\n2026", "Jul", "Oct", "Jan\n2027"])
    }

    @Test("Eighty years in decades, across 1970")
    func decades() {
        let range = PlotRange(instant(1930, 1, 1), instant(2010, 1, 1))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 9)
        #expect(step == DateTickGenerator.Step(unit: .year, count: 10))
        #expect(values.first! < 0)
        #expect(DateTickGenerator.labels(for: values, step: step) == stride(from: 1930, through: 2010, by: 10).map { "\($0)" })
    }

    @Test("Years before Christ are astronomical: 0 is 1 BC")
    func yearsBC() {
        let range = PlotRange(instant(250, 1, 1, era: 0), instant(250, 1, 1))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 6)
        #expect(step == DateTickGenerator.Step(unit: .year, count: 100))
        #expect(DateTickGenerator.labels(for: values, step: step) == ["-200", "-100", "0", "100", "200"])
    }

    // MARK: Daylight saving time (Europe/Berlin)

    @Test("Hours when clocks go back: the repeated 02:00 gets one tick")
    func berlinFallBack() {
        let zone = "Europe/Berlin", timeZone = TimeZone(identifier: zone)!
        let range = PlotRange(instant(2026, 10, 25, 0, in: zone), instant(2026, 10, 25, 5, in: zone))
        #expect(range.length == 6 * 3_600)
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 6, timeZone: timeZone)
        #expect(step == DateTickGenerator.Step(unit: .hour, count: 1))
        #expect(DateTickGenerator.labels(for: values, step: step, timeZone: timeZone) == ["00:00\nOct 25", "01:00", "02:00", "03:00", "04:00", "05:00"])
        // 02:00 summer time, then 03:00 winter time two hours later.
        #expect(values[3] - values[2] == 7_200)
    }

    @Test("Hours when clocks go forward: there is no 02:00")
    func berlinSpringForward() {
        let zone = "Europe/Berlin", timeZone = TimeZone(identifier: zone)!
        let range = PlotRange(instant(2026, 3, 29, 0, in: zone), instant(2026, 3, 29, 5, in: zone))
        #expect(range.length == 4 * 3_600)
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 4, timeZone: timeZone)
        #expect(step == DateTickGenerator.Step(unit: .hour, count: 1))
        #expect(DateTickGenerator.labels(for: values, step: step, timeZone: timeZone) == ["00:00\nMar 29", "01:00", "03:00", "04:00", "05:00"])
    }

    @Test("Days over a daylight-saving change fall on local midnights")
    func berlinDays() {
        let zone = "Europe/Berlin", timeZone = TimeZone(identifier: zone)!
        let range = PlotRange(instant(2026, 3, 27, in: zone), instant(2026, 4, 1, in: zone))
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 5, timeZone: timeZone)
        #expect(step == DateTickGenerator.Step(unit: .day, count: 1))
        #expect(values == (27...31).map { instant(2026, 3, $0, in: zone) } + [instant(2026, 4, 1, in: zone)])
        #expect(values[3] - values[2] == 23 * 3_600)
        #expect(DateTickGenerator.labels(for: values, step: step, timeZone: timeZone) == ["Mar 27\n2026", "Mar 28", "Mar 29", "Mar 30", "Mar 31", "Apr 1"])
    }

    // MARK: Edge cases

    @Test("A zero-width range gives its value when it is a whole second, else nothing")
    func zeroWidth() {
        let whole = instant(2026, 11, 29, 14, 30, 15)
        let atWhole = DateTickGenerator.ticks(in: PlotRange(whole, whole), targetCount: 5)
        #expect(atWhole.step == DateTickGenerator.Step(unit: .second, count: 1))
        #expect(atWhole.values == [whole])
        #expect(DateTickGenerator.ticks(in: PlotRange(whole + 0.5, whole + 0.5), targetCount: 5).values.isEmpty)
        #expect(DateTickGenerator.ticks(in: PlotRange(-3, -3), targetCount: 5).values == [-3])
        #expect(DateTickGenerator.ticks(in: PlotRange(0.2, 0.7), targetCount: 5).values.isEmpty)
    }

    @Test("Odd targets are clamped to 1…1000")
    func oddTargets() {
        let range = PlotRange(instant(2026, 11, 1), instant(2026, 11, 30))
        #expect(DateTickGenerator.ticks(in: range, targetCount: 0) == DateTickGenerator.ticks(in: range, targetCount: 1))
        #expect(DateTickGenerator.ticks(in: range, targetCount: -5) == DateTickGenerator.ticks(in: range, targetCount: 1))
        let many = DateTickGenerator.ticks(in: range, targetCount: Int.max)
        #expect(many.values.count <= 1000)
        #expect(many.step == DateTickGenerator.Step(unit: .hour, count: 1))
    }

    @Test("Never more than 1000 ticks: 1000 days with a target of 1000 gives 2-day steps")
    func tickCap() {
        let range = PlotRange(instant(2026, 1, 1), instant(2026, 1, 1) + 1_000 * 86_400)
        let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 1000)
        // 1-day steps would give 1001 ticks.
        #expect(step == DateTickGenerator.Step(unit: .day, count: 2))
        #expect(values.count <= 1000)
        let years = DateTickGenerator.ticks(in: PlotRange(instant(1100, 1, 1), instant(2100, 1, 1)), targetCount: 1000)
        #expect(years.step == DateTickGenerator.Step(unit: .year, count: 2))
        #expect(years.values.count == 501)
    }

    @Test("Huge ranges keep to the calendar's span")
    func hugeRanges() {
        for range in [PlotRange(-1e15, 1e15), PlotRange(-1e300, 1e300), PlotRange(1e14, 2e14)] {
            let (step, values) = DateTickGenerator.ticks(in: range, targetCount: 10)
            #expect(step.unit == .year)
            #expect(values.count <= 22)
            #expect(values.allSatisfy { DateTickGenerator.supportedRange.contains($0) && Self.isBoundary($0, of: step, zone: "UTC") })
        }
        #expect(DateTickGenerator.ticks(in: PlotRange(-1e15, 1e15), targetCount: 10).values.count >= 1)
        #expect(DateTickGenerator.ticks(in: PlotRange(1e14, 2e14), targetCount: 10).values.isEmpty)
    }

    @Test("Labels of a lone value, of no values and of non-finite values")
    func labelEdgeCases() {
        let value = instant(2026, 11, 29, 14, 30)
        let step = DateTickGenerator.Step(unit: .minute, count: 5)
        #expect(DateTickGenerator.labels(for: [], step: step).isEmpty)
        #expect(DateTickGenerator.labels(for: [value], step: step) == ["14:30\nNov 29"])
        #expect(DateTickGenerator.labels(for: [value, .nan], step: step) == ["14:30\nNov 29", "–"])
        #expect(DateTickGenerator.labels(for: [value], step: DateTickGenerator.Step(unit: .year, count: 1)) == ["2026"])
        #expect(DateTickGenerator.labels(for: [value], step: DateTickGenerator.Step(unit: .month, count: 1)) == ["Nov 2026"])
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(DateTickGenerator.labels(for: [value], step: step, timeZone: tokyo) == ["23:30\nNov 29"])
    }
}
