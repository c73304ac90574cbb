import Foundation

struct Booking: Decodable {
    let guest: String
    let checkIn: Date
    let checkOut: Date
    let nights: Int
}
