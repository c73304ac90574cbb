/// What a child wrote on one stream, bounded: the first and the last few kilobytes, and how many
/// bytes there were in all. A model that prints 1.5 GB costs its reader 8 KB.
public struct CapturedOutput: Sendable, Hashable, Codable {
    /// How many bytes are kept at each end of the model's output.
    public static let keptAtEachEnd = 4096

    /// How many bytes this keeps at each end.
    public let limit: Int
    public private(set) var head: [UInt8] = []
    public private(set) var tail: [UInt8] = []
    /// Every byte written, kept or not.
    public private(set) var total = 0

    public init(keepingAtEachEnd limit: Int = CapturedOutput.keptAtEachEnd) {
        self.limit = limit
    }

    public init(_ text: String) {
        limit = Self.keptAtEachEnd
        append(Array(text.utf8))
    }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        total += bytes.count
        let room = limit - head.count
        if room > 0 {
            head += bytes.prefix(room)
            guard bytes.count > room else { return }
            tail += bytes.dropFirst(room)
        } else {
            tail += bytes
        }
        if tail.count > limit { tail.removeFirst(tail.count - limit) }
    }

    public var isEmpty: Bool { total == 0 }

    /// Bytes written between the head and the tail that were not kept.
    public var omitted: Int { total - head.count - tail.count }

    /// The text as kept (invalid UTF-8 repaired), with a line saying how much was left out between.
    /// Raw: quote it through the terminal escaper before it reaches a terminal.
    public var text: String {
        let first = String(decoding: head, as: UTF8.self)
        guard omitted > 0 else { return first + String(decoding: tail, as: UTF8.self) }
        return first + "\n… \(omitted) bytes not kept …\n" + String(decoding: tail, as: UTF8.self)
    }
}

/// What the model's own code printed while it decoded (compiled mode): shown beside the verdict,
/// never read as one.
public struct ModelOutput: Sendable, Hashable, Codable {
    public var standardOutput: CapturedOutput
    public var standardError: CapturedOutput

    public init(standardOutput: CapturedOutput = CapturedOutput(), standardError: CapturedOutput = CapturedOutput()) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    public var isEmpty: Bool { standardOutput.isEmpty && standardError.isEmpty }
}
