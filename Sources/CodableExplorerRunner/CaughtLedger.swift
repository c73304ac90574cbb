import Foundation

// The errors the model's own code caught: every `DecodingError` a container call threw that never
// left the top-level decode. Worked through a lossy array decoding `[{"id": 1}, {"id": "x"}]`:
//
//     LossyArray.init          depth 0 (its init record: owner 0)
//       unkeyed.decode(Item)   depth 1, returns          nothing in flight
//       unkeyed.decode(Item)   depth 1, Item.init runs:
//         keyed.decode(Int)    depth 2 throws E          episode 0 opens: E, thrown by this call, owner Item
//       (Item.init rethrows)   depth 1 throws E again    the same error passing: episode 0's outermost call
//                                                        is now unkeyed.decode(Item), its owner LossyArray
//       unkeyed.decode(Skip)   depth 1 starts            the model went on: episode 0 closes (caught)
//
// An error is "the same" as the one in flight when it is thrown with no container call started or
// returned in between and has the same kind, coding path and text. A different error thrown then
// means the model's code turned the one in flight into another (`catch { throw MyError.bad }`);
// that one is caught only if the decode still succeeds. At the end an episode whose error is the
// one the decode threw is not caught (`catch { …; throw error }` that reaches the top): the
// verdict already says it. Nothing here runs until a call throws.

/// The episodes of thrown errors of one traced decode (``Tracer`` feeds it).
struct CaughtLedger {
    struct Episode {
        var error: RunnerReply.Failure
        /// The outermost container call the error left, so far: the catching code made it.
        var outer: RunnerCall
        /// The `init` record of the initializer that made ``outer``, when one is traced.
        var owner: RunnerCall?
        /// The model's code threw another error in its place.
        var replaced = false
        /// The value's path, for an error whose own path does not lead to it (``RunnerReply/Caught/at``).
        var at: [RunnerJob.Step]?
        /// The catching code then read the same value with another call that returned (`try? Int`,
        /// then `String`): a probe, not a loss.
        var readAnotherWay = false
    }

    private(set) var episodes: [Episode] = []
    /// The episode whose error is propagating now (no call started or returned since it was thrown).
    private var inFlight: Int?
    /// The last caught episode of a keyed or single-value call, while its catcher may still read the
    /// same value another way.
    private(set) var awaiting: Int?

    /// A container call started or returned: the error in flight, if any, was caught.
    @inline(__always) mutating func wentOn() {
        if let index = inFlight {
            inFlight = nil
            if !episodes[index].outer.c.hasPrefix("unkeyed.") { awaiting = index }
        }
    }

    /// A call returned while a caught episode is ``awaiting``: the same value read at the same depth
    /// is a probe (``Episode/readAnotherWay``); a return below that depth ends the catcher's chance.
    mutating func returned(_ call: RunnerCall) {
        guard let index = awaiting else { return }
        let outer = episodes[index].outer
        if (call.d ?? 0) < (outer.d ?? 0) {
            awaiting = nil
        } else if call.d == outer.d, call.p == outer.p, call.k == outer.k, call.c != "singleValueContainer" {
            episodes[index].readAnotherWay = true
            awaiting = nil
        }
    }

    /// `call` (made by the initializer `owner`) threw `error`.
    mutating func threw(_ error: any Error, by call: @autoclosure () -> RunnerCall, owner: @autoclosure () -> RunnerCall?) {
        var failure: RunnerReply.Failure
        var at: [RunnerJob.Step]?
        if error is DecodingError {
            failure = RunnerReply.Failure(error)
        } else if Self.isFoundationsOwn(error) {
            // A number that does not fit its type: Foundation's own error inside the decode, which
            // `decode(_:from:)` turns into this one when it leaves (what the app sees if it is not caught).
            failure = RunnerReply.Failure(kind: .dataCorrupted, codingPath: [], debugDescription: "The given data was not valid JSON.")
            let made = call()
            at = made.p + (made.k.map { [$0] } ?? [])
        } else {
            // The model's own error in place of the one in flight: that one was replaced.
            if let inFlight { episodes[inFlight].replaced = true }
            inFlight = nil
            return
        }
        if let index = inFlight {
            if episodes[index].error == failure {
                episodes[index].outer = call()
                episodes[index].owner = owner()
                return
            }
            episodes[index].replaced = true
        }
        episodes.append(Episode(error: failure, outer: call(), owner: owner(), at: at))
        inFlight = episodes.count - 1
    }

    /// The errors the model's code caught, given the error the decode ended with (nil: it decoded):
    /// each with the `init` record of the initializer that caught it (when traced) and the call it made.
    func caught(endingWith final: RunnerReply.Failure?) -> [RunnerReply.Caught] {
        episodes.compactMap { episode in
            if let final, episode.error == final || episode.replaced { return nil }
            var caught = RunnerReply.Caught(error: episode.error, calls: (episode.owner.map { [$0] } ?? []) + [episode.outer])
            caught.at = episode.at
            caught.readAnotherWay = episode.readAnotherWay ? true : nil
            return caught
        }
    }

    /// Whether `error` is Foundation's internal JSON error (`JSONError`), not one of the model's.
    static func isFoundationsOwn(_ error: any Error) -> Bool {
        let name = String(reflecting: type(of: error))
        return name.hasPrefix("Foundation") && name.hasSuffix(".JSONError")
    }
}
