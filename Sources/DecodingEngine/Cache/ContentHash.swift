/// A 128-bit content hash: two FNV-1a hashes with different offsets, over length-prefixed parts
/// (so `["ab", "c"]` and `["a", "bc"]` differ). Names cache entries and checks that a cached file
/// is the one that was written; not a defence against someone who can write the cache (the cache
/// is private: ``PrivateFolder``).
struct ContentHash {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func feed(_ part: String) {
        feed(length: part.utf8.count)
        for byte in part.utf8 { feed(byte) }
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        feed(length: bytes.count)
        for byte in bytes { feed(byte) }
    }

    /// Feeds `bytes` a word of eight at a time (the last few a byte each): eight times fewer steps
    /// than ``feed(_:)-(UnsafeRawBufferPointer)``, for what a cached file's record hashes
    /// (``BuildRecord``): a runner of 1.2 MB took 3 ms a byte at a time, and is checked twice a run.
    mutating func feedWords(_ bytes: UnsafeRawBufferPointer) {
        feed(length: bytes.count)
        var at = 0
        while at + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            a = (a ^ word) &* 0x100_0000_01b3
            a ^= a >> 32
            b = (b ^ word) &* 0x9e37_79b9_7f4a_7c15 ^ (b >> 29)
            at += 8
        }
        for byte in bytes[at...] { feed(byte) }
    }

    private mutating func feed(length: Int) {
        for byte in withUnsafeBytes(of: UInt64(length).littleEndian, Array.init) { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
        b = (b ^ UInt64(byte)) &* 0x100_0000_01b3 ^ (b >> 29)
    }

    var hex: String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for word in [a, b] {
            for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int((word >> UInt64(shift)) & 0xf)]) }
        }
        return text
    }
}
