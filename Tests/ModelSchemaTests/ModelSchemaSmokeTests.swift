import Testing
@testable import ModelSchema
