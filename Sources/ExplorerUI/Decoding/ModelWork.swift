import Foundation
import ModelSchema

/// Reads models and resolves type expressions away from the input loop, so that a model that
/// takes long (or is hostile) never stops the explorer from answering keys: `q`, Esc and
/// Ctrl-C keep working while it runs. The result comes back as an action through the inbox.
///
/// The work is bounded (`NestingLimit` before swift-syntax, `TypeResolver.aliasDepth` while
/// resolving), so it always ends; it is cancelled by superseding or by Esc (``cancel()``):
/// each job has a number, and only the newest job's result is posted. A thread cannot be stopped from outside, so an older
/// job finishes unseen and is dropped.
final class ModelWork: @unchecked Sendable {
    private let inbox: ActionInbox
    private let lock = NSLock()
    private var newest = 0
    private let running = NSCondition()
    private var runningCount = 0
    /// Jobs that ended since `waitUntilIdle` last looked.
    private var endedUnseen = 0
    /// swift-syntax and the resolver recurse once per nesting level: give them the main thread's
    /// 8 MB rather than a secondary thread's 512 KB.
    static let stackSize = 8 << 20

    init(inbox: ActionInbox) {
        self.inbox = inbox
    }

    /// Reads the models of `setup` again; posts `.modelsReloaded` unless a newer load started.
    func load(_ setup: DecodeSetup, number: Int, with load: @escaping @Sendable (DecodeSetup) -> DecodeSetup) {
        run {
            load(setup)
        } done: {
            .modelsReloaded(Loaded($0, number: number))
        }
    }

    /// Resolves a type expression with the schema; posts `.typeChecked` with the problem, if any.
    func check(_ expression: String, in schema: Schema) {
        run { () -> String? in
            do throws(TypeExpressionError) {
                _ = try schema.resolve(expression)
                return nil
            } catch {
                return error.description
            }
        } done: {
            .typeChecked(expression, problem: $0)
        }
    }

    /// Waits for every job to end (for scripted input); whether any ended since the last call
    /// (their results are in the inbox, to be drained before the next event).
    func waitUntilIdle() -> Bool {
        running.lock(); defer { running.unlock() }
        while runningCount > 0 { running.wait() }
        // A job may have ended before this was called: its result is in the inbox all the same.
        defer { endedUnseen = 0 }
        return endedUnseen > 0
    }

    /// Drops the result of whatever is running (a newer request, or Esc).
    func cancel() {
        lock.lock(); newest += 1; lock.unlock()
    }

    private func run<T>(_ work: @escaping @Sendable () -> T, done: @escaping @Sendable (T) -> Action) {
        lock.lock(); newest += 1; let mine = newest; lock.unlock()
        let inbox = self.inbox
        inbox.beginWork()
        running.lock(); runningCount += 1; running.unlock()
        let thread = Thread { [self] in
            let result = work()
            lock.lock(); let current = newest == mine; lock.unlock()
            if current { inbox.post(done(result)) }
            inbox.endWork()
            running.lock(); runningCount -= 1; endedUnseen += 1; running.broadcast(); running.unlock()
        }
        thread.stackSize = Self.stackSize
        thread.start()
    }
}
