/// What a target of an Xcode project compiles: its Swift files and the settings its build gives
/// swiftc. A plain list of files and settings, so it goes wherever `--model` files go.
public struct XcodeTargetSources: Sendable, Hashable {
    /// The `.xcodeproj` folder, and the target's name.
    public var project: String
    public var target: String
    /// The target's Swift files, absolute: its Sources build phase's, then its buildable
    /// folders', without the folders' membership exceptions for the target.
    public var files: [String]
    public var settings: SwiftCompilerSettings
    /// The target's module (`PRODUCT_MODULE_NAME`, else its product's or its own name with what
    /// an identifier cannot hold made `_`, as Xcode makes it): what the app's errors print.
    public var moduleName: String
    /// What was left out, said beside the verdict.
    public var notes: [XcodeProject.Note]
}
