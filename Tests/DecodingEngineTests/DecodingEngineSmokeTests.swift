import Testing
@testable import DecodingEngine
