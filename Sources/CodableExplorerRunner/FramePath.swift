/// Where a value sits in the message being encoded or decoded: its coding path, made into
/// `[CodingKey]` only when asked for (an error, a value that reads its own path).
indirect enum FramePath {
    case root
    case key(FramePath, any CodingKey)
    case index(FramePath, Int)

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var path = self
        while true {
            switch path {
            case .root: return keys.reversed()
            case .key(let parent, let key):
                keys.append(key)
                path = parent
            case .index(let parent, let index):
                keys.append(FrameIndexKey(index))
                path = parent
            }
        }
    }
}
