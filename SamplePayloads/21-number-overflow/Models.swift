import Foundation

struct Device: Decodable {
    let device: String
    let batteryPercent: UInt8
    let channels: [Channel]
}

struct Channel: Decodable {
    let id: Int
    let brightness: UInt8
}
