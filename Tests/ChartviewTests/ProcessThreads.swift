import Foundation

/// The threads of a running process at one instant, as Linux's /proc shows them: whether each
/// runs, the system call it is blocked in, and how often it has left the processor. Tests
/// watch it to see a process sleep in the kernel (an idle window's loop in `poll`, a reader
/// pausing between attempts at a lock) instead of sleeping a while themselves and guessing.
/// A process's system calls are shown to its parent (ptrace access): a child the test started.
struct ProcessThreads {
    /// What a thread blocked in a system call waits in, as far as tests tell them apart.
    enum Wait: Equatable {
        /// `poll` (or `ppoll`), for at most `limit` milliseconds: -1 for no limit; nil when the
        /// limit is in the process's memory (ppoll's, which glibc calls where there is no poll).
        case poll(limit: Int32?)
        /// `nanosleep` or `clock_nanosleep`: a pause of a set time, as `usleep` makes.
        case pause
        /// Another system call, by its number.
        case other(Int)
    }

    /// One thread.
    struct Thread {
        /// Its id; the process id for the main thread.
        let id: Int32
        /// Its scheduler state: "R" running or waiting for a processor, "S" asleep, "D" asleep
        /// in uninterruptible I/O, and so on.
        let state: Character
        /// The system call it is blocked in; nil while it runs.
        let wait: Wait?
        /// Its voluntary and involuntary context switches so far: unchanged while it does not run.
        let switches: Int
    }

    /// The process id.
    let id: Int32
    /// The threads alive when they were read (one that ended meanwhile is left out).
    let threads: [Thread]

    /// The main thread (the one whose id is the process's); nil once the process has ended.
    var main: Thread? { threads.first { $0.id == id } }

    /// Reads the threads of process `id` now; throws when it is not there (or not a child).
    init(of id: Int32) throws {
        self.id = id
        let folder = "/proc/\(id)/task"
        threads = try FileManager.default.contentsOfDirectory(atPath: folder).compactMap { name in
            guard let thread = Int32(name) else { return nil }
            return Self.thread(thread, in: folder + "/" + name)
        }
    }

    /// One thread's files, or nil when it ended while they were read.
    private static func thread(_ id: Int32, in folder: String) -> Thread? {
        guard let stat = try? String(contentsOfFile: folder + "/stat", encoding: .utf8),
            let call = try? String(contentsOfFile: folder + "/syscall", encoding: .utf8),
            let status = try? String(contentsOfFile: folder + "/status", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let state = stat[close...].dropFirst().first(where: { $0 != " " })
        else { return nil }
        // "voluntary_ctxt_switches:\tN" and "nonvoluntary_ctxt_switches:\tN".
        let switches = status.split(separator: "\n").filter { $0.hasPrefix("voluntary_ctxt") || $0.hasPrefix("nonvoluntary_ctxt") }
            .compactMap { Int($0.split(separator: "\t").last ?? "") }
            .reduce(0, +)
        return Thread(id: id, state: state, wait: wait(call), switches: switches)
    }

    /// What /proc/PID/task/TID/syscall says: "running", or the call's number and its six
    /// arguments (then the stack and instruction pointers), in hexadecimal but the number.
    private static func wait(_ line: String) -> Wait? {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 4, let number = Int(fields[0]), number >= 0 else { return nil }
        let third = UInt64(fields[3].dropFirst(2), radix: 16) ?? 0
        switch number {
        // An int in a 64-bit register: its low 32 bits.
        case Calls.poll: return .poll(limit: Int32(truncatingIfNeeded: third))
        case Calls.ppoll: return .poll(limit: third == 0 ? -1 : nil)
        case Calls.nanosleep, Calls.clockNanosleep: return .pause
        default: return .other(number)
        }
    }

    /// The system calls' numbers (the kernel's syscall_64.tbl for x86_64, asm-generic/unistd.h
    /// for arm64; Glibc's module does not carry SYS_poll and its kind); -1 for none.
    private enum Calls {
        #if arch(x86_64)
            static let poll = 7, ppoll = 271, nanosleep = 35, clockNanosleep = 230
        #elseif arch(arm64)
            static let poll = -1, ppoll = 73, nanosleep = 101, clockNanosleep = 115
        #else
            #error("the system call numbers of this architecture")
        #endif
    }

    /// Reads the threads of process `id` every 5 ms until `condition` holds of them, for at
    /// most `seconds`; the reading it held of, or nil when it did not in time or the process
    /// ended.
    static func waitUntil(_ id: Int32, seconds: Double = 60, _ condition: (ProcessThreads) -> Bool) throws -> ProcessThreads? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let now = try ProcessThreads(of: id)
            if now.main == nil { return nil }
            if condition(now) { return now }
            usleep(5_000)
        }
        return nil
    }
}

extension ProcessThreads: CustomStringConvertible {
    /// One line per thread: id, state, what it waits in, switches.
    var description: String {
        threads.map { "\($0.id) \($0.state) \($0.wait.map { "\($0)" } ?? "running") \($0.switches) switches" }.joined(separator: "; ")
    }
}
