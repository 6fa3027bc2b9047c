import Foundation

/// The stack chartview runs on. With a small stack limit (`ulimit -s 100`) the Swift runtime,
/// Pango's and fontconfig's recursion and every thread glibc creates (glibc sizes threads'
/// stacks by the same limit, read once at start) run out, and the process dies by SIGSEGV
/// with a crash report. First thing in `main`, a soft limit under `needed` is raised (up to
/// the hard limit) and the program executed again, so that the new limit applies to the main
/// thread and to every thread; a hard limit under `needed` is one line, status 2.
enum StackLimit {
    /// What chartview needs: 1 MiB, in bytes (its deepest recursion, a spec's JSON, is bounded
    /// well within it).
    static let needed: rlim_t = 1 << 20
    /// What a raised limit becomes: 8 MiB, Debian's default, in bytes.
    static let raised: rlim_t = 8 << 20
    /// Set in the environment of the program executed again, so it is done once.
    private static let marker = "CHARTVIEW_STACK_RAISED"

    /// Raises a small soft limit and executes the program again; returns when the limit is
    /// enough (or when it could not be raised; the caller says so). Call first in `main`, while
    /// no other thread runs.
    /// - Returns: the limit in bytes when it is under `needed` and cannot be raised, else nil.
    static func settle() -> rlim_t? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max, limit.rlim_cur < needed else {
            return nil
        }
        guard limit.rlim_max == rlim_t.max || limit.rlim_max >= needed else { return limit.rlim_cur }
        if getenv(marker) != nil { return nil }
        limit.rlim_cur = limit.rlim_max == rlim_t.max ? raised : min(raised, limit.rlim_max)
        guard setrlimit(Int32(RLIMIT_STACK.rawValue), &limit) == 0 else { return nil }
        setenv(marker, "1", 1)
        // The same program, arguments and environment; on failure, go on with the raised soft
        // limit (the main thread's stack grows to it; threads keep the small one).
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        unsetenv(marker)
        return nil
    }

    /// The one-line refusal when the hard limit is too small.
    static func refusal(_ bytes: rlim_t) -> String {
        "the stack limit is \(bytes / 1024) KiB and its hard limit will not let it grow; chartview needs \(needed / 1024) KiB (ulimit -s 1024)"
    }
}
