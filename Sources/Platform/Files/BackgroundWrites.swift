/// Slow file writes taken off the loop's thread: a day's GPX track is megabytes, written atomically and fsynced,
/// and on a board's SD card that takes long enough to hold a frame up. Jobs run one at a time on a worker thread
/// that exists only while there is something to write; a job for a file that already waits replaces it (only the
/// newest version of a file matters). The loop collects what happened with `takeOutcomes` at its next frame.
// Unchecked Sendable: every stored property is touched only under `condition`'s lock.
final class BackgroundWrites: @unchecked Sendable {
    /// A finished job: the file it wrote, what it is called in the log, and the error, if it failed.
    struct Outcome: Sendable {
        var path: String
        var what: String
        var error: String?
    }

    private struct Job {
        var path: String
        var what: String
        var body: @Sendable () throws -> Void
    }

    private let condition = ThreadCondition()
    private var pending: [Job] = []
    private var running = false
    private var outcomes: [Outcome] = []

    /// Queues `body`, which writes `path`; replaces a job for the same path that has not started yet.
    func submit(path: String, what: String, _ body: @escaping @Sendable () throws -> Void) {
        let job = Job(path: path, what: what, body: body)
        let startWorker = condition.locked {
            if let i = pending.firstIndex(where: { $0.path == path }) {
                pending[i] = job
            } else {
                pending.append(job)
            }
            guard !running else { return false }
            running = true
            return true
        }
        guard startWorker else { return }
        // 256 KB of stack: a GPX document is built in the heap; the writer's own frames are shallow.
        if !WorkerThread.start(stackBytes: 256 * 1024, { [self] in work() }) {
            // No thread to be had (a process at its limit): write here, late rather than never.
            work()
        }
    }

    /// What finished since the last call, in the order it finished.
    func takeOutcomes() -> [Outcome] {
        condition.locked {
            defer { outcomes.removeAll() }
            return outcomes
        }
    }

    /// Waits until every queued job has run (at the end of a session, and in tests).
    func waitUntilIdle() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    /// The worker: runs jobs until none is left, then ends.
    private func work() {
        while true {
            let next: Job? = condition.locked {
                if pending.isEmpty {
                    running = false
                    condition.broadcast()
                    return nil
                }
                return pending.removeFirst()
            }
            guard let job = next else { return }
            var failure: String?
            do { try job.body() } catch { failure = "\(error)" }
            condition.locked { outcomes.append(Outcome(path: job.path, what: job.what, error: failure)) }
        }
    }
}
