/// The fixed part of the round-trip program's `main.swift`.
enum HarnessMain {
    static let support = #"""
        import Foundation

        /// Every key path to a non-null value: `$.a`, `$.a[0].b`.
        func keyPaths(_ value: Any, _ prefix: String, _ out: inout Set<String>) {
            if let object = value as? [String: Any] {
                for (key, child) in object where !(child is NSNull) {
                    let path = prefix + "." + key
                    out.insert(path)
                    keyPaths(child, path, &out)
                }
            } else if let array = value as? [Any] {
                for (index, child) in array.enumerated() { keyPaths(child, prefix + "[\(index)]", &out) }
            }
        }

        /// With snake_case keys the round trip spells keys differently (`inStock` comes back as
        /// `in_stock`): compare them without case and underscores.
        func canonical(_ paths: Set<String>) -> Set<String> {
            Set(paths.map { $0.lowercased().replacingOccurrences(of: "_", with: "") })
        }

        func check<T: Codable>(_ label: String, _ type: T.Type, _ decoder: JSONDecoder, _ path: String, snake: Bool) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let value = try decoder.decode(T.self, from: data)
                let encoder = JSONEncoder()
                if snake { encoder.keyEncodingStrategy = .convertToSnakeCase }
                let again = try encoder.encode(value)
                var before = Set<String>(), after = Set<String>()
                keyPaths(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), "$", &before)
                keyPaths(try JSONSerialization.jsonObject(with: again, options: [.fragmentsAllowed]), "$", &after)
                let dropped = snake ? canonical(before).subtracting(canonical(after)) : before.subtracting(after)
                print(label + "\t" + (dropped.isEmpty ? "ok" : "dropped \(dropped.count): " + dropped.sorted().prefix(5).joined(separator: ", ")))
            } catch {
                print(label + "\tfailed " + "\(error)".replacingOccurrences(of: "\n", with: " "))
            }
        }


        """#
}
