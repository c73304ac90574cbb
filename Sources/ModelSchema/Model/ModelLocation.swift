import JSONTree

/// A position in a model file, printed as `Models.swift:12:7`.
public struct ModelLocation: Sendable, Hashable, CustomStringConvertible, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The file's last path component with line and column.
    public var description: String {
        "\(SourceDiagnostic.FileShown.lastComponent.shown(file)):\(line):\(column)"
    }
}
