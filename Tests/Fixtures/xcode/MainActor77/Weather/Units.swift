/// The units the user chose; main-actor state, as everything in this target is by default.
final class Units {
    static let shared = Units()
    var temperature = "celsius"
}
