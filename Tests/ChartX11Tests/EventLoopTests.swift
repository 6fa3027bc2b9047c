@testable import ChartX11
import Foundation
import Testing

/// The window's loop, without an X server: the loop's input is a pipe here. (Its timer queue is
/// the session's: `TimerQueueTests` in ChartSessionTests.)
@Suite("Event loop")
struct EventLoopTests {
    @Test("The loop runs its timers in order on its thread, and a stopped loop runs no more")
    func loopRunsTimersAndStops() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        var fired: [Int] = []
        loop.after(0.02) {
            fired.append(2); loop.stop()
        }
        loop.after(0.01) { fired.append(1) }
        let never = loop.after(0.02) { fired.append(3) }
        loop.run(client)
        #expect(fired == [1, 2])
        #expect(never.isPending, "scheduled after the timer that stopped the loop, due at once: not run")
        #expect(client.timersFired == 2)
    }

    @Test("A cancelled timer does not run and does not wake the loop")
    func cancelledTimerInTheLoop() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        var fired: [String] = []
        let cancelled = loop.after(0.01) { fired.append("cancelled") }
        loop.after(0.05) {
            fired.append("kept"); loop.stop()
        }
        cancelled.cancel()
        loop.run(client)
        #expect(fired == ["kept"])
        #expect(client.turns <= 2, "woke \(client.turns) times for one timer")
    }

    @Test("Waking the loop from another thread (a byte on its pipe) wakes it from its sleep")
    func anotherThreadWakesTheLoop() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        let finished = Flag()
        client.onWake = { if finished.isRaised { loop.stop() } }
        // A guard against a loop that never wakes.
        let timeout = loop.after(60) { loop.stop() }
        let wake = loop.wake
        let slept = Self.once(threadSleepsInPoll: try Self.thisThread()) {
            finished.raise()
            wake()
        }
        loop.run(client)
        #expect(slept.isRaised, "the loop was never seen asleep in poll")
        #expect(timeout.isPending, "the loop only woke at the timeout")
        #expect(client.turns <= 3, "the idle loop turned \(client.turns) times")
        #expect(!loop.drainWakeups(), "the wake-up byte was read")
    }

    @Test("Input on the client's descriptor wakes the loop, and the client's stop ends the turn before its timers")
    func inputWakesTheLoop() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        // A guard against a loop that never wakes.
        let timeout = loop.after(60) { loop.stop() }
        let input = client.inputWriteEnd
        let slept = Self.once(threadSleepsInPoll: try Self.thisThread()) {
            var byte: UInt8 = 1
            _ = write(input, &byte, 1)
        }
        // A timer due in the very turn the input stops.
        var due: TimerHandle?
        client.onInput = {
            due = loop.after(0) {}
            loop.stop()
        }
        loop.run(client)
        #expect(slept.isRaised, "the loop was never seen asleep in poll")
        #expect(client.inputs == 1)
        #expect(timeout.isPending && due?.isPending == true)
        #expect(client.turnsEnded == 0, "a stopped loop does not end its turn")
    }

    /// This thread's folder in /proc, "/proc/PID/task/TID" (Glibc's module has no gettid).
    static func thisThread() throws -> String {
        "/proc/" + (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
    }

    /// Runs `action` on a thread of its own once the thread of `folder` (`thisThread()`) is
    /// asleep in `poll`, as its `syscall` file shows, waiting for at most 30 s; runs it then
    /// even if it never was, so that the test ends. The flag says whether it was.
    static func once(threadSleepsInPoll folder: String, _ action: @escaping @Sendable () -> Void) -> Flag {
        let slept = Flag()
        // poll and ppoll: the kernel's syscall_64.tbl for x86_64, asm-generic/unistd.h for arm64.
        #if arch(x86_64)
            let calls = ["7", "271"]
        #else
            let calls = ["73"]
        #endif
        Thread {
            let deadline = Date().addingTimeInterval(30)
            while !slept.isRaised && Date() < deadline {
                let line = (try? String(contentsOfFile: folder + "/syscall", encoding: .utf8)) ?? ""
                if let number = line.split(separator: " ").first, calls.contains(String(number)) {
                    slept.raise()
                } else {
                    usleep(1_000)
                }
            }
            action()
        }.start()
        return slept
    }
}

/// Stands for a window: its input is a pipe, and it counts what the loop asks of it.
private final class PipeClient: EventLoopClient {
    let loop: EventLoop
    let inputDescriptor: Int32
    let inputWriteEnd: Int32
    var turns = 0, inputs = 0, timersFired = 0, turnsEnded = 0
    var onWake: () -> Void = {}
    var onInput: () -> Void = {}

    init(loop: EventLoop) throws {
        self.loop = loop
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        inputDescriptor = fds[0]
        inputWriteEnd = fds[1]
    }

    deinit {
        close(inputDescriptor)
        close(inputWriteEnd)
    }

    func flushAndCheckQueuedInput() -> Bool { false }
    func loopDidWake() {
        turns += 1
        onWake()
    }
    func handleInput() {
        var byte: UInt8 = 0
        while read(inputDescriptor, &byte, 1) > 0 {
            inputs += 1
            onInput()
        }
    }
    func timerWillFire() { timersFired += 1 }
    func loopTurnDidEnd() { turnsEnded += 1 }
}

/// A flag raised on one thread and read on another.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}
