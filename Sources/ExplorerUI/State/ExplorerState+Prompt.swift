import Foundation

extension ExplorerState {
    /// Acts on a submitted prompt line.
    mutating func submit(_ prompt: Prompt, viewHeight: Int) -> [Effect] {
        switch prompt.purpose {
        case .search, .searchBackward:
            viewer.searchesBackward = prompt.purpose == .searchBackward
            return submitSearch(prompt.text, viewHeight: viewHeight)
        case .goTo where ["help", "h"].contains(prompt.text.trimmingCharacters(in: .whitespaces)):
            // `:help`, as in jless: the help for terminals that keep F1 for themselves.
            mode = .help
            helpTop = 0
            return []
        case .goTo: return submitGoTo(prompt.text, viewHeight: viewHeight)
        case .type:
            return chooseType(TypePicker.choice(for: prompt, among: decode.setup.typeNames))
        case .dateFormat:
            guard !prompt.text.isEmpty else { mode = .options(selection: 1); return [] }
            return apply(.dateFormat(prompt.text))
        }
    }
}
