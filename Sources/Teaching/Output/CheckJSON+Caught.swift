import DecodingEngine
import JSONTree

extension CheckJSON {
    /// `caught`: each error the model's own code caught, as the contract's error object plus
    /// `caughtAt` and `outcome` (absent when nothing was caught); `unreadKeys` when they were asked for.
    static func caughtMembers(_ result: CheckResult) -> [OutputJSON.Member] {
        let report = result.report
        var members: [OutputJSON.Member] = []
        if !report.caught.isEmpty {
            let lessons = result.teaching?.caught ?? []
            let caught = report.caught.enumerated().map { index, caught in
                OutputJSON.object(
                    errorMembers(caught.error, in: report) + [.init("caughtAt", caughtAt(caught)), .init("outcome", outcome(caught))]
                        + (lessons.count == report.caught.count ? lessonMembers(lessons[index]) : []))
            }
            members.append(.init("caught", .array(caught)))
        }
        if let note = result.unseenCatchNote, let place = result.unseenCatch {
            members.append(.init("caughtUnseen", .object([.init("where", .string(place)), .init("note", .string(note))])))
        }
        if result.listsUnreadKeys {
            let keys = report.unreadKeys.map { unread in
                var object: [OutputJSON.Member] = [.init("key", .string(unread.key))]
                if let type = unread.type { object.append(.init("type", .string(type))) }
                object += [
                    .init("count", .integer(unread.count)), .init("line", .integer(unread.location.line)),
                    .init("column", .integer(unread.location.column)),
                ]
                if let near = unread.near { object.append(.init("near", .string(near))) }
                return OutputJSON.object(object)
            }
            members.append(.init("unreadKeys", .array(keys)))
        }
        return members
    }

    /// `leniency`, `lost`, and when verified `strictFix` and `keepsValueFix` (`strictNote` when no
    /// strict edit is offered).
    static func lessonMembers(_ lesson: CaughtLesson) -> [OutputJSON.Member] {
        var members: [OutputJSON.Member] = [.init("leniency", .string(lesson.leniency)), .init("lost", .string(lesson.lost))]
        if let fix = lesson.strict { members.append(.init("strictFix", caughtFix(fix))) }
        if let note = lesson.strictNote { members.append(.init("strictNote", .string(note))) }
        if let fix = lesson.lenient { members.append(.init("keepsValueFix", caughtFix(fix))) }
        return members
    }

    static func caughtFix(_ fix: CaughtFix) -> OutputJSON {
        var members: [OutputJSON.Member] = [
            .init("title", .string(fix.title)), .init("detail", .string(fix.detail)), .init("verdict", .string(fix.verdict.text)),
            .init("verifiedBy", .string("compiled")),
        ]
        if case .throwsCaughtError(let heading, let said) = fix.verdict {
            members.append(.init("throws", .object([.init("error", .string(heading)), .init("debugDescription", .string(said))])))
        }
        members.append(.init("diff", .string(fix.changes.map(\.diff).joined())))
        return .object(members)
    }

    static func caughtAt(_ caught: CaughtError) -> OutputJSON {
        var members: [OutputJSON.Member] = [.init("call", .string(caught.call))]
        if let catcher = caught.catcher { members.append(.init("type", .string(catcher))) }
        if let wrapper = caught.wrapper { members.append(.init("wrapper", .string(wrapper))) }
        if let at = caught.caughtAt {
            members += [.init("file", .string(at.file)), .init("line", .integer(at.line)), .init("column", .integer(at.column))]
        }
        return .object(members)
    }

    static func outcome(_ caught: CaughtError) -> OutputJSON {
        var members: [OutputJSON.Member] = [.init("kind", .string(caught.outcome.rawValue))]
        if let text = caught.defaultText { members.append(.init("default", .string(text))) }
        members.append(.init("text", .string(caught.outcomeText)))
        return .object(members)
    }
}
