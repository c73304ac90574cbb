import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// `fix --apply 2,4,6`: several fixes merged into one change (``FixMerge``), decoded again with
/// all of them applied, and written only when together they leave no more errors than the best
/// of them alone.
extension FixRun {
    /// The merged fix with the verdict of its decode, or why not.
    public func together(_ numbers: [Int], from teaching: TeachingReport, job: CheckJob) throws(CommandFailure) -> (fix: Fix, errors: Int) {
        let chosen = numbers.map { ($0, teaching.fixes[$0 - 1]) }
        var merged: Fix
        do { merged = try FixMerge.merge(chosen) } catch { throw .fixesConflict(error) }
        let report = try decode(merged, job: job)
        let best = chosen.min { $0.1.verdict.remaining < $1.1.verdict.remaining }!
        let errors = report.errors.count
        if errors > best.1.verdict.remaining { throw .fixesWorseTogether(errors: errors, best: best.1.verdict.remaining, number: best.0) }
        merged.verdict = errors == 0 ? .decodes(.redecoded) : .removesError(remaining: errors, .redecoded)
        return (merged, errors)
    }

    /// The payload decoded with every error reported, with the merged model (written to a
    /// temporary folder, laid out as the model paths are), strategies and decode call.
    private func decode(_ fix: Fix, job: CheckJob) throws(CommandFailure) -> DecodeReport {
        var decodeJob = job.job
        if let setting = fix.decoderSetting {
            guard let options = setting.applied(to: decodeJob.options) else {
                throw .fixesNotDecodable("a decoder setting check has no flag for")
            }
            decodeJob.options = options
        }
        if let call = fix.decodeCall {
            guard call.typeExpression != nil || call.path != nil else { throw .fixesNotDecodable("a decode call check cannot make") }
            if let type = call.typeExpression { decodeJob.typeExpression = type }
            if let path = call.path {
                do { decodeJob.path = try NodePath(parsing: path) } catch { throw .fixesNotDecodable("the path \(path)") }
            }
        }
        decodeJob.options.allErrors = true
        decodeJob.options.tracesCalls = false
        decodeJob.teaching = .none
        decodeJob.value = .none
        let folder = try Self.mergedModelFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        if job.job.models.package != nil {
            // A package target is built by SwiftPM: the merged files are compiled in place of its build.
            decodeJob.packageEdits = Dictionary(fix.changes.map { ($0.path, $0.edited) }, uniquingKeysWith: { _, last in last })
        } else {
            do { decodeJob.models.paths = try Self.copies(of: job.job.models.paths, with: fix.changes, in: folder) } catch {
                throw .fixesNotRedecoded("cannot write the merged model: \(error.localizedDescription)")
            }
        }
        let run = DecodeClient().run(decodeJob)
        guard let report = run.report, report.failure == nil else {
            if case .doesNotCompile(let diagnostics)? = run.failure {
                throw .fixesNotRedecoded("the merged model does not compile: " + diagnostics.map(\.description).joined(separator: "; "))
            }
            throw .fixesNotRedecoded(run.report?.failure?.description ?? run.failure?.description ?? "no verdict")
        }
        return report
    }

    /// Where the merged model is written to be decoded: a new folder in the temporary folder, 0700
    /// and under a name nobody can guess (`mkdtemp`), since the model is the user's code (a project
    /// folder's secrets must not become readable to others), removed on a signal as at the end.
    public static func mergedModelFolder() throws(CommandFailure) -> URL {
        let folder: URL
        do { folder = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-fixes") } catch {
            throw .fixesNotRedecoded("cannot write the merged model: \(error.description)")
        }
        TemporaryFiles.remove(folder.path)
        return folder
    }

    /// Each model path copied under `folder` (a file as itself, a folder with its `.swift` files),
    /// the changed files with their merged text.
    public static func copies(of modelPaths: [String], with changes: [FileChange], in folder: URL) throws -> [String] {
        let fm = FileManager.default
        func text(of path: String) throws -> String {
            try changes.first { $0.path == path }?.edited ?? String(contentsOfFile: path, encoding: .utf8)
        }
        var result: [String] = []
        for (index, model) in modelPaths.enumerated() {
            let target = folder.appendingPathComponent(String(index))
            try fm.createDirectory(at: target, withIntermediateDirectories: true)
            TemporaryFiles.remove(target.path)
            var isFolder: ObjCBool = false
            _ = fm.fileExists(atPath: model, isDirectory: &isFolder)
            if isFolder.boolValue {
                let files = ((fm.enumerator(atPath: model)?.allObjects as? [String]) ?? []).filter { $0.hasSuffix(".swift") }
                for file in files {
                    let destination = target.appendingPathComponent(file)
                    var made = destination.deletingLastPathComponent()
                    var parents: [String] = []
                    while made.path != target.path, !fm.fileExists(atPath: made.path) {
                        parents.insert(made.path, at: 0)
                        made.deleteLastPathComponent()
                    }
                    try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    parents.forEach(TemporaryFiles.remove)
                    TemporaryFiles.remove(destination.path)
                    try text(of: (model as NSString).appendingPathComponent(file)).write(to: destination, atomically: true, encoding: .utf8)
                }
                result.append(target.path)
            } else {
                let destination = target.appendingPathComponent((model as NSString).lastPathComponent)
                TemporaryFiles.remove(destination.path)
                try text(of: model).write(to: destination, atomically: true, encoding: .utf8)
                result.append(destination.path)
            }
        }
        return result
    }
}
