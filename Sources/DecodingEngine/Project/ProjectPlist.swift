/// A value of an Xcode project file (`project.pbxproj`, an old-style ASCII property list), with
/// the line it starts on, so that what the project says wrongly can be pointed at.
///
/// The format has three kinds of value: strings (quoted or not: `isa = PBXGroup;`, `path =
/// "My App";`), arrays (`( a, b, )`) and dictionaries (`{ key = value; }`). Data (`<0fbd77>`)
/// never appears in a project file and is not read.
public struct ProjectPlist: Sendable, Hashable {
    public indirect enum Value: Sendable, Hashable {
        case string(String)
        case array([ProjectPlist])
        /// Keys in the file's order; a key given twice keeps its last value, as Xcode reads it.
        case dictionary([String: ProjectPlist])
    }

    public var value: Value
    /// The line the value starts on, from 1.
    public var line: Int

    public init(_ value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// The text of a string value; nil for an array or a dictionary.
    public var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    /// The items of an array value; nil otherwise.
    public var array: [ProjectPlist]? {
        if case .array(let items) = value { items } else { nil }
    }

    /// The entries of a dictionary value; nil otherwise.
    public var dictionary: [String: ProjectPlist]? {
        if case .dictionary(let entries) = value { entries } else { nil }
    }

    /// The value at `key` of a dictionary value.
    public subscript(key: String) -> ProjectPlist? { dictionary?[key] }
}
