import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A model whose own code says which process decoded it, and traps, exits or loops when the body asks.
struct Watched: Decodable {
    let id: Int
    let act: String?

    enum CodingKeys: String, CodingKey { case id, act }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        act = try container.decodeIfPresent(String.self, forKey: .act)
        FileHandle.standardError.write(Data("process \(getpid()) decodes \(id)\n".utf8))
        if act == "trap" { fatalError("entry \(id) traps") }
        if act == "exit" { exit(3) }
        while act == "loop" { usleep(1000) }
    }
}
