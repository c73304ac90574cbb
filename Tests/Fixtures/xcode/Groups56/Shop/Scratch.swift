// In the project's Shop group but in no build phase: the app never compiles it.
struct Product {
    var broken: Int = "not a number"
}
