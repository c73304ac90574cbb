import Foundation

/// The runner's one watchdog thread: a traced job's decode that runs past its limit is told where
/// it was and ends the runner (``Runner/finish(_:streaming:watching:)``, which says nothing for a
/// job that has replied since). One thread for the runner's life, told each job's deadline: a thread
/// started for each job (each sleeping out its whole limit) was a seventh of a kept runner's time
/// when most of a capture's entries failed, and as many threads as entries slept in it.
enum Watchdog {
    private struct Watched {
        var job: Int
        var tracer: Tracer
        var limit: Double
        var deadline: Date
    }

    private static let condition = NSCondition()
    nonisolated(unsafe) private static var watched: Watched?
    nonisolated(unsafe) private static var started = false

    /// Watches job `job` (the runner's ``Runner`` generation) from now for `limit` seconds, in place
    /// of the job watched before.
    static func watch(job: Int, tracer: Tracer, limit: Double) {
        condition.withLock {
            watched = Watched(job: job, tracer: tracer, limit: limit, deadline: Date().addingTimeInterval(limit))
            if !started {
                started = true
                Thread { run() }.start()
            }
            condition.signal()
        }
    }

    private static func run() {
        condition.lock()
        while true {
            guard let current = watched else {
                condition.wait()
                continue
            }
            guard Date() >= current.deadline else {
                _ = condition.wait(until: current.deadline)
                continue
            }
            watched = nil
            condition.unlock()
            let stopped = RunnerReply.Stopped(seconds: current.limit, calls: current.tracer.whereItIs)
            Runner.finish(RunnerReply(ok: false, stopped: stopped), watching: current.job)
            condition.lock()
        }
    }
}
