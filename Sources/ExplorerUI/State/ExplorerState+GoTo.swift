import Foundation
import JSONTree

extension ExplorerState {
    /// `:path` Enter: goes to the node at a key path (`a.b[0]`, `$.a`, `/a/b/0`), unfolding
    /// what hides it; a path that does not parse or names no node is a message, with the
    /// keys it may have meant.
    mutating func submitGoTo(_ text: String, viewHeight: Int) -> [Effect] {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return [] }
        let path: NodePath
        do {
            path = try NodePath(parsing: typed)
        } catch {
            status = StatusMessage("not a key path: \(error.message)", tone: .error)
            return []
        }
        switch path.resolve(in: tree) {
        case .success(let node):
            select(revealing: node)
        case .failure(let error):
            status = StatusMessage(error.message, tone: .error)
        }
        return []
    }
}
