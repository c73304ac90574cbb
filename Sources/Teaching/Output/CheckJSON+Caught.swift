import DecodingEngine
import JSONTree

extension CheckJSON {
    /// `caught`: each error the model's own code caught, as the contract's error object plus
    /// `caughtAt` and `outcome` (absent when nothing was caught); `unreadKeys` when they were asked for.
    static func caughtMembers(_ result: CheckResult) -> [OutputJSON.Member] {
        let report = result.report
        var members: [OutputJSON.Member] = []
        if !report.caught.isEmpty {
            let caught = report.caught.map { caught in
                OutputJSON.object(
                    errorMembers(caught.error, in: report) + [.init("caughtAt", caughtAt(caught)), .init("outcome", outcome(caught))])
            }
            members.append(.init("caught", .array(caught)))
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
