/// Gives every declaration a name no other takes, shallowest first: a type met near the root
/// gets its plain name (`Address`), one met deeper with the same wish is prefixed by the type
/// it was met in (`CustomerAddress`), then by the ones around that, then numbered (`Address2`).
enum NameAssigner {
    static func assign(_ declarations: inout [Declaration], root: Int?, rootName: String) {
        var used = TypeNames.reserved
        if root == nil { used.insert(rootName) }
        let order = declarations.indices.sorted { (declarations[$0].depth, $0) < (declarations[$1].depth, $1) }
        for index in order {
            if index == root {
                declarations[index].name = rootName
                used.insert(rootName)
                continue
            }
            let hint = declarations[index].nameHint
            var candidate = hint
            // Prefixed by the enclosing types, nearest first, each one whose name it does not
            // already start with: `Element` → `BlockElement` → `RootBlockElement`. A type met
            // inside one of its own name (i3's `nodes` in `nodes`) is numbered: `Node2`.
            let parentName = declarations[index].parent.map { declarations[$0].name } ?? ""
            var ancestor = parentName.hasPrefix(hint) ? nil : declarations[index].parent
            while used.contains(candidate), let a = ancestor {
                let prefix = declarations[a].name
                if !prefix.isEmpty && !candidate.hasPrefix(prefix) { candidate = prefix + candidate }
                ancestor = declarations[a].parent
            }
            var n = 2
            while used.contains(candidate) {
                candidate = hint + String(n)
                n += 1
            }
            used.insert(candidate)
            declarations[index].name = candidate
        }
    }
}
