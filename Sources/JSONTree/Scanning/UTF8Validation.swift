/// Strict UTF-8 decoding of one scalar: no overlong forms, no surrogates, nothing past U+10FFFF.
enum UTF8Validation {
    /// The scalar that starts at `offset` and its length, or nil when the bytes there are
    /// not well-formed UTF-8.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
        decode(bytes.baseAddress!, offset: offset, end: bytes.count)
    }

    static func decode(_ p: UnsafePointer<UInt8>, offset i: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let b0 = p[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        @inline(__always) func cont(_ k: Int) -> UInt32? {
            guard i + k < end else { return nil }
            let b = p[i + k]
            return b & 0xC0 == 0x80 ? UInt32(b & 0x3F) : nil
        }
        switch b0 {
        case 0xC2...0xDF:
            guard let c1 = cont(1) else { return nil }
            return (Unicode.Scalar(UInt32(b0 & 0x1F) << 6 | c1)!, 2)
        case 0xE0...0xEF:
            guard let c1 = cont(1), let c2 = cont(2) else { return nil }
            let v = UInt32(b0 & 0x0F) << 12 | c1 << 6 | c2
            guard v >= 0x800, let s = Unicode.Scalar(v) else { return nil }
            return (s, 3)
        case 0xF0...0xF4:
            guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
            let v = UInt32(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            guard v >= 0x10000, let s = Unicode.Scalar(v) else { return nil }
            return (s, 4)
        default:
            return nil
        }
    }
}
