// Left in the Notes folder, excluded from the Notes target by a membership exception.
struct Note: Codable {
    let id: String
}
