import JSONTree

/// Infers Swift `Codable` models from the values in a payload.
///
/// The steps, each its own type: ``ShapeBuilder`` merges every value into the shape of its
/// position (all elements of an array into one); ``MapDetector`` marks the objects used as
/// dictionaries; ``DateDetector`` finds the strings that are dates and the one strategy that
/// parses them all; ``DeclarationBuilder`` turns shapes into Swift types; ``NameAssigner``
/// names them. The result prints itself (``InferredModels/swiftSource``).
public struct ModelInferrer: Sendable {
    public var options: InferenceOptions

    public init(_ options: InferenceOptions = InferenceOptions()) {
        self.options = options
    }

    /// Models for the node `node` of `tree` (its root by default).
    public func infer(tree: JSONTree, at node: NodeID? = nil) throws(InferenceError) -> InferredModels {
        try infer(samples: [(tree, node ?? tree.root)])
    }

    /// Models that decode every sample: each is merged into one shape as the elements of an
    /// array are (a key some samples lack is optional), so every body of a capture's route
    /// decodes with them. Each tree is read once, as the sequence hands it over, and not kept.
    public func infer(samples: some Sequence<(JSONTree, NodeID)>) throws(InferenceError) -> InferredModels {
        if let problem = options.rootNameProblem {
            throw .invalidTypeName(options.rootName, reason: problem)
        }
        let builder = ShapeBuilder(tracksDistinctStrings: options.stringEnums)
        var merged: Shape?
        for (tree, node) in samples {
            guard node >= 0 && node < tree.nodeCount else { throw .noSuchNode(node) }
            let shape = try builder.build(tree, at: node)
            if let merged { merged.absorb(shape) } else { merged = shape }
        }
        guard let root = merged else { throw .noSamples }
        return try models(root)
    }

    private func models(_ root: Shape) throws(InferenceError) -> InferredModels {
        let shapes = Self.resolveMaps(from: root)
        let dates = DateDetector().decide(shapes)

        var converted: [String: String] = [:]
        if options.keyStrategy == .convertFromSnakeCase {
            converted = KeyConversion.convertFromSnakeCase(shapes.flatMap { $0.mapValue == nil ? $0.fieldOrder : [] })
        }
        let builder = DeclarationBuilder(options: options, converted: converted)
        let rootType = builder.type(of: root, hint: options.rootName, depth: 0)
        var declarations = builder.declarations
        var rootDeclaration: Int?
        if case let .named(index) = rootType, declarations[index].depth == 0 { rootDeclaration = index }
        try Self.checkSquareDepth(declarations, root: rootDeclaration == nil ? rootType : nil, rootPath: root.path)
        NameAssigner.assign(&declarations, root: rootDeclaration, rootName: options.rootName)
        return InferredModels(
            rootTypeName: options.rootName, keyStrategy: options.keyStrategy, dateStrategy: dates,
            declarations: declarations, rootAlias: rootDeclaration == nil ? rootType : nil)
    }

    /// The most square brackets a written type may nest: ModelSchema's `NestingLimit.squareDepth`
    /// (this module does not import swift-syntax; a test holds the two equal).
    public static let squareDepthLimit = 8

    /// Refuses models whose types nest more square brackets than a model file may.
    static func checkSquareDepth(_ declarations: [Declaration], root: SwiftType?, rootPath: String) throws(InferenceError) {
        func check(_ type: SwiftType, _ path: String) throws(InferenceError) {
            let depth = type.squareDepth
            if depth > squareDepthLimit { throw .arraysNestTooDeep(path: path, depth: depth, limit: squareDepthLimit) }
        }
        if let root { try check(root, rootPath) }
        for declaration in declarations {
            switch declaration.body {
            case .structure(let properties):
                for p in properties { try check(p.type, declaration.path + "." + p.name.codingKey) }
            case .union(let cases):
                for c in cases { try check(c.type, declaration.path) }
            case .stringEnum: break
            }
        }
    }

    /// Every shape the models will describe, with maps resolved: a map's keys are not
    /// properties, its values merge into one shape.
    static func resolveMaps(from root: Shape) -> [Shape] {
        let detector = MapDetector()
        var out: [Shape] = []
        var pending = [root]
        while let shape = pending.popLast() {
            out.append(shape)
            if detector.isMap(shape) {
                let value = Shape.merged(shape.fieldOrder.compactMap { shape.fields[$0]?.shape }, path: shape.path + ".*")
                shape.mapValue = value
                pending.append(value)
            } else {
                pending += shape.fieldOrder.compactMap { shape.fields[$0]?.shape }
            }
            if let element = shape.element { pending.append(element) }
        }
        return out
    }
}
