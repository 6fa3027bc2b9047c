import Foundation

/// Chooses tick locations and labels on a date axis. Data values are seconds since
/// 1970-01-01T00:00:00Z (as `Date.timeIntervalSince1970`); ticks fall on calendar boundaries
/// of a time zone: whole seconds, minutes and hours, midnights, Mondays, the 1st of a month,
/// January 1st. All date arithmetic goes through Foundation's Gregorian `Calendar` (Julian
/// before October 1582, as Foundation does). Pure functions of their arguments.
///
/// Wall-clock rule: a tick is the instant at which the time zone's clock shows a boundary.
/// A clock time that does not exist (skipped by a daylight-saving change) gets no tick; one that
/// occurs twice (the repeated hour when clocks go back) gets a tick at its first occurrence only,
/// so a 15-minute axis over that hour has a gap rather than two ticks labeled "02:15".
public enum DateTickGenerator {
    /// A calendar unit ticks can fall on.
    public enum Unit: Hashable, Sendable {
        /// A calendar unit ticks step by (in UTC).
        case second, minute, hour, day, week, month, year

        /// The unit's mean length in seconds, used to choose a step: a day is 86,400 s whatever
        /// daylight saving time does, a month 30.436875 days and a year 365.2425 days (the
        /// Gregorian means).
        public var approximateSeconds: Double {
            switch self {
            case .second: 1
            case .minute: 60
            case .hour: 3_600
            case .day: 86_400
            case .week: 604_800
            case .month: 2_629_746
            case .year: 31_556_952
            }
        }
    }

    /// A tick step: `count` × `unit` (e.g. 15 minutes, 6 hours, 1 week, 3 months, 10 years).
    public struct Step: Hashable, Sendable {
        /// The calendar unit of the step.
        public var unit: Unit
        /// How many units one step spans; at least 1.
        public var count: Int

        /// A step of `count` (at least 1) × `unit`.
        public init(unit: Unit, count: Int) {
            precondition(count >= 1, "A date tick step needs a count of at least 1 (got \(count)).")
            self.unit = unit
            self.count = count
        }

        /// The step's mean length in seconds (`count` × the unit's mean length).
        public var approximateSeconds: Double { unit.approximateSeconds * Double(count) }
    }

    /// The most ticks `ticks(in:targetCount:timeZone:)` returns.
    public static let maximumTickCount = 1000

    /// The values (seconds since 1970) ticks are made for: about 4300 BC to 475,000 AD. Foundation's
    /// calendar clamps dates outside a slightly wider span, so the parts of a range outside this
    /// one get no ticks.
    public static let supportedRange = PlotRange(-2.0e11, 1.5e13)

    /// The steps ticks can take, shortest first: 1, 2, 5, 10, 15, 30 seconds and minutes;
    /// 1, 2, 3, 6, 12 hours; 1, 2 days; 1 week; 1, 2, 3, 6 months; then 1, 2, 5 × 10ⁿ years up
    /// to a million (longer than `supportedRange`, so the last step always fits).
    public static let steps: [Step] = {
        var steps: [Step] = []
        for count in [1, 2, 5, 10, 15, 30] { steps.append(Step(unit: .second, count: count)) }
        for count in [1, 2, 5, 10, 15, 30] { steps.append(Step(unit: .minute, count: count)) }
        for count in [1, 2, 3, 6, 12] { steps.append(Step(unit: .hour, count: count)) }
        for count in [1, 2] { steps.append(Step(unit: .day, count: count)) }
        steps.append(Step(unit: .week, count: 1))
        for count in [1, 2, 3, 6] { steps.append(Step(unit: .month, count: count)) }
        var decade = 1
        while decade <= 1_000_000 {
            for mantissa in [1, 2, 5] where mantissa * decade <= 1_000_000 {
                steps.append(Step(unit: .year, count: mantissa * decade))
            }
            decade *= 10
        }
        return steps
    }()

    /// Ticks (seconds since 1970) inside `range`, ends included, at about `targetCount`
    /// intervals, on calendar boundaries in `timeZone` (default UTC). Returns the chosen step too.
    ///
    /// The step is the first of `steps` whose mean length × `targetCount` covers the range
    /// (`targetCount` is clamped to 1…1000). Boundaries per unit:
    /// - seconds, minutes, hours: clock times whose seconds, minutes or hours are a multiple of
    ///   the count, counted from the start of the minute, hour or day (so 6 hours → 00, 06, 12, 18);
    /// - days: midnight (the start of the day where midnight does not exist) on days 1, 1 + count,
    ///   … of each month (2 days → the 1st, 3rd, …, 31st, then the next 1st);
    /// - weeks: the start of Mondays;
    /// - months: the start of the 1st of months 1, 1 + count, … of the year (3 months → quarters);
    /// - years: the start of January 1st of years that are multiples of the count, counted
    ///   astronomically (1 BC is year 0, 2 BC year −1).
    ///
    /// Months of 28 days or 23-hour days can make a step give more ticks than its mean length
    /// suggests: past 1000 ticks, the next longer step is used. When the chosen step has no
    /// tick inside a range of positive width (a range shorter than the step), shorter steps are
    /// tried until one has a tick (so a target of 1 can give up to 5 ticks: a 28-day range
    /// without a 1st of the month gets Mondays); a range without any whole second, like a zero-width range at
    /// a fractional second, gives none. A zero-width range at a whole second gives that one
    /// tick (step 1 second). Parts of `range` outside `supportedRange` get no ticks.
    ///
    /// `finest` keeps steps at least one of that unit (daily data gets no "12:00" ticks between
    /// its days) while the range holds a boundary of it; a range between two (a few hours of
    /// daily data) ticks as without `finest`. nil allows any.
    ///
    /// O(ticks) calendar operations.
    public static func ticks(
        in range: PlotRange, targetCount: Int, timeZone: TimeZone = TimeZone(identifier: "UTC")!, finest: Unit? = nil
    ) -> (step: Step, values: [Double]) {
        let calendar = makeCalendar(timeZone)
        let lower = max(range.lower, supportedRange.lower)
        let upper = min(range.upper, supportedRange.upper)
        let target = Double(min(max(targetCount, 1), maximumTickCount))
        let length = lower <= upper ? upper - lower : min(range.length, supportedRange.length)
        let shortest = finest.flatMap { unit in steps.firstIndex { $0.approximateSeconds >= unit.approximateSeconds } } ?? 0
        var index = max(shortest, steps.firstIndex { $0.approximateSeconds * target >= length } ?? steps.count - 1)
        guard lower <= upper else { return (steps[index], []) }

        // Too many ticks: longer steps. The longest step gives at most one tick in the supported range.
        var values = boundaries(of: steps[index], from: lower, through: upper, calendar: calendar)
        while values == nil && index + 1 < steps.count {
            index += 1
            values = boundaries(of: steps[index], from: lower, through: upper, calendar: calendar)
        }
        // No tick: shorter steps, while they stay under the cap.
        while let current = values, current.isEmpty, upper > lower, index > shortest {
            guard let shorter = boundaries(of: steps[index - 1], from: lower, through: upper, calendar: calendar)
            else { break }
            index -= 1
            values = shorter
        }
        // No boundary of `finest` in the range (daily data zoomed in to an hour): ticks as for
        // finer data, rather than none.
        if finest != nil, values?.isEmpty ?? true, upper > lower {
            return ticks(in: range, targetCount: targetCount, timeZone: timeZone, finest: nil)
        }
        return (steps[index], values ?? [])
    }

    /// Label texts for ticks made with `step`, one per value, in `timeZone` (default UTC), as
    /// `DateFormatter` with the en_US_POSIX locale writes them (`LabelPattern`), to match the unit:
    ///
    /// | unit          | label        | context (second line) |
    /// |---------------|--------------|-----------------------|
    /// | second        | "14:30:15"   | day, "Nov 29"         |
    /// | minute, hour  | "14:30"      | day, "Nov 29"         |
    /// | day, week     | "Nov 29"     | year, "2026"          |
    /// | month         | "Nov"        | year, "2026"          |
    /// | year          | "2026"       | none                  |
    ///
    /// When the values span more than one context (hours over two days, days or months over two
    /// years), the first value and each value whose context differs from the previous value's
    /// get the context on a second line: "00:00\nNov 30", "Jan 1\n2027", "Jan\n2027". The label
    /// itself stays on the first line of every tick, so the labels of an axis line up and only
    /// some ticks grow a line below. When all values share one context it is left out, except
    /// for months, which then read "Nov 2026". Years are astronomical, like ISO 8601 ("0" is
    /// 1 BC, "-99" is 100 BC). A non-finite value gives "–". O(values).
    ///
    /// Each label read together with the last context shown before it names one boundary, so
    /// distinct ticks of one `ticks(in:targetCount:timeZone:)` call read differently even when
    /// their first lines repeat (the "12:00" of two days).
    public static func labels(
        for values: [Double], step: Step, timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) -> [String] {
        guard !values.isEmpty else { return [] }
        let calendar = makeCalendar(timeZone)
        let primaryPattern: LabelPattern
        let contextPattern: LabelPattern?
        let contextComponents: Set<Calendar.Component>
        switch step.unit {
        case .second: (primaryPattern, contextPattern) = (.timeWithSeconds, .monthDay)
        case .minute, .hour: (primaryPattern, contextPattern) = (.time, .monthDay)
        case .day, .week: (primaryPattern, contextPattern) = (.monthDay, .year)
        case .month: (primaryPattern, contextPattern) = (.month, .year)
        case .year: (primaryPattern, contextPattern) = (.year, nil)
        }
        switch step.unit {
        case .second, .minute, .hour: contextComponents = [.era, .year, .month, .day]
        default: contextComponents = [.era, .year]
        }
        let primary = LabelFormatter(pattern: primaryPattern, calendar: calendar)
        let dates = values.map { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        guard let contextPattern else {
            return dates.map { $0.map(primary.string(from:)) ?? "–" }
        }

        let contexts = dates.map { $0.map { calendar.dateComponents(contextComponents, from: $0) } }
        let finiteContexts = contexts.compactMap { $0 }
        let spansContexts = finiteContexts.contains { $0 != finiteContexts.first }
        if !spansContexts && step.unit == .month {
            return dates.map { $0.map(LabelFormatter(pattern: .monthYear, calendar: calendar).string(from:)) ?? "–" }
        }
        // The first label names its day (or year) even when every tick shares it: a view zoomed
        // into hours of one day says which day ("02:30\nAug 11"), weeks of one year which year.
        let context = LabelFormatter(pattern: contextPattern, calendar: calendar)
        var labels: [String] = []
        labels.reserveCapacity(values.count)
        var shownContext: DateComponents?
        for (date, dateContext) in zip(dates, contexts) {
            guard let date, let dateContext else {
                labels.append("–")
                continue
            }
            var label = primary.string(from: date)
            if dateContext != shownContext {
                label += "\n" + context.string(from: date)
                shownContext = dateContext
            }
            labels.append(label)
        }
        return labels
    }

    // MARK: Boundaries

    /// A Gregorian calendar in `timeZone`, weeks starting on Monday.
    private static func makeCalendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        return calendar
    }

    /// The label patterns, named by what `DateFormatter` (en_US_POSIX) calls them: "HH:mm:ss",
    /// "HH:mm", "MMM d", "MMM", "u" (the astronomical year: 0 is 1 BC) and "MMM u".
    enum LabelPattern {
        case timeWithSeconds, time, monthDay, month, year, monthYear
    }

    /// Writes dates in one `LabelPattern` in `calendar`'s time zone. Hand-written, from the
    /// calendar's components (Gregorian, in Swift), rather than with `DateFormatter`, whose ICU
    /// locale data a chart with a date axis paid for: about 5 MB and a few milliseconds per
    /// process. The same texts: English month abbreviations, 24-hour times.
    struct LabelFormatter {
        let pattern: LabelPattern
        let calendar: Calendar
        private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

        /// The label of `date`. O(1).
        func string(from date: Date) -> String {
            let c = calendar.dateComponents([.era, .year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ n: Int?) -> String {
                let n = n ?? 0
                return n < 10 ? "0\(n)" : "\(n)"
            }
            let month = Self.months[max(0, min(11, (c.month ?? 1) - 1))]
            let year = (c.era ?? 1) == 0 ? 1 - (c.year ?? 0) : (c.year ?? 0)
            switch pattern {
            case .timeWithSeconds: return two(c.hour) + ":" + two(c.minute) + ":" + two(c.second)
            case .time: return two(c.hour) + ":" + two(c.minute)
            case .monthDay: return month + " \(c.day ?? 1)"
            case .month: return month
            case .year: return "\(year)"
            case .monthYear: return month + " \(year)"
            }
        }
    }

    /// Gathers the boundaries inside `lower...upper`, offered in increasing order.
    private struct Collector {
        enum Outcome { case before, taken, done }

        let lower: Double
        let upper: Double
        var values: [Double] = []
        /// More than `maximumTickCount` ticks were offered inside the range.
        var overflowed = false
        /// Offers so far: a guard against a calendar that stops advancing.
        private var offers = 0

        init(lower: Double, upper: Double) {
            self.lower = lower
            self.upper = upper
        }

        /// Takes `date` when inside the range; `.done` once past the upper end or the cap.
        mutating func offer(_ date: Date) -> Outcome {
            offers += 1
            let value = date.timeIntervalSince1970
            if value > upper || offers > 100 * maximumTickCount { return .done }
            guard value >= lower else { return .before }
            guard values.count < maximumTickCount else {
                overflowed = true
                return .done
            }
            values.append(value)
            return .taken
        }
    }

    /// The boundaries of `step` inside `lower...upper`, ascending; nil when more than
    /// `maximumTickCount`. O(ticks) calendar operations (plus a constant number before the range).
    private static func boundaries(of step: Step, from lower: Double, through upper: Double, calendar: Calendar) -> [Double]? {
        var collector = Collector(lower: lower, upper: upper)
        let start = Date(timeIntervalSince1970: lower)
        let count = max(1, step.count)
        switch step.unit {
        case .second: clockTimes(every: count, unitSeconds: 1, from: start, calendar: calendar, into: &collector)
        case .minute: clockTimes(every: count, unitSeconds: 60, from: start, calendar: calendar, into: &collector)
        case .hour: clockTimes(every: count, unitSeconds: 3_600, from: start, calendar: calendar, into: &collector)
        case .day: monthDays(every: count, from: start, calendar: calendar, into: &collector)
        case .week:
            // Mondays from the start of the week holding `start` (count > 1 counts from that week).
            guard let week = calendar.dateInterval(of: .weekOfYear, for: start) else { break }
            walk(.day, first: 0, every: 7 * count, from: week.start, calendar: calendar, into: &collector)
        case .month:
            // Months 1, 1 + count, … counted from January of `start`'s year (count divides 12 in `steps`).
            guard let year = calendar.dateInterval(of: .year, for: start) else { break }
            let month = calendar.component(.month, from: start) - 1
            walk(.month, first: month / count * count, every: count, from: year.start, calendar: calendar, into: &collector)
        case .year:
            guard let year = calendar.dateInterval(of: .year, for: start) else { break }
            let current = astronomicalYear(of: start, calendar: calendar)
            // The first multiple of `count` at or after `current` (`/` truncates towards zero).
            let firstMultiple = current > 0 ? (current + count - 1) / count * count : current / count * count
            walk(.year, first: firstMultiple - current, every: count, from: year.start, calendar: calendar, into: &collector)
        }
        return collector.overflowed ? nil : collector.values
    }

    /// The year of `date` with 1 BC as 0, 2 BC as −1.
    private static func astronomicalYear(of date: Date, calendar: Calendar) -> Int {
        let components = calendar.dateComponents([.era, .year], from: date)
        let year = components.year ?? 0
        return components.era == 0 ? 1 - year : year
    }

    /// Offers the starts of the days `base` + (`first` + k × `every`) `component`s, k = 0, 1, …,
    /// until the collector is done (then returns true) or the dates reach `end`.
    @discardableResult
    private static func walk(
        _ component: Calendar.Component, first: Int, every: Int, from base: Date, until end: Date? = nil,
        calendar: Calendar, into collector: inout Collector
    ) -> Bool {
        var amount = first
        while let date = calendar.date(byAdding: component, value: amount, to: base) {
            let boundary = calendar.startOfDay(for: date)
            if let end, boundary >= end { return false }
            if collector.offer(boundary) == .done { return true }
            amount += every
        }
        return true
    }

    /// Offers the midnights of days 1, 1 + `every`, … of each month from the one holding `start`.
    private static func monthDays(every: Int, from start: Date, calendar: Calendar, into collector: inout Collector) {
        guard var month = calendar.dateInterval(of: .month, for: start) else { return }
        var first = (calendar.component(.day, from: start) - 1) / every * every
        while month.start.timeIntervalSince1970 <= collector.upper {
            if walk(.day, first: first, every: every, from: month.start, until: month.end, calendar: calendar, into: &collector) {
                return
            }
            guard let next = calendar.dateInterval(of: .month, for: month.end), next.start > month.start else { return }
            month = next
            first = 0
        }
    }

    /// Offers the clock times of each day from the one holding `start` whose seconds since
    /// midnight (on the clock) are multiples of `every` × `unitSeconds`, skipping clock times
    /// that do not exist that day.
    private static func clockTimes(
        every: Int, unitSeconds: Int, from start: Date, calendar: Calendar, into collector: inout Collector
    ) {
        let period = every * unitSeconds
        let dayFields: Set<Calendar.Component> = [.era, .year, .month, .day]
        let clockFields: Set<Calendar.Component> = [.day, .hour, .minute, .second]
        let now = calendar.dateComponents([.hour, .minute, .second], from: start)
        var secondOfDay = ((now.hour ?? 0) * 3_600 + (now.minute ?? 0) * 60 + (now.second ?? 0)) / period * period
        var day = calendar.startOfDay(for: start)
        while day.timeIntervalSince1970 <= collector.upper {
            let date = calendar.dateComponents(dayFields, from: day)
            while secondOfDay < 86_400 {
                var wanted = date
                wanted.hour = secondOfDay / 3_600
                wanted.minute = secondOfDay / 60 % 60
                wanted.second = secondOfDay % 60
                // A clock time the day skips comes back moved; it is no boundary.
                if let time = calendar.date(from: wanted) {
                    let shown = calendar.dateComponents(clockFields, from: time)
                    if shown.day == wanted.day, shown.hour == wanted.hour, shown.minute == wanted.minute,
                        shown.second == wanted.second, collector.offer(time) == .done
                    {
                        return
                    }
                }
                secondOfDay += period
            }
            secondOfDay = 0
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { return }
            let nextDay = calendar.startOfDay(for: next)
            guard nextDay > day else { return }
            day = nextDay
        }
    }
}
