import Foundation

/// Decodes one target type at the root, or at the end of a key path. The path is walked with
/// nested containers and the last step decodes the target with `decode(T.self, forKey:)`, never
/// `T(from:)`, so `Date`, `Data`, `URL`, `Decimal` and dictionaries get `JSONDecoder`'s special
/// treatment exactly as in the app.
enum KeyPathWalk<Target: Decodable> {
    static func decode(_ decoder: JSONDecoder, _ data: Data, steps: [RunnerJob.Step], traced: Bool) throws -> Target {
        let traced = traced && Tracer.traces(Target.self)
        if steps.isEmpty {
            return try traced ? decoder.decode(Traced<Target>.self, from: data).value : decoder.decode(Target.self, from: data)
        }
        var snake = false
        if case .convertFromSnakeCase = decoder.keyDecodingStrategy { snake = true }
        decoder.userInfo[Walk<Target>.stepsKey] = WalkPlan(steps: steps.map { $0.codingKey(snakeCase: snake) }, traced: traced)
        return try decoder.decode(Walk<Target>.self, from: data).value
    }
}

/// The steps of a walk, handed to ``Walk`` through `userInfo`.
struct WalkPlan {
    var steps: [RunnerJob.Step]
    var traced: Bool
}

/// Skips one element of an unkeyed container.
struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Walks to the node of the key path with nested containers, then decodes the target there.
struct Walk<Target: Decodable>: Decodable {
    static var stepsKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "codable-explorer.steps")! }

    let value: Target

    init(from decoder: any Decoder) throws {
        let plan = decoder.userInfo[Self.stepsKey] as? WalkPlan ?? WalkPlan(steps: [], traced: false)
        value = try Self.walk(decoder, plan.steps[...], traced: plan.traced)
    }

    static func walk(_ decoder: any Decoder, _ steps: ArraySlice<RunnerJob.Step>, traced: Bool) throws -> Target {
        guard let step = steps.first else {
            let container = try decoder.singleValueContainer()
            return try traced ? container.decode(Traced<Target>.self).value : container.decode(Target.self)
        }
        let rest = steps.dropFirst()
        if let index = step.index {
            var container = try decoder.unkeyedContainer()
            for _ in 0..<index { _ = try container.decode(Skip.self) }
            if rest.isEmpty { return try traced ? container.decode(Traced<Target>.self).value : container.decode(Target.self) }
            return try walk(try container.superDecoder(), rest, traced: traced)
        }
        let container = try decoder.container(keyedBy: StepKey.self)
        let key = StepKey(stringValue: step.key ?? "")
        if rest.isEmpty {
            return try traced ? container.decode(Traced<Target>.self, forKey: key).value : container.decode(Target.self, forKey: key)
        }
        return try walk(try container.superDecoder(forKey: key), rest, traced: traced)
    }
}
