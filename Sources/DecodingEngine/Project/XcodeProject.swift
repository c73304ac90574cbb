import Foundation

/// An Xcode project (`App.xcodeproj`) as its `project.pbxproj` describes it: the object graph
/// (every object by its id) and the project object at its root, read with ``ProjectPlistParser``.
///
/// What a target compiles and how is asked of it by name (``sources(ofTarget:)``); only what
/// decides the meaning of the target's Swift files is read: its files, and the build settings
/// that reach swiftc (``XcodeBuildSettings``).
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder, absolute and standardized.
    public let bundle: String
    /// The folder the project's `SOURCE_ROOT` paths start from: the bundle's folder (with the
    /// project's `projectDirPath`, when it names another).
    let sourceRoot: String
    /// Every object by its id.
    let objects: [String: ProjectPlist]
    /// The `PBXProject` object.
    let project: ProjectPlist

    /// `App.xcodeproj/project.pbxproj`: where every message about the project points.
    public var file: String { bundle + "/project.pbxproj" }

    /// Reads the project at `path` (the `.xcodeproj` folder).
    public static func load(_ path: String) throws(Problem) -> XcodeProject {
        let bundle = URL(fileURLWithPath: path).standardizedFileURL.path
        let file = bundle + "/project.pbxproj"
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: bundle, isDirectory: &isFolder), isFolder.boolValue else {
                throw .notAProject(path)
            }
            throw .cannotRead(file, reason: (error as NSError).localizedDescription)
        }
        let top: ProjectPlist
        do { top = try ProjectPlistParser.parse(text) } catch { throw .malformed(file: file, line: error.line, error.problem) }
        guard let entries = top.dictionary else {
            throw .malformed(file: file, line: top.line, .expected("'{' opening the project", found: top.string ?? "("))
        }
        guard let objects = entries["objects"]?.dictionary else {
            throw .missingKey(file: file, line: top.line, key: "objects", in: "the project file")
        }
        guard let rootID = entries["rootObject"] else {
            throw .missingKey(file: file, line: top.line, key: "rootObject", in: "the project file")
        }
        guard let id = rootID.string, let project = objects[id], project["isa"]?.string == "PBXProject" else {
            throw .badReference(file: file, line: rootID.line, key: "rootObject", expected: "PBXProject")
        }
        var root = URL(fileURLWithPath: bundle).deletingLastPathComponent().path
        if let dir = project["projectDirPath"]?.string, !dir.isEmpty {
            root = dir.hasPrefix("/") ? dir : URL(fileURLWithPath: root).appendingPathComponent(dir).standardizedFileURL.path
        }
        return XcodeProject(bundle: bundle, sourceRoot: root, objects: objects, project: project)
    }

    /// The names of the project's targets, in the project's order.
    public var targetNames: [String] {
        targets.map(\.name)
    }

    /// The project's targets (native, legacy or aggregate) with their ids and objects.
    var targets: [(id: String, name: String, object: ProjectPlist)] {
        (project["targets"]?.array ?? []).compactMap { reference in
            guard let id = reference.string, let object = objects[id], let name = object["name"]?.string else { return nil }
            return (id, name, object)
        }
    }

    /// The object an entry names by id, which must be of one of the kinds `isa` (any, when empty).
    func object(_ reference: ProjectPlist?, key: String, in owner: ProjectPlist, isa: Set<String> = []) throws(Problem) -> ProjectPlist {
        guard let reference else {
            throw .missingKey(file: file, line: owner.line, key: key, in: owner["isa"]?.string ?? "an object")
        }
        guard let id = reference.string, let object = objects[id], isa.isEmpty || isa.contains(object["isa"]?.string ?? "") else {
            throw .badReference(file: file, line: reference.line, key: key, expected: isa.sorted().joined(separator: " or "))
        }
        return object
    }

    /// The objects an array entry names (with their ids), each of one of the kinds `isa`; none when
    /// the key is missing.
    func objects(_ key: String, of owner: ProjectPlist, isa: Set<String> = []) throws(Problem) -> [(id: String, object: ProjectPlist)] {
        guard let entry = owner[key] else { return [] }
        guard let items = entry.array else { throw .notAnArray(file: file, line: entry.line, key: key) }
        var found: [(id: String, object: ProjectPlist)] = []
        for item in items { found.append((item.string ?? "", try object(item, key: key, in: owner, isa: isa))) }
        return found
    }
}
