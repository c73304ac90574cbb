import Foundation

struct Drawing: Decodable {
    let canvas: String
    let shapes: [Shape]
}

enum Shape: Decodable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
}
