/// Palette places by name (a plot's identifier, a slice's name) carried from one version of a
/// chart to the next: what was there keeps its place, what is new takes the first places no
/// kept name holds, in order. So a series keeps its color whatever comes and goes around it.
enum ColorSlots {
    /// The places of `names` (in order, each once) given the previous `names` and places
    /// (`previous[i]` at `previousSlots[previous[i]] ?? i`). O(names).
    static func carried(_ names: [String], from previous: [String], slots previousSlots: [String: Int]) -> [String: Int] {
        var old: [String: Int] = [:]
        for (index, name) in previous.enumerated() where old[name] == nil { old[name] = previousSlots[name] ?? index }
        var kept: [String: Int] = [:]
        for name in names { if let slot = old[name] { kept[name] = slot } }
        var taken = Set(kept.values)
        var next = 0
        for name in names where kept[name] == nil {
            while taken.contains(next) { next += 1 }
            kept[name] = next
            taken.insert(next)
        }
        return kept
    }
}
