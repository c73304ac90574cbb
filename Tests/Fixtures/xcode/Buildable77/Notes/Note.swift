import Foundation

struct Note: Codable, Sendable {
    let id: Int
    let title: String
    let tags: [Tag]
    #if NOTES_V2
    /// Version 2 of the API sends the note's text; the app's Debug build asks for it.
    let body: String
    #endif
}
