import Numbers

struct Theme: Decodable {
    let name: String
    let accent: HexColour
    let opacity: Percent
    let swatches: [HexColour]
}
