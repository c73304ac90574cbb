// ModelSchema
