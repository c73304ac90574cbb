import Foundation

struct Schedule: Decodable {
    let events: [Event]
}

struct Event: Decodable {
    let name: String
    let startsAt: Date
}
