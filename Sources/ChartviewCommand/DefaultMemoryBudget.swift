import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The input a run may hold when `--max-memory` is not given, in bytes: half of the memory the
/// process can have, which is the least of the machine's physical memory, a cgroup's
/// `memory.max` (a container or a systemd slice) and, at an eighth, the address-space limit
/// (`ulimit -v`). An eighth because the input's bytes become several times as many in memory (a
/// number of two characters is a `Double` of eight bytes, then a copy, a profile and a scene):
/// under `ulimit -v 500000` a 118 MB CSV is refused with one line instead of the Swift runtime
/// failing to allocate a column.
enum DefaultMemoryBudget {
    static var bytes: Int {
        var usable = Double(ProcessInfo.processInfo.physicalMemory)
        if let cgroup = cgroupLimit { usable = min(usable, cgroup) }
        var budget = usable / 2
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {  // RLIM_INFINITY
            budget = min(budget, Double(limit.rlim_cur) / 8)
        }
        return Int(min(max(Double(1 << 20), budget), Double(Int.max / 2)))
    }

    /// The cgroup (v2) memory limit of this process, in bytes, or nil when there is none.
    private static var cgroupLimit: Double? {
        guard let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
            let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), value > 0
        else { return nil }
        return value
    }
}
