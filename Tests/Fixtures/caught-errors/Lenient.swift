import Foundation

// Lenient models for the ledger of caught errors (issue 39): three property wrappers in the shape of
// BetterCodable's (@LossyArray, @DefaultFalse, @LosslessValue), and hand-written init(from:) with
// `try?`, `?? default`, `do/catch` and a Result-returning helper. A line the model's code catches an
// error on ends in a `caught:` comment naming the outcome the ledger must report.

@propertyWrapper
struct LossyArray<T: Decodable>: Decodable {
    var wrappedValue: [T]

    init(wrappedValue: [T]) { self.wrappedValue = wrappedValue }

    private struct AnyDecodableValue: Decodable {}

    init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [T] = []
        while !container.isAtEnd {
            do {
                let value = try container.decode(T.self)  // caught: elementDropped
                elements.append(value)
            } catch {
                _ = try? container.decode(AnyDecodableValue.self)
            }
        }
        self.wrappedValue = elements
    }
}

protocol DefaultCodableStrategy {
    associatedtype DefaultValue: Decodable
    static var defaultValue: DefaultValue { get }
}

@propertyWrapper
struct DefaultCodable<Default: DefaultCodableStrategy>: Decodable {
    var wrappedValue: Default.DefaultValue

    init(wrappedValue: Default.DefaultValue) { self.wrappedValue = wrappedValue }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.wrappedValue = (try? container.decode(Default.DefaultValue.self)) ?? Default.defaultValue  // caught: defaulted
    }
}

struct DefaultFalseStrategy: DefaultCodableStrategy {
    static var defaultValue: Bool { false }
}

typealias DefaultFalse = DefaultCodable<DefaultFalseStrategy>

extension KeyedDecodingContainer {
    /// A missing key is the default too (no error is thrown for it).
    func decode<P>(_ type: DefaultCodable<P>.Type, forKey key: Key) throws -> DefaultCodable<P> {
        if let value = try decodeIfPresent(type, forKey: key) { return value }
        return DefaultCodable(wrappedValue: P.defaultValue)
    }
}

protocol LosslessDecodingStrategy {
    associatedtype Value: LosslessStringConvertible & Decodable
    static var losslessDecodableTypes: [(Decoder) -> LosslessStringConvertible?] { get }
}

@propertyWrapper
struct LosslessValueCodable<Strategy: LosslessDecodingStrategy>: Decodable {
    var wrappedValue: Strategy.Value

    init(wrappedValue: Strategy.Value) { self.wrappedValue = wrappedValue }

    init(from decoder: Decoder) throws {  // caught: readAnotherWay
        do {
            self.wrappedValue = try Strategy.Value.init(from: decoder)
        } catch let error {
            guard let rawValue = Strategy.losslessDecodableTypes.lazy.compactMap({ $0(decoder) }).first,
                let value = Strategy.Value.init("\(rawValue)")
            else { throw error }
            self.wrappedValue = value
        }
    }
}

struct LosslessDefaultStrategy<Value: LosslessStringConvertible & Decodable>: LosslessDecodingStrategy {
    static var losslessDecodableTypes: [(Decoder) -> LosslessStringConvertible?] {
        func decode<T: LosslessStringConvertible & Decodable>(_: T.Type) -> (Decoder) -> LosslessStringConvertible? {
            { try? T.init(from: $0) }
        }
        return [decode(String.self), decode(Bool.self), decode(Int.self), decode(Double.self)]
    }
}

typealias LosslessValue<T> = LosslessValueCodable<LosslessDefaultStrategy<T>> where T: LosslessStringConvertible & Decodable

struct Item: Decodable {
    var id: Int
}

struct Feed: Decodable {
    @LossyArray var items: [Item]
    @DefaultFalse var isActive: Bool
    @LosslessValue var count: Int
}

func attempt<T>(_ body: () throws -> T) -> Result<T, Error> {
    Result { try body() }
}

struct Profile: Decodable {
    var name: String
    var nickname: String?
    var age: Int
    var score: Double
    var rank: Int?
    var motto: String?

    enum CodingKeys: String, CodingKey { case name, nickname, age, score, rank, motto }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        nickname = try? c.decode(String.self, forKey: .nickname)  // caught: nil
        age = (try? c.decode(Int.self, forKey: .age)) ?? 0  // caught: defaulted
        do {
            score = try c.decode(Double.self, forKey: .score)  // caught: other
        } catch {
            score = -1
        }
        switch attempt({ try c.decode(Int.self, forKey: .rank) }) {  // caught: other
        case .success(let value): rank = value
        case .failure: rank = nil
        }
        motto = try c.decodeIfPresent(String.self, forKey: .motto)
    }
}

/// Catches and throws the error again: it leaves the decode, and is not a caught error.
struct Rethrower: Decodable {
    var id: Int

    enum CodingKeys: String, CodingKey { case id }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            id = try c.decode(Int.self, forKey: .id)
        } catch {
            throw error
        }
    }
}

/// Prints while it decodes, and catches: what it prints is shown once, though the ledger decodes again.
struct Chatty: Decodable {
    var count: Int

    enum CodingKeys: String, CodingKey { case count }

    init(from decoder: Decoder) throws {
        print("decoding Chatty")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = (try? c.decode(Int.self, forKey: .count)) ?? 0  // caught: defaulted
    }
}
