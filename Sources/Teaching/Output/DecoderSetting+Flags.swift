import DecodingEngine

extension DecoderSetting {
    /// The flags that give `check` this setting (`--key-strategy snake-case`); nil when no flag
    /// expresses one of its strategies (a `.custom` date strategy). The words are the ones
    /// `check` reads (``DecodeOptions/DateStrategy/flagWord``).
    public var checkFlags: [String]? {
        var flags: [String] = []
        for strategy in strategies {
            switch strategy {
            case .keys(let keys): flags += ["--key-strategy", keys == .useDefaultKeys ? "default" : "snake-case"]
            case .dates(let dates): flags += ["--date-strategy", dates.flagWord]
            case .customDates: return nil
            }
        }
        return flags
    }
}
