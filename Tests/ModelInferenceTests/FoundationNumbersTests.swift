import Foundation
import TestSupport
import Testing

@testable import ModelInference

/// ``FoundationNumbers`` predicts from a number's text whether JSONDecoder decodes it as a
/// Double and as a Decimal; the numbers infer chooses rest on that. Here the compiled
/// decoder gives its verdict on a few thousand numbers, zeroes and extremes among them.
@Suite("infer: number verdicts match compiled JSONDecoder")
struct FoundationNumbersTests {
    static func numbers() -> [String] {
        var numbers = [
            "0", "-0", "0e1", "0E5", "0e10", "0e+1", "-0e1", "0.0e1", "0.00e1", "1.0e-400", "2.4e-324", "4.9e-324",
            "1e-300", "1e-320", "1.7976931348623157e308", "12345678901234567890", "1e165", "1e166", "1e-128", "1e-129",
            "123456789012345678901234567890123456789", "0.000001", "40.00", "1E+2",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<3000 {
            var text = next(2) == 0 ? "-" : ""
            text += next(4) == 0 ? "0" : String(1 + next(999_999))
            if next(2) == 0 { text += "." + (0..<(1 + next(5))).map { _ in String(next(10)) }.joined() }
            if next(2) == 0 { text += ["e", "E"][next(2)] + ["", "+", "-"][next(3)] + String(next(420)) }
            numbers.append(text)
        }
        return numbers
    }

    @Test func predictionsMatchTheDecoder() throws {
        let numbers = Self.numbers()
        let program =
            "import Foundation\nlet numbers = \"" + numbers.joined(separator: " ") + "\"\n" + #"""
                for text in numbers.split(separator: " ") {
                    let data = Data("[\(text)]".utf8)
                    let double = (try? JSONDecoder().decode([Double].self, from: data)) != nil
                    let decimal = (try? JSONDecoder().decode([Decimal].self, from: data)) != nil
                    print(text, double ? 1 : 0, decimal ? 1 : 0)
                }
                """#
        let output = try SwiftProgram.output(["main.swift": program], flags: ["-Onone"])
        let lines = output.split(separator: "\n")
        #expect(lines.count == numbers.count)
        var mismatches: [String] = []
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 3 else { continue }
            let double = FoundationNumbers.decodesAsDouble(fields[0]) ? "1" : "0"
            let decimal = FoundationNumbers.decodesAsDecimal(fields[0]) ? "1" : "0"
            if double != fields[1] || decimal != fields[2] { mismatches.append(String(line)) }
        }
        #expect(mismatches.isEmpty, "predicted wrongly: \(mismatches.prefix(10))")
    }
}
