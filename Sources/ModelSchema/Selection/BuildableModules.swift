/// The modules a model file may import and still be compiled here, by the user's `swiftc` for this
/// platform: the standard library, Foundation and the system's own, and, where this tool itself was
/// built with them (`canImport` below asks the same SDK the user's `swiftc` compiles against), Apple's
/// frameworks. On Linux, SwiftUI, UIKit and AppKit do not exist: a file that imports one is left out
/// of a decode that needs nothing in it, and refused, naming it, by one that does (``SourceSelection``).
/// UIKit is missing on macOS too (only Mac Catalyst has it), so an iOS view file is left out there as well.
public enum BuildableModules {
    /// The names of the modules that can be imported on this platform.
    public static let names: Set<String> = {
        var names: Set<String> = [
            "Foundation", "FoundationEssentials", "FoundationInternationalization", "Swift", "Dispatch", "CoreFoundation",
            "Darwin", "Glibc", "Musl", "os", "Combine", "Observation", "FoundationNetworking", "FoundationXML",
        ]
        #if canImport(SwiftUI)
        names.insert("SwiftUI")
        #endif
        #if canImport(AppKit)
        names.formUnion(["AppKit", "Cocoa"])
        #endif
        #if canImport(UIKit)
        names.insert("UIKit")
        #endif
        #if canImport(CoreGraphics)
        names.insert("CoreGraphics")
        #endif
        #if canImport(OSLog)
        names.insert("OSLog")
        #endif
        #if canImport(CoreLocation)
        names.insert("CoreLocation")
        #endif
        #if canImport(SwiftData)
        names.insert("SwiftData")
        #endif
        return names
    }()

    /// Whether `module` (`Foundation`, or a submodule path's first name) can be imported here.
    public static func contains(_ module: String) -> Bool {
        names.contains(String(module.split(separator: ".").first ?? Substring(module)))
    }
}

extension BuildableModules {
    /// The first top-level `import` of a module this platform cannot build (`import SwiftUI` on
    /// Linux, `import Alamofire`), with its place. An import inside `#if` is guarded by it and not counted.
    public static func firstUnbuildableImport(in sources: [ModelSource]) -> (ModelLocation, String)? {
        for source in sources {
            if let found = FileDeclarations(source).unbuildableImport { return (found.location, found.module) }
        }
        return nil
    }
}
