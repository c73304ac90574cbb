/// A traced decode's container calls as compact bytes, for the runner's channel
/// (``RunnerChannel/Kind/trace``): a decode of a large payload makes hundreds of thousands of calls,
/// each with its whole coding path, and as JSON they took seconds to write and as long to read.
/// Each string and each coding path is written once and then named by its number.
///
/// The bytes are records, each a tag byte and its fields, numbers as LEB128 varints:
/// - `1` a string: its UTF-8 length and bytes; it takes the next string number (from 0).
/// - `2` a path: the number of the path it extends (0 is the empty path) and a step; it takes the
///   next path number (from 1).
/// - `3` a call: its name's string, its path's number, its key (a step or none), its error kind
///   (0: none, else 1 + the kind's position), its depth (0: none, else 1 + depth) and its type
///   (0: none, else 1 + the string's number).
///
/// A step is a byte of flags (1: a key, 2: a converted key, 4: an index) and those fields in that order.
public enum TraceBytes {
    static let kinds: [RunnerReply.Failure.Kind] = [.keyNotFound, .typeMismatch, .valueNotFound, .dataCorrupted, .other]

    /// The calls as bytes.
    public static func encode(_ calls: [RunnerCall]) -> [UInt8] {
        var writer = Writer()
        for call in calls { writer.write(call) }
        return writer.bytes
    }

    /// The calls the bytes hold; nil when they are not bytes ``encode(_:)`` writes.
    public static func decode(_ bytes: [UInt8]) -> [RunnerCall]? {
        var reader = Reader(bytes: bytes)
        return reader.calls()
    }

    private struct Writer {
        var bytes: [UInt8] = []
        var strings: [String: Int] = [:]
        var paths: [[RunnerJob.Step]: Int] = [[]: 0]
        /// The last call's path and its number: calls in a row mostly share their container's.
        var lastPath: ([RunnerJob.Step], Int) = ([], 0)

        mutating func write(_ call: RunnerCall) {
            let name = string(call.c)
            let path = call.p == lastPath.0 ? lastPath.1 : path(call.p)
            lastPath = (call.p, path)
            var key: (key: Int?, converted: Int?)?
            if let step = call.k { key = prepare(step) }
            var type: Int?
            if let name = call.t { type = string(name) }
            bytes.append(3)
            number(name)
            number(path)
            if let key, let step = call.k { write(step, prepared: key) } else { bytes.append(0xFF) }
            bytes.append(call.e.flatMap { kind in TraceBytes.kinds.firstIndex(of: kind).map { UInt8($0 + 1) } } ?? 0)
            number(call.d.map { $0 + 1 } ?? 0)
            number(type.map { $0 + 1 } ?? 0)
        }

        /// The string's number, its record written first if it is new.
        mutating func string(_ text: String) -> Int {
            if let known = strings[text] { return known }
            let utf8 = Array(text.utf8)
            bytes.append(1)
            number(utf8.count)
            bytes += utf8
            strings[text] = strings.count
            return strings.count - 1
        }

        /// The path's number, its record (and those of the paths it extends) written first if it is new.
        mutating func path(_ steps: [RunnerJob.Step]) -> Int {
            if let known = paths[steps] { return known }
            let parent = path(Array(steps.dropLast()))
            let last = steps[steps.count - 1]
            let prepared = prepare(last)
            bytes.append(2)
            number(parent)
            write(last, prepared: prepared)
            paths[steps] = paths.count
            return paths.count - 1
        }

        /// A step's strings numbered (their records written) ahead of the record holding it.
        mutating func prepare(_ step: RunnerJob.Step) -> (key: Int?, converted: Int?) {
            (step.key.map { string($0) }, step.convertedKey.map { string($0) })
        }

        mutating func write(_ step: RunnerJob.Step, prepared: (key: Int?, converted: Int?)) {
            bytes.append((prepared.key == nil ? 0 : 1) | (prepared.converted == nil ? 0 : 2) | (step.index == nil ? 0 : 4))
            if let key = prepared.key { number(key) }
            if let converted = prepared.converted { number(converted) }
            if let index = step.index { number(index) }
        }

        mutating func number(_ value: Int) {
            var rest = UInt64(bitPattern: Int64(value))
            while rest >= 0x80 {
                bytes.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        var strings: [String] = []
        var paths: [[RunnerJob.Step]] = [[]]

        mutating func calls() -> [RunnerCall]? {
            var calls: [RunnerCall] = []
            while at < bytes.count {
                let tag = bytes[at]
                at += 1
                switch tag {
                case 1:
                    guard let count = number(), count <= bytes.count - at else { return nil }
                    strings.append(String(decoding: bytes[at..<(at + count)], as: UTF8.self))
                    at += count
                case 2:
                    guard let parent = number(), parent < paths.count, let step = step() else { return nil }
                    paths.append(paths[parent] + [step])
                case 3:
                    guard let name = number(), name < strings.count, let path = number(), path < paths.count, at < bytes.count
                    else { return nil }
                    var key: RunnerJob.Step?
                    if bytes[at] == 0xFF {
                        at += 1
                    } else {
                        guard let step = step() else { return nil }
                        key = step
                    }
                    guard at < bytes.count else { return nil }
                    let error = Int(bytes[at])
                    at += 1
                    guard error <= TraceBytes.kinds.count, let depth = number(), let type = number(), type <= strings.count else {
                        return nil
                    }
                    calls.append(
                        RunnerCall(
                            c: strings[name], p: paths[path], k: key, e: error == 0 ? nil : TraceBytes.kinds[error - 1],
                            d: depth == 0 ? nil : depth - 1, t: type == 0 ? nil : strings[type - 1]))
                default: return nil
                }
            }
            return calls
        }

        mutating func step() -> RunnerJob.Step? {
            guard at < bytes.count else { return nil }
            let flags = bytes[at]
            at += 1
            guard flags & ~7 == 0 else { return nil }
            var step = RunnerJob.Step()
            if flags & 1 != 0 {
                guard let key = number(), key < strings.count else { return nil }
                step.key = strings[key]
            }
            if flags & 2 != 0 {
                guard let converted = number(), converted < strings.count else { return nil }
                step.convertedKey = strings[converted]
            }
            if flags & 4 != 0 {
                guard let index = number() else { return nil }
                step.index = index
            }
            return step
        }

        /// A varint; nil past the end or beyond 63 bits.
        mutating func number() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while at < bytes.count, shift < 63 {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value <= UInt64(Int.max) ? Int(value) : nil }
                shift += 7
            }
            return nil
        }
    }
}
