import Foundation

/// A store flattened from the API's nested shape: `address.city` and `address.geo.lat`
/// become properties of `Store` itself, read through nested containers.
struct Store: Decodable {
    let name: String
    let city: String
    let latitude: Double
    let longitude: Double

    enum CodingKeys: String, CodingKey { case name, address }
    enum AddressKeys: String, CodingKey { case city, geo }
    enum GeoKeys: String, CodingKey { case lat, lng }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let address = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
        city = try address.decode(String.self, forKey: .city)
        let geo = try address.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
        latitude = try geo.decode(Double.self, forKey: .lat)
        longitude = try geo.decode(Double.self, forKey: .lng)
    }
}

struct StoreList: Decodable {
    let stores: [Store]
}
