import SwiftUI

struct ContentView: View {
    let users: [User]

    var body: some View {
        NavigationStack {
            List(users, id: \.id) { user in
                UserRow(user: user)
            }
            .navigationTitle("Members")
        }
    }
}

#Preview {
    ContentView(users: [.preview])
}
