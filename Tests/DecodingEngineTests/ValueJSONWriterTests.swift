import CodableExplorerRunner
import Foundation
import Testing

@testable import DecodingEngine

/// The runner writes `check --format json`'s value text as it walks the value
/// (``ValueJSONWriter``), by its own shortcuts; the explorer reads the same value as a tree
/// (``DecodedValue/make(_:)``, with `Mirror`) that the engine renders (`DecodedValue.json`). Both
/// must say the same, byte for byte, for every kind of value a model can hold, and in parts of
/// any size.
@Suite struct ValueJSONWriterTests {
    static func written(_ value: Any, partSize: Int = 1 << 20) -> (text: String, parts: Int) {
        var parts: [[UInt8]] = []
        var writer = ValueJSONWriter(partSize: partSize) { parts.append($0) }
        writer.writeWhole(value)
        return (String(decoding: parts.flatMap { $0 }, as: UTF8.self), parts.count)
    }

    static func mirrored(_ value: Any) -> String { DecodedValue.make(value).json }

    struct Scalars {
        var int = -42, int8: Int8 = -8, int16: Int16 = 16, int32: Int32 = -32, int64 = Int64.min
        var uint: UInt = 7, uint8: UInt8 = 255, uint16: UInt16 = 16, uint32: UInt32 = 32, uint64 = UInt64.max
        var double = 0.1, negativeZero = -0.0, big = 1e300, infinite = Double.infinity, nan = Double.nan
        var float: Float = 0.1, floatInfinite = -Float.infinity
        var decimal = Decimal(string: "3.14159265358979323846")!
        var date = Date(timeIntervalSince1970: 1_700_000_000.123)
        var data = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.com/a%20b?q=1#f")!
        var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var yes = true
        var text = "quote \" backslash \\ newline \n return \r tab \t bell \u{7} unit \u{1f} del \u{7f} é 😀"
        var empty = ""
    }

    struct Optionals {
        var some: Int? = 1
        var none: Int? = nil
        var someNone: Int?? = .some(nil)
        var someSome: String?? = "x"
        var array: [Int?] = [1, nil, 3]
    }

    enum Raw: String { case a = "A", b }
    enum Number: Int { case one = 1 }
    indirect enum Tree {
        case leaf
        case node(Tree, value: Int, Tree)
        case single(String)
        case labeled(name: String)
    }

    class Base {
        var id = 1
        var name: String? = "base"
    }

    final class Derived: Base {
        var extra = [1.5]
    }

    final class Owner {}

    struct Weak {
        weak var owner: Owner?
        var kept = 2
    }

    struct Custom: CustomReflectable {
        var hidden = 1
        var customMirror: Mirror { Mirror(self, children: ["shown": "yes", "more": [1, 2]], displayStyle: .struct) }
    }

    struct Empty {}

    struct Generic<T> {
        var value: T
        var values: [T]
    }

    struct Nested {
        var scalars = Scalars()
        var optionals = Optionals()
        var tuple = (1, label: "two")
        var dictionary = ["b": 2, "a": 1, "c": 3]
        var numberKeys = [3: "c", 1: "a", 20: "t"]
        var optionalValues: [String: Int?] = ["x": nil, "y": 1]
        var set: Set<Int> = [5, 3, 9]
        var contiguous: ContiguousArray<Int> = [1, 2]
        var slice = [1, 2, 3, 4][1...2]
        var raw = Raw.b
        var number = Number.one
        var tree = Tree.node(.leaf, value: 3, .node(.single("s"), value: 4, .labeled(name: "n")))
        var object: Base = Derived()
        var weak = Weak()
        var custom = Custom()
        var empty = Empty()
        var generic = Generic(value: "g", values: ["h"])
        var closure: () -> Void = {}
        var hashable = AnyHashable(5)
        var bridged: [Any] = [NSNumber(value: 3.5), NSNumber(value: true), NSString(string: "ns"), NSNull()]
        var any: Any = 7
        var anyOptional: Any = Int?.none as Any
        var deep = [[["a": [Optional(1), nil]]]]
    }

    @Test("each kind of value: the same text written as walked as from the explorer's tree")
    func sameTextAsTheTree() {
        let values: [Any] = [
            Nested(), Scalars(), Optionals(), Raw.a, Tree.leaf, Derived(), Weak(owner: Owner()), Custom(), Empty(),
            [Nested(), Nested()], ["k": Nested()], Int?.none as Any, "top", 1, [Int](), [String: Int](),
        ]
        for value in values {
            #expect(Self.written(value).text == Self.mirrored(value), "\(type(of: value))")
        }
    }

    @Test("the text cut into parts of any size is the same text once joined")
    func partsJoinToTheWhole() {
        let value = Array(repeating: Nested(), count: 20)
        let whole = Self.written(value)
        #expect(whole.parts == 1)
        for size in [1, 7, 100, 4096] {
            let cut = Self.written(value, partSize: size)
            #expect(cut.text == whole.text)
            #expect(cut.parts > 1, "parts of \(size) bytes")
        }
    }

    struct Ranges {
        var half = 0..<5
        var closed = 2.5...7.25
        var from = 3...
        var through = ...9
        var ns = NSRange(location: 4, length: 12)
        var kind: Any.Type = Int.self
        var model: Any.Type = Ranges.self
        var optional: Range<Int>? = -3..<3
        var list = [1..<2, 3..<4]
    }

    @Test("a range, an NSRange and a metatype are written as Foundation's description shows them, a string")
    func describedValues() throws {
        let value = Ranges()
        let text = Self.written(value).text
        #expect(text == Self.mirrored(value))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["half"] as? String == (0..<5).description)
        #expect(object["closed"] as? String == (2.5...7.25).description)
        #expect(object["from"] as? String == String(describing: 3...))
        #expect(object["through"] as? String == String(describing: ...9))
        #expect(object["ns"] as? String == NSRange(location: 4, length: 12).description)
        #expect(object["kind"] as? String == String(describing: Int.self))
        #expect(object["model"] as? String == String(describing: Ranges.self))
        #expect(object["optional"] as? String == (-3..<3).description)
        #expect(object["list"] as? [String] == ["1..<2", "3..<4"])
        // Foundation's words, as the app would print them.
        #expect(object["half"] as? String == "0..<5")
        #expect(object["ns"] as? String == "{4, 12}")
        #expect(object["kind"] as? String == "Int")
    }
}
