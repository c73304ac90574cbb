/// The GitHub-issue side of a payload record.
extension PayloadGenerator {
    mutating func writeIssue(number: Int) {
        let createdAt = Self.epochStart + rng.below(Self.fiveYears)
        let updatedAt = createdAt + rng.below(90 * 86_400)
        let isClosed = rng.chance(40)

        writer.beginObject()
        writer.key("id")
        writer.int(1_000_000_000 + number * 7 + rng.below(7))
        writer.key("node_id")
        writeNodeID(prefix: "I_kwDO")
        if fault != .missingKey && !(fault == .missingKeyInOnePercent && number % 100 == 1) {
            writer.key("number")
            writer.int(number)
        }
        writer.key("title")
        writer.beginString()
        writeSentence(minWords: 3, maxWords: 12)
        writer.endString()
        writer.key("state")
        if isClosed { writer.string("closed") } else { writer.string("open") }
        writer.key("state_reason")
        if isClosed { writer.string(rng.chance(80) ? "completed" : "not_planned") } else { writer.null() }
        writer.key("locked")
        writer.bool(rng.chance(3))
        writer.key("html_url")
        writer.beginString()
        writer.raw("https://github.com/codable-explorer/bench/issues/")
        writer.raw(decimal: number)
        writer.endString()
        writer.key("user")
        writeUser()
        writer.key("labels")
        writer.beginArray()
        for _ in 0..<rng.inRange(0...4) { writeLabel() }
        writer.endArray()
        writer.key("assignees")
        writer.beginArray()
        for _ in 0..<rng.inRange(0...2) { writeUser() }
        writer.endArray()
        writer.key("milestone")
        if rng.chance(30) { writeMilestone() } else { writer.null() }
        writer.key("comments")
        writer.int(rng.chance(30) ? 0 : rng.inRange(1...250))
        writer.key("created_at")
        writeDate(createdAt)
        writer.key("updated_at")
        writeDate(updatedAt, millis: rng.chance(50) ? rng.below(1000) : nil)
        writer.key("closed_at")
        if isClosed { writeDate(updatedAt) } else { writer.null() }
        writer.key("author_association")
        writer.string(escaped: rng.pick(PayloadVocabulary.associations))
        writer.key("body")
        if rng.chance(10) { writer.null() } else { writeBody() }
        writer.key("reactions")
        writeReactions()
        writer.key("score")
        writer.fixed(rng.below(1_000_000), scale: 6)
        writer.key("sample_rate")
        writer.scientific(mantissa: rng.inRange(1...9), fractionDigit: rng.below(10), exponent: -rng.inRange(3...9))
        writer.key("location")
        writer.beginObject()
        writer.key("latitude")
        writer.fixed(rng.inRange(-900_000_000...900_000_000), scale: 7)
        writer.key("longitude")
        writer.fixed(rng.inRange(-1_800_000_000...1_800_000_000), scale: 7)
        writer.endObject()
        writer.key("charge")
        writeCharge(createdAt: createdAt)
        writer.endObject()
    }

    private mutating func writeNodeID(prefix: StaticString) {
        writer.beginString()
        writer.raw(prefix)
        writeRandomID(length: 16)
        writer.endString()
    }

    private mutating func writeUser() {
        let id = rng.inRange(1...5_000_000)
        writer.beginObject()
        writer.key("login")
        writer.beginString()
        writer.raw("dev-")
        writer.raw(decimal: id)
        writer.endString()
        writer.key("id")
        writer.int(id)
        writer.key("node_id")
        writeNodeID(prefix: "MDQ6VXNlcj")
        writer.key("name")
        if rng.chance(15) { writer.null() } else { writer.string(escaped: rng.pick(PayloadVocabulary.displayNames)) }
        writer.key("avatar_url")
        writer.beginString()
        writer.raw("https://avatars.githubusercontent.com/u/")
        writer.raw(decimal: id)
        writer.raw("?v=4")
        writer.endString()
        writer.key("type")
        if rng.chance(5) { writer.string("Bot") } else { writer.string("User") }
        writer.key("site_admin")
        writer.bool(rng.chance(1))
        writer.endObject()
    }

    private mutating func writeLabel() {
        let index = rng.below(PayloadVocabulary.labelNames.count)
        writer.beginObject()
        writer.key("id")
        writer.int(208_045_946 + index * 1_013)
        writer.key("name")
        writer.string(escaped: PayloadVocabulary.labelNames[index])
        writer.key("color")
        writer.string(escaped: PayloadVocabulary.labelColors[index % PayloadVocabulary.labelColors.count])
        writer.key("default")
        writer.bool(index < 3)
        writer.key("description")
        if index % 3 == 0 {
            writer.null()
        } else {
            writer.beginString()
            writeSentence(minWords: 2, maxWords: 6)
            writer.endString()
        }
        writer.endObject()
    }

    private mutating func writeMilestone() {
        let number = rng.inRange(1...40)
        writer.beginObject()
        writer.key("id")
        writer.int(5_000_000 + number)
        writer.key("number")
        writer.int(number)
        writer.key("title")
        writer.beginString()
        writer.raw("v")
        writer.raw(decimal: number / 10 + 1)
        writer.raw(".")
        writer.raw(decimal: number % 10)
        writer.endString()
        writer.key("state")
        if rng.chance(50) { writer.string("open") } else { writer.string("closed") }
        writer.key("open_issues")
        writer.int(rng.below(60))
        writer.key("closed_issues")
        writer.int(rng.below(400))
        writer.key("due_on")
        if rng.chance(50) { writer.null() } else { writeDate(Self.epochStart + rng.below(Self.fiveYears)) }
        writer.endObject()
    }

    private mutating func writeBody() {
        writer.beginString()
        let paragraphs = rng.inRange(1...4)
        for paragraph in 0..<paragraphs {
            if paragraph > 0 { writer.raw(PayloadVocabulary.paragraphBreak) }
            for sentence in 0..<rng.inRange(1...5) {
                if sentence > 0 { writer.raw(". ") }
                writeSentence(minWords: 4, maxWords: 16)
            }
            writer.raw(byte: UInt8(ascii: "."))
            if rng.chance(15) { writer.raw(PayloadVocabulary.codeBlock) }
        }
        writer.endString()
    }

    private mutating func writeReactions() {
        let counts = (0..<8).map { _ in rng.chance(70) ? 0 : rng.inRange(1...40) }
        writer.beginObject()
        writer.key("total_count")
        writer.int(counts.reduce(0, +))
        let names: [StaticString] = ["plus_one", "minus_one", "laugh", "hooray", "confused", "heart", "rocket", "eyes"]
        for (name, count) in zip(names, counts) {
            writer.key(name)
            writer.int(count)
        }
        writer.endObject()
    }
}
