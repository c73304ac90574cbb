import Foundation

/// Prints while it decodes, as people debug Codable.
struct Loud: Decodable {
    let id: Int

    enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        print("decoding Loud")
        id = try container.decode(Int.self, forKey: .id)
        print("decoded Loud \(id)")
    }
}

/// Prints a line and a frame shaped like a runner's reply (`RunnerReply(ok: true)` as the channel codes it), then throws.
struct Liar: Decodable {
    enum Refusal: Error { case always }

    init(from decoder: any Decoder) throws {
        print(#"{"ok":true}"#)
        FileHandle.standardOutput.write(Data([0, 0, 0, 8, 1, 8, 5, 1, 2, UInt8(ascii: "o"), UInt8(ascii: "k"), 2]))
        throw Refusal.always
    }
}

/// Never ends for an id above zero.
struct Spinner: Decodable {
    let id: Int

    enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        var turns = 0
        while id > 0 { turns &+= 1 }
    }
}

/// Floods standard error.
struct Flood: Decodable {
    init(from decoder: any Decoder) throws {
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<20_000 { FileHandle.standardError.write(Data(line.utf8)) }
    }
}

/// Throws an error whose text is the payload's `note`, as it is.
struct Shout: Decodable {
    struct Complaint: Error, CustomStringConvertible {
        var description: String
    }

    enum CodingKeys: String, CodingKey { case note }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        throw Complaint(description: try container.decode(String.self, forKey: .note))
    }
}
