import Foundation

// A null where a non-optional Bool is declared: Foundation calls it a typeMismatch
// ("Expected to decode Bool but found null instead."), where any other type gets valueNotFound.
struct Account: Decodable {
    let name: String
    let active: Bool
    let flags: [Bool]
}
