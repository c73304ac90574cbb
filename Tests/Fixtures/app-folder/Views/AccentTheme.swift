import SwiftUI

/// The accent colour the user picked, and how it is drawn.
enum AccentTheme: String, Decodable {
    case ocean, sunset

    var color: Color { self == .ocean ? .blue : .orange }
}

#Preview {
    Circle().fill(AccentTheme.sunset.color)
}
