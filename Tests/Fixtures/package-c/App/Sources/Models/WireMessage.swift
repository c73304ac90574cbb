import Numbers

/// A message of the app's wire protocol, public to the app's own modules only (`@_spi`), as
/// language-server and RPC packages keep theirs.
@_spi(Wire) public struct WireMessage: Decodable {
    public let id: Int
    public let colour: HexColour
}
