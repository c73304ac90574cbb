/// The model of ``IssuePage`` as Swift source text, for the engine benchmark to give to
/// `ModelSchema`: the same declarations that are compiled, so that the engine and the
/// compiled `JSONDecoder` decode the same model.
///
/// It must stay character for character the text of IssuePage.swift; a test in
/// DecodingEngineTests (`BenchmarkModelTests`) fails when the two differ.
extension IssuePage {
    static let source = #"""
        import Foundation

        /// The `Codable` model the `JSONDecoder` contestant decodes the payload into: what an app
        /// consuming this API would declare, decoded with `.convertFromSnakeCase` and `.iso8601`.
        struct IssuePage: Decodable {
            let object: String
            let url: String
            let data: [Issue]
            let hasMore: Bool
            let nextCursor: String?
            let totalCount: Int

            static func decoder() -> JSONDecoder {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                decoder.dateDecodingStrategy = .iso8601
                return decoder
            }
        }

        struct Issue: Decodable {
            enum State: String, Decodable { case open, closed }
            enum StateReason: String, Decodable { case completed, notPlanned = "not_planned" }

            let id: Int
            let nodeId: String
            let number: Int
            let title: String
            let state: State
            let stateReason: StateReason?
            let locked: Bool
            let htmlUrl: URL
            let user: User
            let labels: [Label]
            let assignees: [User]
            let milestone: Milestone?
            let comments: Int
            let createdAt: Date
            let updatedAt: Date
            let closedAt: Date?
            let authorAssociation: String
            let body: String?
            let reactions: Reactions
            let score: Double
            let sampleRate: Double
            let location: Coordinates
            let charge: Charge
        }

        struct User: Decodable {
            let login: String
            let id: Int
            let nodeId: String
            let name: String?
            let avatarUrl: URL
            let type: String
            let siteAdmin: Bool
        }

        struct Label: Decodable {
            let id: Int
            let name: String
            let color: String
            let `default`: Bool
            let description: String?
        }

        struct Milestone: Decodable {
            let id: Int
            let number: Int
            let title: String
            let state: String
            let openIssues: Int
            let closedIssues: Int
            let dueOn: Date?
        }

        struct Reactions: Decodable {
            let totalCount: Int
            let plusOne: Int
            let minusOne: Int
            let laugh: Int
            let hooray: Int
            let confused: Int
            let heart: Int
            let rocket: Int
            let eyes: Int
        }

        struct Coordinates: Decodable {
            let latitude: Double
            let longitude: Double
        }

        /// A Stripe-style charge; amounts are integer minor units, `created` is Unix time.
        struct Charge: Decodable {
            let id: String
            let object: String
            let amount: Int
            let amountRefunded: Int
            let currency: String
            let captured: Bool
            let created: Int
            let status: String
            let paymentMethodDetails: PaymentMethodDetails
            let feeDetails: [Fee]
            let metadata: [String: String]
            let billingAddress: Address?

            struct PaymentMethodDetails: Decodable {
                let type: String
                let card: Card
            }

            struct Card: Decodable {
                let brand: String
                let last4: String
                let expMonth: Int
                let expYear: Int
                let fingerprint: String
            }

            struct Fee: Decodable {
                let amount: Int
                let currency: String
                let type: String
                let description: String
            }

            struct Address: Decodable {
                let line1: String
                let line2: String?
                let city: String
                let postalCode: String
                let country: String
            }
        }
        """#
}
