import Foundation

/// The JSON coders for what crosses the worker boundary as JSON (the job, replies, a model
/// property inside a binary part): non-finite floats as the strings "+inf", "-inf" and "nan",
/// which JSON has no literal for. One configuration on both sides of the boundary.
public enum WorkerJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
