import Foundation

/// How much of the heaviest tests a run covers: `make test` runs the quick depth, a sample of
/// each large case list that still proves the property (every kind, every edge, a spread of
/// sizes and tables); `make test-full` (`CHARTVIEW_TEST_DEPTH=full`) runs every case, and the
/// few tests that only make sense at scale (hundreds of megabytes, a Debian package build).
///
/// A sample is deterministic: the same cases run on every machine, so a failure reproduces.
public enum TestDepth: Sendable {
    /// `make test`: samples of the large case lists.
    case quick
    /// `make test-full`: every case.
    case full

    /// The depth of this run, read once from `CHARTVIEW_TEST_DEPTH` (`full`, else quick).
    public static let current: TestDepth =
        ProcessInfo.processInfo.environment["CHARTVIEW_TEST_DEPTH"] == "full" ? .full : .quick

    /// True when every case runs (`make test-full`).
    public static var isFull: Bool { current == .full }

    /// The cases a run covers: all of `cases` at full depth; at quick depth every `stride`-th
    /// one from index `offset` (tests over the same list take different offsets, so that together
    /// they still cover every case). O(n).
    public static func sample<C: Collection>(_ cases: C, every stride: Int, from offset: Int = 0) -> [C.Element] {
        precondition(stride >= 1 && offset >= 0, "a sample takes every case or fewer: stride \(stride), offset \(offset)")
        let all = Array(cases)
        guard current == .quick, stride > 1 else { return all }
        return Swift.stride(from: offset % stride, to: all.count, by: stride).map { all[$0] }
    }

    /// `quick` at quick depth, `full` at full depth: a count or a size a test scales by.
    public static func choose<T>(quick: T, full: T) -> T { current == .full ? full : quick }
}
