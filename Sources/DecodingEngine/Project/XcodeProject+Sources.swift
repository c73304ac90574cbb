import Foundation

extension XcodeProject {
    /// The Swift files the target `name` compiles and the settings it compiles them with.
    ///
    /// Files come from the target's Sources build phase (each `PBXBuildFile`'s `fileRef`, placed
    /// through its groups, ``location(of:)``), and from its buildable folders (Xcode 16's
    /// `PBXFileSystemSynchronizedRootGroup`: every Swift file under the folder, less the
    /// membership exceptions the folder lists for this target).
    public func sources(ofTarget name: String) throws(Problem) -> XcodeTargetSources {
        guard let (targetID, _, target) = targets.first(where: { $0.name == name }) else {
            throw .unknownTarget(project: bundle, name: name, known: targetNames)
        }
        var notes: [Note] = []
        var files: [String] = []
        let parents = try parentGroups()
        for (_, phase) in try objects("buildPhases", of: target) where phase["isa"]?.string == "PBXSourcesBuildPhase" {
            for (_, buildFile) in try objects("files", of: phase, isa: ["PBXBuildFile"]) {
                // A package product or a build file without a reference compiles nothing of the app's.
                guard let reference = buildFile["fileRef"], let id = reference.string else { continue }
                let file = try object(reference, key: "fileRef", in: buildFile)
                guard file["isa"]?.string == "PBXFileReference" else { continue }
                let path = file["path"]?.string ?? file["name"]?.string ?? ""
                guard path.hasSuffix(".swift") else { continue }
                switch try location(of: id, parents: parents) {
                case .path(let found): files.append(found)
                case .outside(let tree): notes.append(.sourceOutsideProject(path, tree: tree))
                }
            }
        }
        for (id, folder) in try objects("fileSystemSynchronizedGroups", of: target, isa: ["PBXFileSystemSynchronizedRootGroup"]) {
            let root: String
            switch try location(of: id, parents: parents) {
            case .path(let found): root = found
            case .outside(let tree):
                notes.append(.sourceOutsideProject(folder["path"]?.string ?? "", tree: tree))
                continue
            }
            let excluded = try membershipExceptions(of: folder, forTarget: targetID)
            files += Self.swiftFiles(under: root).filter { relative in
                !excluded.contains { relative == $0 || relative.hasPrefix($0 + "/") }
            }.map { root + "/" + $0 }
        }
        guard !files.isEmpty else { throw .noSwiftFiles(project: bundle, target: name) }
        var seen: Set<String> = []
        files = files.filter { seen.insert($0).inserted }
        var settings = try XcodeBuildSettings(target: target, in: self)
        let module = Self.moduleName(settings.value("PRODUCT_MODULE_NAME") ?? settings.value("PRODUCT_NAME") ?? name)
        var compiler = settings.compiler
        if compiler.defaultIsolation == "MainActor" { notes.append(.mainActorIsolation) }
        compiler.origin = "the target \(name) of \(bundle) (\(settings.configuration))"
        return XcodeTargetSources(
            project: bundle, target: name, files: files, settings: compiler, moduleName: module, notes: settings.notes + notes)
    }

    /// Where an object of the project's tree is on disk, or which tree outside the project it lies in.
    enum Location: Equatable {
        case path(String)
        case outside(tree: String)
    }

    /// The place of the file or group `id`: its `path` under its `sourceTree`, `<group>` being its
    /// parent group's place (the main group's: the project's folder).
    func location(of id: String, parents: [String: String]) throws(Problem) -> Location {
        var components: [String] = []
        var current = id
        for _ in 0..<Self.groupDepthLimit {
            guard let object = objects[current] else { break }
            let path = object["path"]?.string ?? ""
            if !path.isEmpty { components.insert(path, at: 0) }
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<absolute>": return .path(Self.join(components))
            case "SOURCE_ROOT": return .path(Self.join([sourceRoot] + components))
            case "<group>":
                guard let parent = parents[current] else { return .path(Self.join([sourceRoot] + components)) }
                current = parent
            case let tree: return .outside(tree: tree)
            }
        }
        throw .groupCycle(file: file, line: objects[id]?.line ?? 1)
    }

    /// Deeper than any project's groups nest; a loop of parents stops here.
    static let groupDepthLimit = 256

    /// Each group's children's parent: the child's id to the group's.
    func parentGroups() throws(Problem) -> [String: String] {
        var parents: [String: String] = [:]
        for (id, object) in objects {
            guard let children = object["children"] else { continue }
            guard let items = children.array else { throw .notAnArray(file: file, line: children.line, key: "children") }
            for child in items { if let childID = child.string { parents[childID] = id } }
        }
        return parents
    }

    /// The paths (relative to the folder) that a buildable folder leaves out of `target`: the
    /// `membershipExceptions` of its exception sets for that target.
    func membershipExceptions(of folder: ProjectPlist, forTarget target: String) throws(Problem) -> [String] {
        var excluded: [String] = []
        for (_, exceptions) in try objects("exceptions", of: folder)
        where exceptions["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" && exceptions["target"]?.string == target {
            guard let list = exceptions["membershipExceptions"] else { continue }
            guard let items = list.array else { throw .notAnArray(file: file, line: list.line, key: "membershipExceptions") }
            excluded += items.compactMap(\.string)
        }
        return excluded
    }

    /// The Swift files under `folder`, relative to it, sorted; hidden files and folders left out,
    /// as Xcode leaves them out of a buildable folder, and so are the folders Xcode takes as one
    /// file (``bundleExtensions``: a playground's pages, a documentation catalog's snippets).
    static func swiftFiles(under folder: String) -> [String] {
        guard
            let walk = FileManager.default.enumerator(
                at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walk {
            if Self.bundleExtensions.contains(url.pathExtension) {
                walk.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            if path.hasPrefix(base) { found.append(String(path.dropFirst(base.count))) }
        }
        return found.sorted()
    }

    /// `My App` → `My_App`, `2048` → `_2048`: a product's name as a module's.
    static func moduleName(_ name: String) -> String {
        var scalars = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        }
        if let first = scalars.first, first.isNumber { scalars.insert("_", at: 0) }
        return scalars.isEmpty ? "App" : String(scalars)
    }

    /// Folders a buildable folder holds as one resource, never compiling what is inside.
    static let bundleExtensions: Set<String> = [
        "playground", "docc", "xcassets", "bundle", "xcodeproj", "xcworkspace", "swiftpm", "framework", "xcframework", "app",
    ]

    static func join(_ components: [String]) -> String {
        guard let first = components.first else { return "/" }
        let url = components.dropFirst().reduce(URL(fileURLWithPath: first)) { $0.appendingPathComponent($1) }
        return url.standardizedFileURL.path
    }
}
