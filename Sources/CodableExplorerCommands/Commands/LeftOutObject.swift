import ModelSchema

/// check-output.md's `leftOut`: the files of the model folder left out of the decode because they
/// import a module this platform cannot build and hold nothing it needs, and the line that says so.
struct LeftOutObject: Encodable {
    var files: [String]
    var modules: [String]
    var note: String

    init(_ leftOut: LeftOutFiles) {
        files = leftOut.paths
        modules = leftOut.modules
        note = leftOut.description
    }
}
