import Foundation

/// The invariants an analyst's first chart holds that a machine can check (issue 46): no series
/// flattened by another on a shared axis, no identifier drawn as a value or along x, no line
/// through an x that repeats, no derived copy beside its source, no colours from a numeric code
/// of many values. What the columns hold is read by Python's csv module (`columnStatsScript`), a
/// reader independent of chartview's; what was drawn is read from `--describe` and the scene.
extension CorpusInvariantTests {
    /// A column as Python reads it: numbers or not, whole, present and distinct values, and for
    /// whole numbers the share of the range between the smallest and the largest they fill.
    struct ColumnStats: Decodable {
        var numeric: Bool
        var whole: Bool
        var present: Int
        var distinct: Int
        var rows: Int
        var density: Double?
        var increasing: Bool?
    }

    struct TableStats: Decodable {
        var columns: [String: ColumnStats]
        /// Spearman's rank correlation of each pair of the columns asked about, over the first
        /// 20,000 rows: `[a, b, rho]`.
        var pairs: [[Pair]]

        enum Pair: Decodable {
            case name(String)
            case rho(Double)
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let name = try? container.decode(String.self) { self = .name(name) } else { self = .rho(try container.decode(Double.self)) }
            }
        }

        var correlations: [(a: String, b: String, rho: Double)] {
            pairs.compactMap { pair in
                guard pair.count == 3, case .name(let a) = pair[0], case .name(let b) = pair[1], case .rho(let r) = pair[2] else { return nil }
                return (a, b, r)
            }
        }
    }

    /// Column statistics and the rank correlations of the columns named after the path.
    static let columnStatsScript = """
        import csv, json, math, sys
        path, drawn = sys.argv[1], sys.argv[2:]
        rows = csv.reader(open(path, newline='', encoding='utf-8'))
        header = [h.strip() for h in next(rows)]
        names = [h if h else 'column %d' % (i + 1) for i, h in enumerate(header)]
        body = list(rows)
        def number(s):
            try:
                v = float(s)
            except ValueError:
                return None
            return v if math.isfinite(v) else None
        columns, values = {}, {}
        missing = {'', 'NA', 'NaN', 'nan', 'null', 'NULL'}
        for i, name in enumerate(names):
            cells = [r[i].strip() if i < len(r) else '' for r in body]
            present = [c for c in cells if c not in missing]
            # Each cell parsed once: a column of text stops at its first word.
            nums, numeric = [], bool(present)
            for c in cells:
                v = number(c) if numeric else None
                if v is None and c not in missing:
                    numeric = False
                nums.append(v)
            whole = numeric and all(v == int(v) for v in nums if v is not None)
            info = {'numeric': numeric, 'whole': whole, 'present': len(present), 'distinct': len(set(present)), 'rows': len(body)}
            if numeric:
                ordered = [v for v in nums if v is not None]
                lo, hi = min(ordered), max(ordered)
                info['density'] = len(set(ordered)) / (hi - lo + 1) if whole and hi > lo else 0
                info['increasing'] = all(a < b for a, b in zip(ordered, ordered[1:]))
                values[name] = nums[:20000]
            columns[name] = info
        def ranks(xs):
            order = sorted((i for i, v in enumerate(xs) if v is not None), key=lambda i: xs[i])
            r = [None] * len(xs)
            k = 0
            while k < len(order):
                j = k
                while j + 1 < len(order) and xs[order[j + 1]] == xs[order[k]]:
                    j += 1
                for m in range(k, j + 1):
                    r[order[m]] = (k + j) / 2 + 1
                k = j + 1
            return r
        def pearson(a, b):
            both = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
            if len(both) < 3:
                return None
            ma = sum(p[0] for p in both) / len(both)
            mb = sum(p[1] for p in both) / len(both)
            va = sum((x - ma) ** 2 for x, _ in both)
            vb = sum((y - mb) ** 2 for _, y in both)
            if va <= 0 or vb <= 0:
                return None
            return sum((x - ma) * (y - mb) for x, y in both) / math.sqrt(va * vb)
        shown = [d for d in drawn if d in values]
        ranked = {d: ranks(values[d]) for d in shown}
        pairs = []
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                r = pearson(ranked[a], ranked[b])
                if r is not None:
                    pairs.append([a, b, r])
        print(json.dumps({'columns': columns, 'pairs': pairs}))
        """

    static func tableStats(_ path: String, drawn: [String]) throws -> TableStats? {
        let result = try ChildProcess.run("/usr/bin/env", ["python3", "-c", columnStatsScript, path] + drawn, deadline: 120)
        guard result.status == 0 else { return nil }
        return try? JSONDecoder().decode(TableStats.self, from: Data(result.stdout))
    }

    /// Words of a column's name that say its numbers name things rather than measure them.
    static let identifierWords: Set<String> = [
        "id", "ids", "idcode", "code", "codes", "subject", "subj", "case", "entity", "state", "school", "firm", "person",
        "household", "hhid", "pid", "patient", "individual", "fips", "zip", "cusip", "permno", "gvkey", "wine", "study"
    ]

    /// Whether `name` names things (`identifierWords`, or a short name ending in "id": schid, hhid).
    static func namesThings(_ name: String) -> Bool {
        let lower = name.lowercased()
        let words = Set(lower.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            .union(name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).flatMap { camelWords(String($0)) })
        if !words.isDisjoint(with: identifierWords) { return true }
        let letters = lower.filter(\.isLetter)
        return letters.count >= 3 && letters.count <= 6 && letters.hasSuffix("id")
            && !["paid", "valid", "acid", "fluid", "solid", "avoid", "grid", "said"].contains(letters)
    }

    private static func camelWords(_ word: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for c in word {
            if c.isUppercase && previousIsLower {
                words.append(current.lowercased())
                current = ""
            }
            current.append(c)
            previousIsLower = c.isLowercase
        }
        words.append(current.lowercased())
        return words
    }

    /// The version of a column's name that derived copies are compared on: lowercase letters and
    /// digits only.
    static func bare(_ name: String) -> String { name.lowercased().filter { $0.isLetter || $0.isNumber } }

    /// Whether `derived` is by its name a log, lag, change, growth or square of `source`
    /// (`lwage` of `wage`, `gwage_3`, `lsalary`, `exper_sq`; not `NO2` of `NO`).
    static func isDerivedName(_ derived: String, of source: String) -> Bool {
        let d = bare(derived), s = bare(source)
        guard s.count >= 2, d != s else { return false }
        let trimmed = String(d.reversed().drop(while: \.isNumber).reversed())
        for candidate in [d, trimmed] where candidate.count > s.count {
            for prefix in ["l", "ln", "log", "lag", "g", "chg", "sq"] where candidate == prefix + s { return true }
            for suffix in ["sq", "squared", "lag", "log", "ln", "chg", "diff"] where candidate == s + suffix { return true }
        }
        return false
    }

    /// The scenes of a dump: a grid's cells, else the chart itself.
    static func scenes(_ json: [String: Any]) -> [[String: Any]] {
        if let cells = json["cells"] as? [[String: Any]] { return cells.compactMap { $0["layout"] as? [String: Any] } }
        return [json]
    }

    /// The issue-46 invariants of one table's default chart, added to `outcome`.
    static func checkAnalystInvariants(
        path: String, columns: [(name: String, type: String, role: String, use: String, facts: String)], json: [String: Any],
        outcome: inout Outcome
    ) throws {
        let note = json["note"] as? String ?? ""
        let kindWord = note.components(separatedBy: " · ").last?.components(separatedBy: " ").first ?? ""
        let xColumn = columns.first { $0.use == "x" }
        let seriesColumns = columns.filter { $0.use == "series" }
        let drawnNames = ([xColumn].compactMap { $0 } + seriesColumns).map(\.name)
        guard let stats = try tableStats(path, drawn: drawnNames) else { return }
        let xIsTime = xColumn.map { $0.role == "time" || $0.type == "date" } ?? false

        var plotKinds = Set<String>()
        for scene in scenes(json) {
            let plots = (scene["plots"] as? [[String: Any]] ?? []).filter { $0["visible"] as? Bool ?? true }
            let area = scene["plotArea"] as? [Double] ?? [0, 0, 1, 1]
            plotKinds.formUnion(plots.compactMap { $0["kind"] as? String })
            // Lines and points: each one's vertical extent in pixels against the plot area's
            // height (a second axis fits its own series, so it spans its area), for series of
            // another magnitude: their largest value under 10% of the largest drawn beside them
            // (one steady series among others of its size is drawn flat because it is flat).
            var spans: [(title: String, share: Double, size: Double)] = []
            var bars: [(title: String, top: Double)] = []
            for plot in plots {
                let items = plot["items"] as? [[String: Any]] ?? []
                let values = items.compactMap { $0["value"] as? Double }
                guard let lo = values.min(), let hi = values.max(), hi > lo else { continue }
                let title = plot["title"] as? String ?? "?"
                switch plot["kind"] as? String {
                case "line", "scatter":
                    let ys = items.compactMap { ($0["point"] as? [Double])?[1] }
                    guard let top = ys.min(), let bottom = ys.max(), area[3] > 0 else { continue }
                    spans.append((title, (bottom - top) / area[3], max(abs(lo), abs(hi))))
                case "bar" where kindWord == "bar" || kindWord == "hbar":
                    bars.append((title, values.map(abs).max() ?? 0))
                default:
                    break
                }
                // A line through an x that repeats within its series: the same pixel column twice.
                if plot["kind"] as? String == "line" {
                    var seen = Set<Double>()
                    for item in items {
                        guard let point = item["point"] as? [Double] else { continue }
                        if !seen.insert((point[0] * 1000).rounded()).inserted {
                            outcome.violations[.lineXRepeats] = "\(title): x repeats"
                            break
                        }
                    }
                }
            }
            if spans.count >= 2, let widest = spans.map(\.share).max(), widest >= 0.05, let largest = spans.map(\.size).max(),
                let narrow = spans.first(where: { $0.share < 0.05 && $0.size < 0.1 * largest })
            {
                outcome.violations[.narrowSeries] = "\(narrow.title) spans \(String(format: "%.1f", narrow.share * 100))% of the axis"
            }
            if bars.count >= 2, let tallest = bars.map(\.top).max(), tallest > 0, let short = bars.first(where: { $0.top < 0.05 * tallest }) {
                outcome.violations[.narrowSeries] = "\(short.title)'s bars reach \(String(format: "%.1f", short.top / tallest * 100))% of the tallest"
            }
        }

        // Identifiers: a column that names things, or whole numbers unique per row with gaps that fill a
        // good part of their range out of order (ids with gaps), on x or y of lines or points.
        func isIdentifier(_ name: String) -> Bool {
            guard let s = stats.columns[name], s.numeric, s.whole else { return false }
            if namesThings(name) { return true }
            return s.present >= 10 && s.distinct == s.present && s.present == s.rows && (s.density ?? 0) >= 0.3 && (s.density ?? 1) < 1
                && s.increasing == false
        }
        let keys = Set(columns.filter { $0.role == "key" }.map(\.name))
        func couldChart(_ name: String) -> Bool {
            guard !keys.contains(name), let s = stats.columns[name], s.distinct >= 2 else { return false }
            return !s.numeric || !isIdentifier(name)
        }
        if plotKinds.contains("line") || plotKinds.contains("scatter") {
            let drawn = Set(drawnNames)
            if let x = xColumn, x.type == "number", isIdentifier(x.name),
                let other = stats.columns.keys.sorted().first(where: { name in
                    !drawn.contains(name) && couldChart(name) && columns.contains { $0.name == name && $0.use != "groups" }
                })
            {
                outcome.violations[.identifierDrawn] = "x \(x.name) while \(other) could be"
            }
            if let y = seriesColumns.first(where: { isIdentifier($0.name) }),
                let other = stats.columns.keys.sorted().first(where: { !drawn.contains($0) && stats.columns[$0]!.numeric && couldChart($0) })
            {
                outcome.violations[.identifierDrawn] = "y \(y.name) while \(other) could be"
            }
        }

        // Derived copies: by name, and (two series over something other than time, along which
        // any two trends rank alike; 20 rows or more) by a rank correlation of 0.99 or more.
        for (i, a) in drawnNames.enumerated() {
            for b in drawnNames[(i + 1)...] where isDerivedName(a, of: b) || isDerivedName(b, of: a) {
                outcome.violations[.derivedDuplicate] = "\(a) beside \(b)"
            }
        }
        let seriesNames = Set(seriesColumns.map(\.name))
        if !xIsTime, let rows = stats.columns.values.first?.rows, rows >= 20 {
            for pair in stats.correlations where abs(pair.rho) >= 0.99 && seriesNames.contains(pair.a) && seriesNames.contains(pair.b) {
                outcome.violations[.derivedDuplicate] = "\(pair.b) beside \(pair.a) (rank correlation \(String(format: "%.3f", pair.rho)))"
            }
        }

        // Colours from a numeric code of more than 5 values, but a panel's entities over time
        // (a line each, up to a dozen).
        if let group = columns.first(where: { $0.use == "groups" }), group.type == "number", !xIsTime,
            let s = stats.columns[group.name], s.distinct > 5
        {
            outcome.violations[.codeColours] = "\(group.name) (\(s.distinct) values)"
        }
    }
}
