#if canImport(Glibc)
import Glibc
#endif
import CLinuxStat
import Foundation
import POSIX
import Synchronization

/// A slow processor made of a fast one: a thread of the bench, pinned to one processor at a
/// real-time priority (`SCHED_FIFO` 1, above every ordinary thread), that spins for `share` of
/// each millisecond and sleeps the rest. What runs on that processor gets the other part of
/// every millisecond, in slices finer than a frame, and between themselves the ordinary
/// threads are scheduled as on a slow core of their own: a thread that wakes (the kiosk on a
/// scan) takes the processor from one that has run longer (the page) as soon as the thief
/// lets go. A quota (`cpu.cfs_quota_us`) instead lets the page spend the period's time before
/// the scan comes, and the kiosk then waits for the next period, which no slow processor does.
final class ProcessorThief: @unchecked Sendable {
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    private let stopped = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)
    /// Why the thread could not start, written before `ready` is signalled and read after.
    private var problem: String?

    /// Starts the thread; throws when it may not have the processor or the priority (not root,
    /// or a control group without real-time time).
    init(processor: Int32, share: Double, periodNanoseconds: UInt64 = 1_000_000) throws {
        let ready = DispatchSemaphore(value: 0)
        let busy = UInt64(Double(periodNanoseconds) * min(max(share, 0), 0.95))
        let thread = Thread { [self] in
            defer { ended.signal() }
            if bookkiosk_pin_this_thread(processor) != 0 {
                problem = "pinning to processor \(processor): \(Errno.current)"
                ready.signal()
                return
            }
            var parameter = sched_param(sched_priority: 1)
            if pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameter) != 0 {
                problem = "SCHED_FIFO: not allowed (root in a control group with real-time time is needed)"
                ready.signal()
                return
            }
            ready.signal()
            var next = monotonicNanoseconds()
            while !stopped.load(ordering: .relaxed) {
                let until = next + busy
                while monotonicNanoseconds() < until {}
                next += periodNanoseconds
                var wake = timespec(tv_sec: Int(next / 1_000_000_000), tv_nsec: Int(next % 1_000_000_000))
                // Woken early by a signal, it only spins the next period sooner.
                _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, nil)
            }
        }
        thread.start()
        ready.wait()
        if let problem {
            stopped.store(true, ordering: .relaxed)
            ended.wait()
            throw Refused(description: problem)
        }
    }

    /// Stops the thread and waits for it to end.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        ended.wait()
    }

    deinit {
        stop()
    }
}

/// Pins the calling thread (and the threads it starts after) to `processor`; nil restores
/// every processor.
func pinThisThread(to processor: Int32?) {
    _ = bookkiosk_pin_this_thread(processor ?? -1)
}
