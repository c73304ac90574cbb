import Foundation

// A model whose own code traps: a hand-written init(from:) that calls fatalError when the
// count is not a number. On "ten" the app decoding it crashes (and so does the compiled
// runner that decodes it for the explorer), not JSONDecoder: the explorer must say so, in the
// runtime's own words, and keep running.
struct Reading: Decodable {
    let count: Int

    enum CodingKeys: String, CodingKey { case count }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .count)
        guard let count = Int(text) else { fatalError("count is not a number: \(text)") }
        self.count = count
    }
}
