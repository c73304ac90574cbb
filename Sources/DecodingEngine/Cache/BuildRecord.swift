import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The record written beside a file the tool built and will run or link later (a runner, the
/// runner library): its size and content hash. A cached file is used only when it is the user's
/// own, not writable by others, and still what the record says: a runner cut short by a full disk
/// or a killed copy, or planted by someone else, is built again.
struct BuildRecord: Codable, Hashable {
    var size: Int
    var hash: String
    /// How `hash` was made: nil, a step a byte (``ContentHash/feed(_:)-(UnsafeRawBufferPointer)``,
    /// the records written before words); ``Scheme/words``, a step a word; ``Scheme/lanes``, four
    /// words a step in four lanes (what is written now). A record is checked by its own scheme, so a
    /// cache written by an earlier version is still used.
    var scheme: Scheme?
    /// What a runner linked to the shared base (``RunnerBase``) needs at its start; nil for any other file.
    var links: Links?

    /// A runner's shared base and the toolchain's crash reporter, by path: the runner is trusted only
    /// while its base is, and is started with the reporter named (``CompiledDecoder/spawn(_:)``).
    struct Links: Codable, Hashable {
        var base: String
        var backtracer: String?
    }

    enum Scheme: Int, Codable, Hashable {
        case words = 2
        case lanes = 3

        /// The scheme of the records written now.
        static let current = Scheme.lanes
    }

    /// Whether a cached file can be used.
    enum Verdict: Hashable {
        case trusted
        case missing
        /// It is there but cannot be used: why, in words.
        case untrusted(String)
    }

    static func file(for built: URL) -> URL { built.appendingPathExtension("record") }

    /// The record of the file as it is now; nil when it cannot be read.
    static func of(_ file: URL) -> BuildRecord? {
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { of($0, scheme: .current) }
    }

    /// The record of these bytes (the same as ``of(_:)`` gives for a file holding them), its hash
    /// made by `scheme` (a record written now: ``Scheme/current``).
    static func of(bytes: [UInt8], scheme: Scheme? = .current) -> BuildRecord {
        bytes.withUnsafeBytes { of($0, scheme: scheme) }
    }

    /// The record of the bytes in memory (a file mapped, say), its hash made by `scheme`.
    static func of(_ bytes: UnsafeRawBufferPointer, scheme: Scheme?) -> BuildRecord {
        var hash = ContentHash()
        switch scheme {
        case .words: hash.feedWords(bytes)
        case .lanes: hash.feedLanes(bytes)
        case nil: hash.feed(bytes)
        }
        return BuildRecord(size: bytes.count, hash: hash.hex, scheme: scheme)
    }

    /// The verdict on the file at `built`, checked on one descriptor opened without following a
    /// link (``OpenedFile``): what is hashed is what was checked, not a file swapped in meanwhile.
    /// `remembering`: a file found as its record says while settled has its identity kept beside its
    /// record (`NAME.identity`), and is not hashed again while that identity holds, in any process (the
    /// shared base, ``RunnerBase``, whose 78 MB would otherwise be hashed at each runner's start; the
    /// compiler's version record keeps its files' identities the same way).
    /// `settledAfter`: how many seconds after its last change a file's identity may be kept.
    static func check(_ built: URL, remembering: Bool = false, settledAfter: Int64 = Verified.shared.settledAfter) -> Verdict {
        let opened: OpenedFile
        do { opened = try OpenedFile(built.path) } catch {
            if error.code == ENOENT { return .missing }
            return .untrusted("the cached \(built.lastPathComponent) is not the user's own file, or others can write it")
        }
        let record = PrivateFolder.trustedContents(of: file(for: built))
        guard remembering, let record, opened.isTrusted else { return check(opened, name: built.lastPathComponent, record: record) }
        let identity = FileIdentity(opened.info)
        let kept = Data((identity.numbers.map(String.init).joined(separator: " ") + "\n").utf8) + record
        let identityFile = built.appendingPathExtension("identity")
        if PrivateFolder.trustedContents(of: identityFile) == kept { return .trusted }
        let verdict = check(opened, name: built.lastPathComponent, record: record)
        if verdict == .trusted, identity.isSettled(seconds: settledAfter) { PrivateFolder.writeWhole(kept, to: identityFile) }
        return verdict
    }

    /// The verdict on an opened file named `name`, given the content of its record file (nil: none
    /// that is trusted): the user's own regular file that no one else can write, whose content, read
    /// from the descriptor, is what the record says.
    static func check(_ opened: borrowing OpenedFile, name: String, record: Data?, verified: Verified = .shared) -> Verdict {
        checked(opened, name: name, record: record, verified: verified).verdict
    }

    /// The verdict, as ``check(_:name:record:verified:)`` gives it, and what the file links
    /// (``Links``, a runner linked to the shared base), from one reading of its record.
    static func checked(
        _ opened: borrowing OpenedFile, name: String, record: Data?, verified: Verified = .shared
    ) -> (verdict: Verdict, links: Links?) {
        guard opened.isTrusted else {
            return (.untrusted("the cached \(name) is not the user's own file, or others can write it"), nil)
        }
        guard let record, let recorded = try? JSONDecoder().decode(BuildRecord.self, from: record) else {
            return (.untrusted("the cached \(name) has no record of its build"), nil)
        }
        // A runner linked to the shared base runs only with the base as it was built.
        if let base = recorded.links?.base, !RunnerBase.isTrusted(URL(fileURLWithPath: base)) {
            return (.untrusted("the cached \(name) links \(base), which is gone or not what was built"), nil)
        }
        let identity = FileIdentity(opened.info)
        if verified.holds(identity, record: record) { return (.trusted, recorded.links) }
        guard let now = opened.record(scheme: recorded.scheme), now.size == recorded.size, now.hash == recorded.hash else {
            let why =
                "the cached \(name) is not what was built (\(Int(opened.info.st_size)) bytes, \(recorded.size) when it was built): it was cut short or changed"
            return (.untrusted(why), nil)
        }
        verified.add(identity, record: record)
        return (.trusted, recorded.links)
    }

    /// The files this process has hashed and found as their records say, by identity, with the
    /// record they matched. A compiled check's worker verifies its runner twice (its start ahead,
    /// from the hint, then its lookup, which is on the way to the first verdict); a file whose
    /// identity and record are unchanged since is not hashed again: the worker's CPU in these
    /// checks 2.0 → 1.15 ms a capture check (`perf`). A write changes a file's change time, which
    /// no user can set back; only a settled file is remembered (``FileIdentity/isSettled(seconds:)``:
    /// a runner just built is hashed each time, as before). Bounded: past ``limit`` files it starts again.
    final class Verified: @unchecked Sendable {
        static let shared = Verified(settledAfter: 2)
        static let limit = 64
        /// How many seconds after its last change a file is settled.
        let settledAfter: Int64
        private let lock = NSLock()
        private var records: [FileIdentity: Data] = [:]

        init(settledAfter: Int64) { self.settledAfter = settledAfter }

        func holds(_ identity: FileIdentity, record: Data) -> Bool {
            lock.withLock { records[identity] == record }
        }

        func add(_ identity: FileIdentity, record: Data) {
            guard identity.isSettled(seconds: settledAfter) else { return }
            lock.withLock {
                if records.count >= Self.limit { records = [:] }
                records[identity] = record
            }
        }
    }

    /// Moves a freshly built file into place (renamed whole, so it is never seen half written),
    /// then writes its record the same way.
    static func install(_ output: URL, at built: URL, record recordFile: URL, links: Links? = nil) throws(CompiledDecoder.Failure) {
        _ = chmod(output.path, 0o700)
        guard var record = of(output) else { throw .cacheUnwritable(output.path, "the built file cannot be read") }
        record.links = links
        let temporary = recordFile.deletingLastPathComponent().appendingPathComponent(".\(recordFile.lastPathComponent).\(getpid())")
        do {
            try JSONEncoder().encode(record).write(to: temporary)
        } catch {
            throw .cacheUnwritable(temporary.path, String(describing: error))
        }
        _ = chmod(temporary.path, 0o600)
        // A stale record first goes, so no moment pairs the new file with an old record.
        unlink(recordFile.path)
        guard rename(output.path, built.path) == 0, rename(temporary.path, recordFile.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cacheUnwritable(built.path, reason)
        }
    }
}
