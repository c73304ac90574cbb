import SwiftUI

struct UserRow: View {
    let user: User

    var body: some View {
        HStack {
            Text(user.name)
            Spacer()
            RoleBadge(role: user.role)
        }
    }
}

private struct RoleBadge: View {
    let role: Role

    var body: some View {
        Text(role.rawValue).foregroundStyle(role.tint)
    }
}

extension Role {
    var tint: Color { self == .admin ? .red : .secondary }
}

extension User {
    static let preview = try! JSONDecoder().decode(
        User.self,
        from: Data(#"{"id": 1, "name": "Ann", "joinedAt": 0, "role": "admin", "profile": {"followers": 3}}"#.utf8))
}

#Preview {
    UserRow(user: .preview)
}
