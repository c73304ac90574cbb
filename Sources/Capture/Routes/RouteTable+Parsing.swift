import JSONTree

extension RouteTable {
    /// Reads a routes file, one rule a line: `METHOD PATTERN TYPE [at KEYPATH] [status LIST]`,
    /// `#` to the end of a line a comment. The type expression may hold spaces inside its
    /// brackets (`[String: User]`, `Result<A, B>`): words are split only outside them.
    ///
    ///     GET  /v1/users/{id}     User
    ///     GET  /v1/users          [User]     at data
    ///     *    /v1/**             APIError   status 4xx,5xx
    public static func parse(_ text: String, file: String) throws(RouteError) -> RouteTable {
        var rules: [RouteRule] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = try RouteLine(line: number + 1, file: file).words(of: Array(line.unicodeScalars))
            guard !words.isEmpty else { continue }
            rules.append(try RouteLine(line: number + 1, file: file).rule(words))
        }
        return RouteTable(rules: rules, file: file)
    }
}

/// One line of a routes file, split and read.
struct RouteLine {
    var line: Int
    var file: String

    struct Word {
        var text: String
        /// 1-based, in Unicode scalars.
        var column: Int
    }

    func error(_ column: Int, _ reason: RouteError.Reason) -> RouteError {
        RouteError(file: file, line: line, column: column, reason: reason)
    }

    /// The line's words outside brackets and quotes, up to a `#` outside them.
    func words(of scalars: [Unicode.Scalar]) throws(RouteError) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0
        var closers: [(Unicode.Scalar, Int)] = []
        var quote: Unicode.Scalar?
        func close() {
            if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
            current = ""
        }
        for (index, scalar) in scalars.enumerated() {
            if let open = quote {
                current.unicodeScalars.append(scalar)
                if scalar == open { quote = nil }
                continue
            }
            if closers.isEmpty, scalar == "#" { break }
            if closers.isEmpty, scalar == " " || scalar == "\t" || scalar == "\r" {
                close()
                continue
            }
            if current.isEmpty { start = index }
            current.unicodeScalars.append(scalar)
            switch scalar {
            case "\"", "'": quote = scalar
            case "[": closers.append(("]", index))
            case "<": closers.append((">", index))
            case "(": closers.append((")", index))
            case "]", ">", ")":
                // `->` in a function type is not a closer.
                if scalar == ">", current.hasSuffix("->") { break }
                guard let (expected, _) = closers.last, expected == scalar else {
                    throw error(index + 1, .unbalanced(String(scalar)))
                }
                closers.removeLast()
            default: break
            }
        }
        if let (expected, at) = closers.last { throw error(at + 1, .unbalanced(String(expected))) }
        close()
        return words
    }

    func rule(_ words: [Word]) throws(RouteError) -> RouteRule {
        let methodWord = words[0]
        let method = methodWord.text == "*" ? nil : methodWord.text.uppercased()
        if let method, !method.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            throw error(methodWord.column, .badMethod(methodWord.text))
        }
        guard words.count > 1 else { throw error(methodWord.column + methodWord.text.unicodeScalars.count, .missingPattern) }
        let pattern = try self.pattern(words[1])
        guard words.count > 2, !["at", "status"].contains(words[2].text) else {
            throw error(words.count > 2 ? words[2].column : words[1].column + words[1].text.unicodeScalars.count, .missingType)
        }
        // The type is every word up to `at` or `status` (a type expression is one word outside its brackets,
        // but `some User?` spellings are left to the engine to judge).
        var index = 2
        var typeWords: [String] = []
        while index < words.count, !["at", "status"].contains(words[index].text) {
            typeWords.append(words[index].text)
            index += 1
        }
        var rule = RouteRule(
            method: method, pattern: pattern, typeExpression: typeWords.joined(separator: " "), line: line,
            typeColumn: words[2].column)
        var sawAt = false
        var sawStatus = false
        while index < words.count {
            let keyword = words[index]
            index += 1
            guard keyword.text == "at" || keyword.text == "status" else { throw error(keyword.column, .unexpected(keyword.text)) }
            guard index < words.count, !["at", "status"].contains(words[index].text) else {
                throw error(keyword.column, .missingValue(keyword: keyword.text))
            }
            if keyword.text == "at" {
                if sawAt { throw error(keyword.column, .repeated(keyword: "at")) }
                sawAt = true
                let value = words[index]
                index += 1
                do { rule.path = try NodePath(parsing: value.text) } catch {
                    throw self.error(value.column + error.offset, .keyPath(error))
                }
            } else {
                if sawStatus { throw error(keyword.column, .repeated(keyword: "status")) }
                sawStatus = true
                var items: [Word] = []
                // `4xx,5xx` and `4xx, 5xx` alike: the list runs to the next keyword.
                while index < words.count, !["at", "status"].contains(words[index].text) {
                    items.append(words[index])
                    index += 1
                }
                rule.statuses = try statuses(items)
            }
        }
        return rule
    }

    private func pattern(_ word: Word) throws(RouteError) -> RoutePattern {
        guard word.text.hasPrefix("/") else { throw error(word.column, .patternNotPath(word.text)) }
        var segments: [RoutePattern.Segment] = []
        var column = word.column + 1
        let parts = word.text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            defer { column += part.unicodeScalars.count + 1 }
            if part.isEmpty, index == parts.count - 1 { break }  // a trailing slash
            if part == "**" {
                guard index == parts.count - 1 else { throw error(column, .restNotLast) }
                segments.append(.rest)
            } else if part == "*" {
                segments.append(.one(name: nil))
            } else if part.hasPrefix("{"), part.hasSuffix("}"), part.count > 2,
                !part.dropFirst().dropLast().contains(where: { "{}*/".contains($0) })
            {
                segments.append(.one(name: String(part.dropFirst().dropLast())))
            } else if part.isEmpty || part.contains(where: { "{}*".contains($0) }) {
                throw error(column, .badSegment(String(part)))
            } else {
                segments.append(.literal(String(part)))
            }
        }
        return RoutePattern(segments: segments, description: word.text)
    }

    private func statuses(_ words: [Word]) throws(RouteError) -> StatusSet {
        var set = StatusSet()
        for word in words {
            var column = word.column
            for item in word.text.split(separator: ",", omittingEmptySubsequences: false) {
                defer { column += item.unicodeScalars.count + 1 }
                if item.isEmpty, word.text.count > 1 { continue }  // `4xx,` before `5xx`
                let lower = item.lowercased()
                if lower.count == 3, lower.hasSuffix("xx"), let digit = Int(lower.prefix(1)), (1...5).contains(digit) {
                    set.classes.insert(digit)
                } else if lower.count == 3, let code = Int(lower), (100...599).contains(code) {
                    set.codes.insert(code)
                } else {
                    throw error(column, .badStatus(String(item)))
                }
            }
        }
        return set
    }
}
