import Foundation

/// The app's configured decoder.
func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .secondsSince1970
    decoder.userInfo[.envelopeKey] = "result"
    return decoder
}
