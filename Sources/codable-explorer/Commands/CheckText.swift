import DecodingEngine
import Foundation
import JSONTree

/// `check --format text`: each error like a compiler diagnostic, with the payload line, a
/// caret, and notes for the real cause and the model property it concerns.
struct CheckText {
    var report: DecodeReport
    var job: CheckJob

    var rendered: String {
        let file = TerminalSafeText.escape(job.payloadName)
        if report.ok {
            return "\(file): ok: \(TerminalSafeText.escape(job.type.swiftSpelling)) decoded at \(job.pathText)"
        }
        var out: [String] = []
        for error in report.errors {
            let path = error.codingPath.isEmpty ? "" : " at " + Self.codingPathText(error.codingPath)
            let message = "\(error.kind.rawValue)\(path): \(TerminalSafeText.escape(error.debugDescription))"
            let location = error.location ?? report.parseError?.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            out.append(PayloadDiagnostic(severity: .error, message: message, location: location).rendered(file: job.payloadName, payload: job.bytes))
            if let parseError = report.parseError, error.codingPath.isEmpty {
                out.append(parseError.diagnostic.rendered(file: job.payloadName, payload: job.bytes).replacingFirst("error:", with: "note: why:"))
            }
            if let cause = error.realCause {
                out.append(PayloadDiagnostic(severity: .note, message: TerminalSafeText.escape(cause.explanation), location: cause.location)
                    .rendered(file: job.payloadName, payload: job.bytes))
            }
            if let property = error.property {
                out.append("\(TerminalSafeText.escape(property.location.description)): note: the model property: \(TerminalSafeText.escape(property.declarationText))")
            }
        }
        out.append("\(file): \(report.errors.count) error\(report.errors.count == 1 ? "" : "s") decoding \(TerminalSafeText.escape(job.type.swiftSpelling)) at \(job.pathText)")
        return out.joined(separator: "\n")
    }

    /// A coding path as people read it: `products[1].name`.
    static func codingPathText(_ path: [PathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += (text.isEmpty ? "" : ".") + TerminalSafeText.escape(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
