// DecodingEngine
