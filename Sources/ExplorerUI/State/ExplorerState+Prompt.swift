extension ExplorerState {
    /// Acts on a submitted prompt line.
    mutating func submit(_ prompt: Prompt, viewHeight: Int) -> [Effect] {
        switch prompt.purpose {
        case .search: return submitSearch(prompt.text, viewHeight: viewHeight)
        case .goTo: return submitGoTo(prompt.text, viewHeight: viewHeight)
        case .type:
            status = StatusMessage("not yet: \(prompt.label)", tone: .error)
            return []
        }
    }
}
