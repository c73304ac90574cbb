import Foundation

struct ServiceConfig: Decodable {
    let serviceName: String
    let baseURL: URL
    let retryCount: Int
    let timeoutSeconds: Double
    let healthCheck: HealthCheck
}

struct HealthCheck: Decodable {
    let path: String
    let intervalSeconds: Int
}
