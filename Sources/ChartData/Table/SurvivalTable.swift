/// A table of times to an event (R's `lung`, `aml`, `pbc`: a follow-up time, a status that says
/// whether the event happened or the follow-up ended first, covariates) is about how long
/// subjects go without the event, which neither the times (the censored ones are not event
/// times) nor a scatter of them shows. `SurvivalTable` finds such a table and turns it into
/// Kaplan–Meier estimates (written here: no C library the project uses computes them): the
/// share still without the event at each time, a stepped curve per group.
///
/// A table is one when a column of numbers is named as a follow-up time (`time`, `futime`,
/// `stime`, `survtime`, `days`…), a column named as a status (`status`, `event`, `death`,
/// `cens`, `delta`, `fustat`…) holds two or three whole values (0/1, 1/2 as `lung` writes
/// them, 0/1/2 as `pbc` does: the largest is the event, as MASS's and boot's `cens` write a
/// failure 1) or TRUE and FALSE (mastectomy's `event`),
/// and no column starts an interval (`start`, `tstart`: counting-process rows are no single
/// follow-up each). The groups are a treatment-like column's (`rx`, `trt`, `group`, `sex`…),
/// else none. O(rows log rows).
struct SurvivalTable {
    /// The follow-up time column.
    let time: Int
    /// The status column.
    let status: Int
    /// The status written for an event ("2", "TRUE"); the others are censored.
    let event: String
    /// Whether each row's status is the event (false where it is missing).
    let isEvent: [Bool]
    /// The column whose 2…`groupLimit` values get a curve each, if any.
    let group: Int?

    /// Names of a follow-up time.
    static let timeNames: Set<String> = [
        "time", "futime", "stime", "survtime", "survival", "days", "weeks", "months", "ttr", "dtime", "obstime", "time.to.event"
    ]
    /// Names of a status, and those that mark the censored rows rather than the events.
    static let statusNames: Set<String> = [
        "status", "event", "death", "dead", "died", "delta", "fustat", "fail", "failure", "relapse", "rejection", "recurrence", "cens", "censor", "censored"
    ]
    /// Names of an interval's start.
    static let startNames: Set<String> = ["start", "tstart", "entry", "time1"]
    /// Names of the columns whose groups an analyst compares first, most telling first.
    static let groupNames = ["rx", "trt", "treat", "treatment", "arm", "group", "drug", "type", "match", "sex", "gender"]
    /// The most groups drawn, a curve each.
    static let groupLimit = 5

    init?(_ table: DataTable) {
        let names = table.columns.map { $0.name.lowercased() }
        guard table.rowCount >= 10, !names.contains(where: Self.startNames.contains),
            let time = names.indices.first(where: { Self.timeNames.contains(names[$0]) && table.columns[$0].numbers != nil }),
            let times = table.columns[time].numbers, times.allSatisfy({ !$0.isFinite || $0 >= 0 })
        else { return nil }
        var found: (index: Int, event: String, isEvent: [Bool])?
        for (i, name) in names.enumerated() where i != time && Self.statusNames.contains(name) {
            switch table.columns[i].values {
            case .number(let values):
                let distinct = Set(values.filter(\.isFinite))
                guard distinct.allSatisfy({ $0 == $0.rounded() && $0 >= 0 && $0 <= 2 }), (2...3).contains(distinct.count), let top = distinct.max()
                else { continue }
                found = (i, "\(Int(top))", values.map { $0 == top })
            case .text(let texts):
                let distinct = Set(texts.compactMap { $0?.lowercased() })
                guard distinct == ["true", "false"] else { continue }
                found = (i, "TRUE", texts.map { $0?.lowercased() == "true" })
            case .date:
                continue
            }
            break
        }
        guard let found else { return nil }
        self.time = time
        self.status = found.index
        self.event = found.event
        self.isEvent = found.isEvent
        self.group =
            Self.groupNames.lazy.compactMap { wanted -> Int? in
                guard let i = names.firstIndex(of: wanted), i != time, i != found.index else { return nil }
                let column = table.columns[i]
                let present: [String]
                switch column.values {
                case .number(let v): present = v.filter(\.isFinite).map { "\($0)" }
                case .text(let v): present = v.compactMap { $0 }
                case .date: return nil
                }
                return (2...Self.groupLimit).contains(Set(present).count) ? i : nil
            }.first
    }

    /// The Kaplan–Meier estimate of `rows` (times and whether each is an event): each distinct
    /// time and the share still without the event just after it. O(n log n).
    static func estimate(times: [Double], events: [Bool]) -> [(time: Double, survival: Double)] {
        let order = times.indices.filter { times[$0].isFinite }.sorted { times[$0] < times[$1] }
        var atRisk = Double(order.count)
        var survival = 1.0
        var curve: [(time: Double, survival: Double)] = [(0, 1)]
        var k = 0
        while k < order.count {
            let t = times[order[k]]
            var died = 0.0, left = 0.0
            while k < order.count && times[order[k]] == t {
                if events[order[k]] { died += 1 }
                left += 1
                k += 1
            }
            if died > 0 { survival *= 1 - died / atRisk }
            atRisk -= left
            if t > 0 { curve.append((t, survival)) } else { curve[0].survival = survival }
        }
        return curve
    }

    /// The table turned: `time` (every distinct time of the table, and 0), then a column per
    /// group (or one) of the Kaplan–Meier estimate, carried from the last time of its own
    /// until its last follow-up, missing after it; the notes say what was read.
    func turned(_ table: DataTable) -> DataTable {
        let times = table.columns[time].numbers ?? []
        let statusPresent = SeriesPerRow.presentRows(table.columns[status])
        let present = times.indices.filter { times[$0].isFinite && statusPresent[$0] }
        var members: [(name: String, rows: [Int])] = [("all", present)]
        if let group {
            let (names, groupOfRow) = ValueNames.groups(of: table.columns[group])
            let shown = SeriesPerRow.presentRows(table.columns[group])
            let named = table.columns[group].numbers != nil ? table.columns[group].name + " " : ""
            members = names.indices.compactMap { k in
                let rows = present.filter { groupOfRow[$0] == k && shown[$0] }
                return rows.isEmpty ? nil : ("\(named)\(names[k])", rows)
            }
        }
        let grid = Array(Set([0] + present.map { times[$0] })).sorted()
        var columns = [DataColumn(name: table.columns[time].name, values: .number(grid))]
        var events = 0
        for member in members {
            let curve = Self.estimate(times: member.rows.map { times[$0] }, events: member.rows.map { isEvent[$0] })
            let died = member.rows.filter { isEvent[$0] }.count
            events += died
            let last = curve.last?.time ?? 0
            var values: [Double] = []
            var j = 0
            for t in grid {
                while j + 1 < curve.count && curve[j + 1].time <= t { j += 1 }
                values.append(t <= last ? curve[j].survival : .nan)
            }
            let counts = "(n=\(member.rows.count), \(died) event\(died == 1 ? "" : "s"))"
            let title = members.count == 1 ? "without \(table.columns[status].name) \(counts)" : "\(member.name) \(counts)"
            columns.append(DataColumn(name: title, values: .number(values)))
        }
        let by = group.map { " by \(table.columns[$0].name)" } ?? ""
        let note =
            "a survival table: \(table.columns[time].name) to \(table.columns[status].name) \(event) (\(events) events, "
            + "\(present.count - events) censored): Kaplan–Meier estimates of the share still without it\(by)"
        var result = DataTable(columns: columns, notes: table.notes + [note])
        result.turning = DataTable.Turning(along: table.columns[time].name, rows: table.rowCount, columns: table.columns.count, stepped: true)
        return result
    }

}
