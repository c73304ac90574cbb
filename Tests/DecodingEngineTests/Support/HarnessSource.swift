/// The Swift source of the compiled harness: decodes each case with the real models and
/// prints one JSON line per case. Its value renderer walks the real value with `Mirror`,
/// independently of the engine's `DecodedValue`.
enum HarnessSource {
    static let support = #"""
        import Foundation

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
            init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
        }
        enum Step { case key(String), index(Int) }
        final class PathBox: @unchecked Sendable { var steps: [Step] = [] }
        let pathKey = CodingUserInfoKey(rawValue: "path")!
        struct Skip: Decodable { init(from decoder: Decoder) throws {} }

        enum C { case k(KeyedDecodingContainer<AnyKey>), u(UnkeyedDecodingContainer) }

        /// Decodes T at a key path by walking nested containers, as apps do.
        struct AtPath<T: Decodable>: Decodable {
            let value: T
            init(from decoder: Decoder) throws {
                let steps = (decoder.userInfo[pathKey] as! PathBox).steps
                    var c: C
                if case .key = steps[0] { c = .k(try decoder.container(keyedBy: AnyKey.self)) } else { c = .u(try decoder.unkeyedContainer()) }
                for (i, s) in steps.enumerated() {
                    let next: Step? = i + 1 < steps.count ? steps[i + 1] : nil
                    switch (c, s) {
                    case (.k(let k), .key(let name)):
                        let key = AnyKey(stringValue: name)
                        switch next {
                        case nil: value = try k.decode(T.self, forKey: key); return
                        case .key?: c = .k(try k.nestedContainer(keyedBy: AnyKey.self, forKey: key))
                        case .index?: c = .u(try k.nestedUnkeyedContainer(forKey: key))
                        }
                    case (.u(var u), .index(let n)):
                        while u.currentIndex < n { _ = try u.decode(Skip.self) }
                        switch next {
                        case nil: value = try u.decode(T.self); return
                        case .key?: c = .k(try u.nestedContainer(keyedBy: AnyKey.self))
                        case .index?: c = .u(try u.nestedUnkeyedContainer())
                        }
                    default: fatalError("bad path")
                    }
                }
                fatalError("empty path")
            }
        }

        func quote(_ s: String) -> String {
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

        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }

        func keyText(_ k: Any) -> String {
            if let s = k as? String { return s }
            if let r = k as? any RawRepresentable { return "\(r.rawValue)" }
            return "\(k)"
        }

        func render(_ v: Any) -> String {
            let m = Mirror(reflecting: v)
            if m.displayStyle == .optional { return m.children.first.map { render($0.value) } ?? "null" }
            switch v {
            case let x as String: return quote(x)
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
            case let x as Float: return x.isFinite ? "\(x)" : quote("\(x)")
            case let x as Double: return x.isFinite ? "\(x)" : quote("\(x)")
            case let x as CGFloat: return x.isFinite ? "\(x)" : quote("\(x)")
            case let x as Decimal: return quote(x.description)
            case let x as Date:
                let f = ISO8601DateFormatter()
                f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                f.timeZone = TimeZone(identifier: "UTC")
                return quote(f.string(from: x))
            case let x as Data: return quote(x.base64EncodedString())
            case let x as URL: return quote(x.absoluteString)
            case let x as UUID: return quote(x.uuidString)
            default: break
            }
            switch m.displayStyle {
            case .collection?, .set?:
                return "[" + m.children.map { render($0.value) }.joined(separator: ",") + "]"
            case .dictionary?:
                let pairs = m.children.map { c -> (String, String) in
                    let kv = Array(Mirror(reflecting: c.value).children)
                    return (keyText(kv[0].value), render(kv[1].value))
                }
                return object(pairs.sorted { $0.0 < $1.0 })
            case .enum?:
                if let r = v as? any RawRepresentable { return render(r.rawValue) }
                guard let payload = m.children.first else { return object([("case", quote("\(v)"))]) }
                let pm = Mirror(reflecting: payload.value)
                let values: [(String, String)]
                if pm.displayStyle == .tuple {
                    values = pm.children.enumerated().map { i, c in
                        let label = (c.label ?? ".\(i)").hasPrefix(".") ? "_\(i)" : c.label!
                        return (label, render(c.value))
                    }
                } else {
                    values = [("_0", render(payload.value))]
                }
                return object([("case", quote(payload.label ?? "")), ("values", object(values))])
            default:
                var fields: [(String, String)] = []
                var mirrors: [Mirror] = [m]
                while let s = mirrors.last!.superclassMirror { mirrors.append(s) }
                for mm in mirrors.reversed() {
                    for c in mm.children { fields.append((c.label ?? "", render(c.value))) }
                }
                return object(fields)
            }
        }

        func pathJSON(_ path: [CodingKey]) -> String {
            "[" + path.map { k in
                if let i = k.intValue, k.stringValue == "Index \(i)" { return "\(i)" }
                return quote(k.stringValue)
            }.joined(separator: ",") + "]"
        }

        func run<T: Decodable>(_ t: T.Type, _ payload: String, _ decoder: JSONDecoder, _ path: [Step]) {
            let data = Data(base64Encoded: payload)!
            do {
                let value: Any
                if path.isEmpty {
                    value = try decoder.decode(T.self, from: data)
                } else {
                    let box = PathBox()
                    box.steps = path
                    decoder.userInfo[pathKey] = box
                    value = try decoder.decode(AtPath<T>.self, from: data).value
                }
                print(object([("ok", "true"), ("value", render(value))]))
            } catch let e as DecodingError {
                var f: [(String, String)] = [("ok", "false")]
                switch e {
                case .keyNotFound(let k, let c):
                    f += [("kind", quote("keyNotFound")), ("codingPath", pathJSON(c.codingPath)), ("key", quote(k.stringValue)), ("debugDescription", quote(c.debugDescription))]
                case .typeMismatch(let t, let c):
                    f += [("kind", quote("typeMismatch")), ("codingPath", pathJSON(c.codingPath)), ("expectedType", quote(String(describing: t))), ("debugDescription", quote(c.debugDescription))]
                case .valueNotFound(let t, let c):
                    f += [("kind", quote("valueNotFound")), ("codingPath", pathJSON(c.codingPath)), ("expectedType", quote(String(describing: t))), ("debugDescription", quote(c.debugDescription))]
                case .dataCorrupted(let c):
                    f += [("kind", quote("dataCorrupted")), ("codingPath", pathJSON(c.codingPath)), ("debugDescription", quote(c.debugDescription))]
                @unknown default: f += [("kind", quote("unknown"))]
                }
                print(object(f))
            } catch {
                print(object([("ok", "false"), ("kind", quote("other \(error)"))]))
            }
        }

        func formatter(_ format: String) -> DateFormatter {
            let f = DateFormatter()
            f.dateFormat = format
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            return f
        }
        """#
}
