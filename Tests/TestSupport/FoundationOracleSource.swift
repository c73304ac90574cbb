/// The fixed part of ``FoundationOracle``'s program: walks to a node as apps do, renders the
/// decoded value with `Mirror` (independently of the product's own value model) and prints each
/// verdict as one JSON line. Every name starts with `oracle`/`Oracle`, clear of the models' own.
enum FoundationOracleSource {
    static let support = #"""
        import Foundation

        /// The walker's key and skipper, named as `NodePath.swiftCode` names them (Foundation's messages
        /// quote the key's type: `No value associated with key AnyKey(…)`); nested, so a model's own
        /// `AnyKey` does not clash (a nested type prints as its own name).
        enum OracleWalk {
            struct AnyKey: CodingKey {
                var stringValue: String
                var intValue: Int?
                init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
                init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
            }
            struct Skip: Decodable { init(from decoder: Decoder) throws {} }
        }
        enum OracleStep { case key(String), index(Int) }
        final class OraclePathBox: @unchecked Sendable { var steps: [OracleStep] = [] }
        let oraclePathKey = CodingUserInfoKey(rawValue: "path")!

        enum OracleContainer { case k(KeyedDecodingContainer<OracleWalk.AnyKey>), u(UnkeyedDecodingContainer) }

        /// Decodes T at a key path by walking nested containers, as apps do.
        struct OracleAtPath<T: Decodable>: Decodable {
            let value: T
            init(from decoder: Decoder) throws {
                let steps = (decoder.userInfo[oraclePathKey] as! OraclePathBox).steps
                    var c: OracleContainer
                if case .key = steps[0] { c = .k(try decoder.container(keyedBy: OracleWalk.AnyKey.self)) } else { c = .u(try decoder.unkeyedContainer()) }
                for (i, s) in steps.enumerated() {
                    let next: OracleStep? = i + 1 < steps.count ? steps[i + 1] : nil
                    switch (c, s) {
                    case (.k(let k), .key(let name)):
                        let key = OracleWalk.AnyKey(stringValue: name)
                        switch next {
                        case nil: value = try k.decode(T.self, forKey: key); return
                        case .key?: c = .k(try k.nestedContainer(keyedBy: OracleWalk.AnyKey.self, forKey: key))
                        case .index?: c = .u(try k.nestedUnkeyedContainer(forKey: key))
                        }
                    case (.u(var u), .index(let n)):
                        while u.currentIndex < n { _ = try u.decode(OracleWalk.Skip.self) }
                        switch next {
                        case nil: value = try u.decode(T.self); return
                        case .key?: c = .k(try u.nestedContainer(keyedBy: OracleWalk.AnyKey.self))
                        case .index?: c = .u(try u.nestedUnkeyedContainer())
                        }
                    default: fatalError("bad path")
                    }
                }
                fatalError("empty path")
            }
        }

        func oracleQuote(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }

        func oracleObject(_ fields: [(String, String)]) -> String {
            "{" + fields.map { oracleQuote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }

        func oracleKeyText(_ k: Any) -> String {
            if let s = k as? String { return s }
            if let r = k as? any RawRepresentable { return "\(r.rawValue)" }
            return "\(k)"
        }

        func oracleRender(_ v: Any) -> String {
            let m = Mirror(reflecting: v)
            if m.displayStyle == .optional { return m.children.first.map { oracleRender($0.value) } ?? "null" }
            switch v {
            case let x as String: return oracleQuote(x)
            case let x as Bool: return x ? "true" : "false"
            case let x as Int: return "\(x)"
            case let x as Int8: return "\(x)"
            case let x as Int16: return "\(x)"
            case let x as Int32: return "\(x)"
            case let x as Int64: return "\(x)"
            case let x as UInt: return "\(x)"
            case let x as UInt8: return "\(x)"
            case let x as UInt16: return "\(x)"
            case let x as UInt32: return "\(x)"
            case let x as UInt64: return "\(x)"
            case let x as Float: return x.isFinite ? "\(x)" : oracleQuote("\(x)")
            case let x as Double: return x.isFinite ? "\(x)" : oracleQuote("\(x)")
            case let x as CGFloat: return x.isFinite ? "\(x)" : oracleQuote("\(x)")
            case let x as Decimal: return oracleQuote(x.description)
            case let x as Date:
                let f = ISO8601DateFormatter()
                f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                f.timeZone = TimeZone(identifier: "UTC")
                return oracleQuote(f.string(from: x))
            case let x as Data: return oracleQuote(x.base64EncodedString())
            case let x as URL: return oracleQuote(x.absoluteString)
            case let x as UUID: return oracleQuote(x.uuidString)
            default: break
            }
            switch m.displayStyle {
            case .collection?, .set?:
                return "[" + m.children.map { oracleRender($0.value) }.joined(separator: ",") + "]"
            case .dictionary?:
                let pairs = m.children.map { c -> (String, String) in
                    let kv = Array(Mirror(reflecting: c.value).children)
                    return (oracleKeyText(kv[0].value), oracleRender(kv[1].value))
                }
                return oracleObject(pairs.sorted { $0.0 < $1.0 })
            case .enum?:
                if let r = v as? any RawRepresentable { return oracleRender(r.rawValue) }
                guard let payload = m.children.first else { return oracleObject([("case", oracleQuote("\(v)"))]) }
                let pm = Mirror(reflecting: payload.value)
                let values: [(String, String)]
                if pm.displayStyle == .tuple {
                    values = pm.children.enumerated().map { i, c in
                        let label = (c.label ?? ".\(i)").hasPrefix(".") ? "_\(i)" : c.label!
                        return (label, oracleRender(c.value))
                    }
                } else {
                    values = [("_0", oracleRender(payload.value))]
                }
                return oracleObject([("case", oracleQuote(payload.label ?? "")), ("values", oracleObject(values))])
            default:
                var fields: [(String, String)] = []
                var mirrors: [Mirror] = [m]
                while let s = mirrors.last!.superclassMirror { mirrors.append(s) }
                for mm in mirrors.reversed() {
                    for c in mm.children { fields.append((c.label ?? "", oracleRender(c.value))) }
                }
                return oracleObject(fields)
            }
        }

        func oraclePathJSON(_ path: [CodingKey]) -> String {
            "[" + path.map { k in
                if let i = k.intValue, k.stringValue == "Index \(i)" { return "\(i)" }
                return oracleQuote(k.stringValue)
            }.joined(separator: ",") + "]"
        }

        func oracleFormatter(_ format: String) -> DateFormatter {
            let f = DateFormatter()
            f.dateFormat = format
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            return f
        }

        /// Decodes T, at the root or at `path` by walking nested containers.
        func oracleDecode<T: Decodable>(_ t: T.Type, _ decoder: JSONDecoder, _ data: Data, _ path: [OracleStep]) throws -> Any {
            if path.isEmpty { return try decoder.decode(T.self, from: data) }
            let box = OraclePathBox()
            box.steps = path
            decoder.userInfo[oraclePathKey] = box
            return try decoder.decode(OracleAtPath<T>.self, from: data).value
        }

        /// What a case returns when its own statements decoded: no value to show.
        struct OracleDone {}

        /// Runs one case and prints its verdict as one JSON line.
        func oracleReport(_ body: () throws -> Any) {
            do {
                let value = try body()
                print(value is OracleDone ? oracleObject([("ok", "true")]) : oracleObject([("ok", "true"), ("value", oracleRender(value))]))
            } catch let e as DecodingError {
                var f: [(String, String)] = [("ok", "false")]
                switch e {
                case .keyNotFound(let k, let c):
                    f += [("kind", oracleQuote("keyNotFound")), ("codingPath", oraclePathJSON(c.codingPath)), ("key", oracleQuote(k.stringValue)), ("debugDescription", oracleQuote(c.debugDescription))]
                case .typeMismatch(let t, let c):
                    f += [("kind", oracleQuote("typeMismatch")), ("codingPath", oraclePathJSON(c.codingPath)), ("expectedType", oracleQuote(String(describing: t))), ("debugDescription", oracleQuote(c.debugDescription))]
                case .valueNotFound(let t, let c):
                    f += [("kind", oracleQuote("valueNotFound")), ("codingPath", oraclePathJSON(c.codingPath)), ("expectedType", oracleQuote(String(describing: t))), ("debugDescription", oracleQuote(c.debugDescription))]
                case .dataCorrupted(let c):
                    f += [("kind", oracleQuote("dataCorrupted")), ("codingPath", oraclePathJSON(c.codingPath)), ("debugDescription", oracleQuote(c.debugDescription))]
                @unknown default: f += [("kind", oracleQuote("unknown"))]
                }
                print(oracleObject(f))
            } catch {
                print(oracleObject([("ok", "false"), ("kind", oracleQuote("other")), ("errorType", oracleQuote(String(reflecting: Swift.type(of: error)))), ("debugDescription", oracleQuote(String(describing: error)))]))
            }
        }
        """#
}
