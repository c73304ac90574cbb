import Foundation

/// A member of the app, as the API sends it. Its Decodable conformance is in User+Decodable.swift.
struct User {
    let id: Int
    let name: String
    let joinedAt: Date
    let role: Role
    let profile: Profile
    @DefaultEmpty var tags: [String] = []
}
