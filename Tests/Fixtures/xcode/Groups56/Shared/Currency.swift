enum Currency: String, Codable {
    case eur, usd
}
