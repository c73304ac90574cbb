enum Role: String, Decodable {
    case admin, member, guest
}
