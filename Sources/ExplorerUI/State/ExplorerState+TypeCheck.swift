extension ExplorerState {
    /// The type picker's choice is resolved off the input loop (`Effect.checkType`); the
    /// prompt's text is kept so that a refused expression can be corrected.
    mutating func checkType(_ expression: String, typed: String) -> [Effect] {
        decode.pendingTypeText = typed
        status = StatusMessage("checking \(expression)…")
        return [.checkType(expression)]
    }

    /// The resolved (or refused) type: decode with it, or reopen the picker with the reason.
    mutating func typeChecked(_ expression: String, problem: String?) -> [Effect] {
        let typed = decode.pendingTypeText ?? expression
        decode.pendingTypeText = nil
        if let problem {
            status = StatusMessage("\(expression): \(problem)", tone: .error)
            mode = .prompt(Prompt(.type, text: typed))
            return []
        }
        decode.setup.typeExpression = expression
        return requestDecode()
    }
}
