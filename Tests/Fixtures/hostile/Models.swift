import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Model code that attacks the tool that runs it (issue 34): each type does one thing a decode must
// survive without a changed verdict or a process left behind.

/// Starts children that would outlive the decode: a shell's background job, a `Process`, and a
/// `setsid` child that leaves the group; each sleeps for `seconds` (a number the test picks, to find them).
struct Detacher: Decodable {
    let seconds: Int

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        seconds = try c.decode(Int.self, forKey: .seconds)
        _ = system("sleep \(seconds) &")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec sleep \(seconds)"]
        try? process.run()
        _ = system("setsid sleep \(seconds) > /dev/null 2>&1 < /dev/null &")
    }

    enum CodingKeys: String, CodingKey { case seconds }
}

/// Writes a well-formed "decoded" reply on every descriptor the runner's channel could be, then throws.
struct Forger: Decodable {
    struct Refused: Error {}

    static func forge() {
        // `RunnerReply(ok: true)` in the channel's binary form (FrameCoding): a keyed container of
        // 5 bytes holding 1 entry, the key "ok" and true.
        let body: [UInt8] = [8, 5, 1, 2, UInt8(ascii: "o"), UInt8(ascii: "k"), 2]
        let length = UInt32(body.count + 1)
        let frame: [UInt8] =
            [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF), 1] + body
        for fd in Int32(3)...Int32(255) {
            _ = frame.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
    }

    init(from decoder: any Decoder) throws {
        Forger.forge()
        throw Refused()
    }
}

/// Writes the forged reply and ends the process before the runner can answer.
struct ForgerThatExits: Decodable {
    init(from decoder: any Decoder) throws {
        Forger.forge()
        _exit(0)
    }
}

/// An element that loops for ever at `n` 7 and traps at `n` 9; any other `n` decodes.
struct Stubborn: Decodable {
    let n: Int

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        n = try c.decode(Int.self, forKey: .n)
        if n == 7 {
            while true { usleep(1000) }
        }
        if n == 9 { fatalError("nine is not allowed") }
    }

    enum CodingKeys: String, CodingKey { case n }
}

/// Prints the descriptors open in the runner beyond standard input, output and error.
struct DescriptorLister: Decodable {
    init(from decoder: any Decoder) throws {
        var open: [Int32] = []
        for fd in Int32(3)..<Int32(1024) where fcntl(fd, F_GETFD) >= 0 {
            open.append(fd)
        }
        print("open:", open.map(String.init).joined(separator: ","))
    }
}

/// Writes its process id to the file `marker` names, then waits for ever: a decode to interrupt.
struct Waiter: Decodable {
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let marker = try c.decode(String.self, forKey: .marker)
        try? "\(getpid())".write(toFile: marker + ".tmp", atomically: false, encoding: .utf8)
        rename(marker + ".tmp", marker)
        while true { usleep(1000) }
    }

    enum CodingKeys: String, CodingKey { case marker }
}
