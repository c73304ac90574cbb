import Foundation

/// The app's requests (URLSession is FoundationNetworking's on Linux: this file builds for iOS only,
/// and no decode needs it).
struct APIClient {
    var base: URL

    func users() async throws -> [User] {
        let (data, _) = try await URLSession.shared.data(from: base.appendingPathComponent("users"))
        return try makeDecoder().decode([User].self, from: data)
    }
}
