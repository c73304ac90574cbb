import DecodingEngine
import Foundation
import ModelSchema

/// One way of decoding the payload into the ``IssuePage`` model, for the engine benchmark
/// (issue 3, section 6). Each runs in its own child process on one payload file.
///
/// The count each reports is the number of decoding errors: 0 when the payload decoded,
/// 1 when `JSONDecoder` stopped at the first, one per failed record in all-errors mode.
enum EngineContestant: String, CaseIterable, MeasuredContestant {
    /// The model compiled as Swift structs, decoded by `JSONDecoder`: the baseline.
    case compiled
    /// The engine in first-error mode: what `check` and the explorer do by default.
    case engine
    /// The engine in all-errors mode: goes on past each failed property and element.
    case engineAllErrors = "engine-all-errors"

    var title: String {
        switch self {
        case .compiled: "JSONDecoder -> IssuePage (compiled)"
        case .engine: "engine, first-error mode"
        case .engineAllErrors: "engine, all-errors mode"
        }
    }

    /// The strategies `IssuePage.decoder()` sets, as engine options.
    static func options(allErrors: Bool) -> DecodeOptions {
        DecodeOptions(keys: .convertFromSnakeCase, dates: .iso8601, allErrors: allErrors)
    }

    /// Builds the schema from the model's source text, as the explorer does once per model.
    static func makeEngine() throws -> (DecodingEngine, TypeRef) {
        let schema = Schema(sources: [ModelSource(path: "IssuePage.swift", text: IssuePage.source)])
        if schema.hasErrors {
            throw BenchError.engineMismatch("the model source has errors: \(schema.diagnostics)")
        }
        do {
            return (DecodingEngine(schema: schema), try schema.resolve("IssuePage"))
        } catch {
            throw BenchError.engineMismatch("IssuePage does not resolve in the model source: \(error)")
        }
    }

    func prepare() throws -> ([UInt8]) throws -> Contestant.Outcome {
        switch self {
        case .compiled:
            return { bytes in
                Contestant.withData(bytes) { data in
                    do {
                        let page = try IssuePage.decoder().decode(IssuePage.self, from: data)
                        return Contestant.Outcome(count: 0, retained: page)
                    } catch {
                        return Contestant.Outcome(count: 1, retained: error)
                    }
                }
            }
        case .engine, .engineAllErrors:
            let (engine, type) = try Self.makeEngine()
            let options = Self.options(allErrors: self == .engineAllErrors)
            return { bytes in
                let report = engine.decode(type, payload: bytes, options: options)
                if let failure = report.failure { throw BenchError.engineMismatch("the engine could not run: \(failure)") }
                if let parseError = report.parseError { throw BenchError.engineMismatch("the payload is not JSON: \(parseError)") }
                return Contestant.Outcome(count: report.errors.count, retained: report)
            }
        }
    }
}
