// ExplorerUI
