struct Tag: Codable, Sendable {
    let name: String
}
