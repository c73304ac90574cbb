extension ExplorerState {
    /// `S`: the tour's scenarios, the current one highlighted (the explorer's file name is its
    /// payload's path), with its ABOUT.md.
    mutating func openScenarios() {
        guard !scenarios.isEmpty else {
            status = StatusMessage("no tour here: the scenarios are in SamplePayloads, opened with no payload", tone: .error)
            return
        }
        let current = scenarios.firstIndex { fileName.hasSuffix($0.name + "/payload.json") } ?? 0
        mode = .scenarios(ScenarioPicker(entries: scenarios, selection: current))
    }

    mutating func moveInScenarios(_ move: ScenarioMove) -> [Effect] {
        guard case .scenarios(var picker) = mode else { return [] }
        switch move {
        case .by(let delta):
            picker.selection = min(max(0, picker.selection + delta), picker.entries.count - 1)
            picker.aboutTop = 0
        case .scrollAbout(let lines):
            picker.aboutTop = max(0, picker.aboutTop + lines * 3)
        case .open:
            mode = .browse
            return [.switchPayload(picker.entries[picker.selection].payloadPath)]
        case .close:
            mode = .browse
            return []
        }
        mode = .scenarios(picker)
        return []
    }
}
