/// Helper types that fixes add to a model file, in full. Each compiles on its own with
/// `import Foundation`, works as a property wrapper and as a top-level type, and keeps the
/// model `Encodable`, `Equatable`, `Hashable` and `Sendable` where its value is.
///
/// The rules ``LosslessSemantics`` and the value-by-value checks apply are these types' rules;
/// the tests compile them with `swiftc` and decode the samples with Foundation to prove it.
struct HelperSource: Sendable, Hashable {
    var name: String
    var code: String

    static let losslessValue = HelperSource(
        name: "LosslessValue",
        code: #"""
            /// Decodes a value sent as itself or as text: `189.84` or `"189.84"` for a Double,
            /// `true`, `"true"`, `1` or `0` for a Bool, `3000` or `"3000"` for a String.
            @propertyWrapper
            struct LosslessValue<Value: Decodable & LosslessStringConvertible>: Decodable {
                var wrappedValue: Value

                init(wrappedValue: Value) {
                    self.wrappedValue = wrappedValue
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if let value = try? container.decode(Value.self) {
                        wrappedValue = value
                        return
                    }
                    var text: String
                    if let string = try? container.decode(String.self) {
                        text = string
                    } else if let bool = try? container.decode(Bool.self) {
                        text = String(bool)
                    } else if let integer = try? container.decode(Int64.self) {
                        text = String(integer)
                    } else if let number = try? container.decode(Double.self) {
                        text = String(number)
                    } else {
                        throw DecodingError.typeMismatch(Value.self, .init(
                            codingPath: decoder.codingPath, debugDescription: "Expected \(Value.self) or text that converts to it."))
                    }
                    if Value.self == Bool.self, let word = ["1": "true", "0": "false"][text] {
                        text = word
                    }
                    guard let value = Value(text) else {
                        throw DecodingError.dataCorrupted(.init(
                            codingPath: decoder.codingPath, debugDescription: "Cannot convert \"\(text)\" to \(Value.self)."))
                    }
                    wrappedValue = value
                }
            }


            """# + conformances(of: "LosslessValue", over: "Value"))

    static let emptyAsNil = HelperSource(
        name: "EmptyAsNil",
        code: #"""
            /// Decodes `{}`, `""`, `null` and a missing key as nil, anything else as `Wrapped`.
            @propertyWrapper
            struct EmptyAsNil<Wrapped: Decodable>: Decodable {
                var wrappedValue: Wrapped?

                init(wrappedValue: Wrapped?) {
                    self.wrappedValue = wrappedValue
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if container.decodeNil()
                        || (try? container.decode(String.self))?.isEmpty == true
                        || (try? decoder.container(keyedBy: AnyKey.self))?.allKeys.isEmpty == true {
                        wrappedValue = nil
                    } else {
                        wrappedValue = try container.decode(Wrapped.self)
                    }
                }

                private struct AnyKey: CodingKey {
                    var stringValue: String
                    var intValue: Int? { nil }
                    init(stringValue: String) { self.stringValue = stringValue }
                    init?(intValue: Int) { nil }
                }
            }

            extension KeyedDecodingContainer {
                /// A missing key decodes as nil too, as it does for a plain optional.
                func decode<T>(_ type: EmptyAsNil<T>.Type, forKey key: Key) throws -> EmptyAsNil<T> {
                    try decodeIfPresent(type, forKey: key) ?? EmptyAsNil(wrappedValue: nil)
                }
            }


            """# + conformances(of: "EmptyAsNil", over: "Wrapped"))

    static let lossyArray = HelperSource(
        name: "LossyArray",
        code: #"""
            /// Decodes the elements of an array that decode, and drops the others.
            @propertyWrapper
            struct LossyArray<Element: Decodable>: Decodable {
                var wrappedValue: [Element]

                init(wrappedValue: [Element]) {
                    self.wrappedValue = wrappedValue
                }

                init(from decoder: any Decoder) throws {
                    var container = try decoder.unkeyedContainer()
                    var elements: [Element] = []
                    while !container.isAtEnd {
                        if let element = try container.decode(Attempt.self).value {
                            elements.append(element)
                        }
                    }
                    wrappedValue = elements
                }

                /// One element, or nil when it does not decode; reading it always moves the container on.
                private struct Attempt: Decodable {
                    let value: Element?

                    init(from decoder: any Decoder) throws {
                        value = try? decoder.singleValueContainer().decode(Element.self)
                    }
                }
            }


            """# + conformances(of: "LossyArray", over: "Element"))

    /// The extensions every helper ends with: it encodes as its wrapped value, and is
    /// `Equatable`, `Hashable` and `Sendable` where that value is.
    private static func conformances(of type: String, over parameter: String) -> String {
        """
        extension \(type): Encodable where \(parameter): Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(wrappedValue)
            }
        }

        extension \(type): Equatable where \(parameter): Equatable {}
        extension \(type): Hashable where \(parameter): Hashable {}
        extension \(type): Sendable where \(parameter): Sendable {}

        """
    }
}
