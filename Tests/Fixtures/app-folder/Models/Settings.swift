import Foundation

/// The user's settings: the accent is declared with its colour, in Views/AccentTheme.swift.
struct Settings: Decodable {
    let accent: AccentTheme
    let notifications: Bool
}
