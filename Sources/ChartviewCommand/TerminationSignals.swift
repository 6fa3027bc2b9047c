import ChartFiles
import ChartData
import Foundation
import Synchronization

/// SIGTERM, SIGINT and SIGHUP, handled on a thread of their own: the process asks each
/// database server to stop the query it runs for it (`DatabaseEngines.cancelRunningQueries`),
/// removes its partial files (`PartialFile`) and its databases' private files (copies of
/// databases: `DatabaseEngines.removeTemporaryFiles`) and exits with the conventional status, 128 + the signal's
/// number (143 for SIGTERM, 130 for SIGINT, 129 for SIGHUP), as a process killed by it would
/// report in a shell.
///
/// The signals are blocked in every thread (threads inherit the mask of the main thread, which
/// blocks them before it starts any) and taken with `sigwait` by the signal thread, so the
/// clean-up runs as ordinary code, not in an asynchronous signal handler. A signal ignored when
/// chartview starts (`nohup` ignores SIGHUP) stays ignored. SIGKILL cannot be handled: it can
/// leave a `.NAME.PID.partial` file, which the next write to NAME removes.
enum TerminationSignals {
    static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Blocks the signals and starts the thread that waits for them. Call first in `main`,
    /// before any other thread starts.
    static func install() {
        // A write past `ulimit -f` or to a pipe whose reader left fails with EFBIG or EPIPE (one
        // line, status 1, the partial file removed) instead of killing the process.
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers where !isIgnored(number) { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        let thread = Thread {
            var set = waited
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            terminating.store(true, ordering: .sequentiallyConsistent)
            // A query running on a database server would go on there after the process ends.
            // A server that cannot be reached must not hold the exit until TCP gives up: the
            // cancel requests get 2 s, on a thread of their own.
            let cancelled = DispatchSemaphore(value: 0)
            Thread {
                DatabaseEngines.cancelRunningQueries()
                cancelled.signal()
            }.start()
            _ = cancelled.wait(timeout: .now() + 2)
            DatabaseEngines.removeTemporaryFiles()
            PartialFile.removeAllAndExit(status: 128 + number)
        }
        thread.name = "chartview signals"
        thread.start()
    }

    /// Set by the signal thread as it starts to end the process.
    private static let terminating = Atomic<Bool>(false)

    /// Returns unless a signal is ending the process; then waits for the signal thread to end
    /// it with the signal's status. For the error paths a signal's own clean-up can cause: the
    /// query it cancels fails on the main thread ("canceling statement due to user request"),
    /// which must not print that or exit with 2 first.
    static func waitIfTerminating() {
        while terminating.load(ordering: .sequentiallyConsistent) { pause() }
    }

    /// Whether `number` is ignored now (inherited from the parent, as `nohup` arranges).
    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
