import DecodingEngine

/// A change the `o` menu makes.
public enum OptionChange: Hashable, Sendable {
    /// Moves to the next (or previous) value of the highlighted setting.
    case cycle(item: Int, forward: Bool)
    /// A `formatted` date strategy with this `dateFormat`.
    case dateFormat(String)
    /// Closes the menu; decodes again when something changed.
    case close
}

/// The `o` menu: the `JSONDecoder` strategies and all-errors mode, each cycled in place.
public enum OptionsMenu {
    public static let labels = ["keys", "dates", "data", "non-conforming floats", "JSON5", "all errors"]
    static let defaultDateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"

    /// The current value of each setting, as the command line spells it.
    public static func values(_ options: DecodeOptions) -> [String] {
        [
            options.keys == .useDefaultKeys ? "default" : "snake-case (convertFromSnakeCase)",
            dateText(options.dates),
            options.data == .base64 ? "base64" : "deferred",
            {
                if case .convertFromString(let p, let n, let nan) = options.floats {
                    return "convert \(p) \(n) \(nan)"
                } else {
                    return "throw"
                }
            }(),
            options.allowsJSON5 ? "on" : "off",
            options.allErrors ? "on (go on past each error)" : "off (the first error, as JSONDecoder throws it)",
        ]
    }

    /// The date strategy's phrase; a format with the key that edits it.
    static func dateText(_ dates: DecodeOptions.DateStrategy) -> String {
        dates.phrase { "\"\($0)\"" } + (dates.format == nil ? "" : "  (e edits)")
    }

    /// The options with one setting moved on.
    public static func cycle(_ options: DecodeOptions, item: Int, forward: Bool) -> DecodeOptions {
        var o = options
        switch item {
        case 0: o.keys = o.keys == .useDefaultKeys ? .convertFromSnakeCase : .useDefaultKeys
        case 1:
            let all = DecodeOptions.DateStrategy.simpleCases + [.formatted(o.dates.format ?? defaultDateFormat)]
            let index = all.firstIndex(of: o.dates) ?? 0
            o.dates = all[(index + (forward ? 1 : all.count - 1)) % all.count]
        case 2: o.data = o.data == .base64 ? .deferredToData : .base64
        case 3:
            if case .throw = o.floats {
                o.floats = .convertFromString(positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            } else {
                o.floats = .throw
            }
        case 4: o.allowsJSON5.toggle()
        case 5: o.allErrors.toggle()
        default: break
        }
        return o
    }
}
