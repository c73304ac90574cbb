import SwiftUI

@main
struct PocketApp: App {
    @State private var users: [User] = []

    var body: some Scene {
        WindowGroup {
            ContentView(users: users)
                .task { users = (try? await APIClient(base: URL(string: "https://api.example.com")!).users()) ?? [] }
        }
    }
}
