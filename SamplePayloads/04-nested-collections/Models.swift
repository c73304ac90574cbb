import Foundation

struct Readings: Decodable {
    let name: String
    let grid: [[Double]]
    let tags: [[String]]
    let byRoom: [String: [String: Double]]
    let alerts: [String: [Alert]]
}

struct Alert: Decodable {
    let code: Int
    let message: String
}
