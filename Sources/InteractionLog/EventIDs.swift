import Foundation

/// Makes event ids: random (version 4) UUIDs in lowercase, from a pool of bytes filled by the
/// system's CSPRNG 4 KiB at a time (getentropy(3)), instead of a system call — or, with
/// Foundation on Linux, an open of /dev/urandom — per id. Used only on the log's writer queue.
struct EventIDs {
    private var pool = [UInt8](repeating: 0, count: 4096)
    private var used = 4096

    private mutating func refill() {
        pool.withUnsafeMutableBytes { buf in
            var filled = 0
            while filled < buf.count {
                // getentropy(3): the kernel's CSPRNG, at most 256 bytes a call.
                let chunk = min(256, buf.count - filled)
                let n = getentropy(buf.baseAddress! + filled, chunk) == 0 ? chunk : -1
                if n > 0 { filled += n } else if errno != EINTR { break }
            }
            if filled < buf.count {
                // No entropy source answered: fall back to the standard library's generator.
                var g = SystemRandomNumberGenerator()
                for i in filled..<buf.count { buf[i] = UInt8.random(in: 0...255, using: &g) }
            }
        }
        used = 0
    }

    /// A new id, e.g. `3f2b8c1e-9a4d-4c6b-8e21-5d7f0a9b3c44`.
    mutating func next() -> String {
        String(unsafeUninitializedCapacity: Self.length) { out in
            write(to: out.baseAddress!)
            return Self.length
        }
    }

    /// The bytes of an id.
    static let length = 36

    /// Writes a new id's ``length`` bytes at `out` (what ``next()`` makes a `String` of): how the
    /// log's writer puts an id in a line without a `String` for it.
    mutating func write(to out: UnsafeMutablePointer<UInt8>) {
        if used + 16 > pool.count { refill() }
        let start = used
        used += 16
        let hex: StaticString = "0123456789abcdef"
        pool.withUnsafeBufferPointer { pool in
            var o = 0
            for i in 0..<16 {
                if i == 4 || i == 6 || i == 8 || i == 10 {
                    out[o] = UInt8(ascii: "-")
                    o += 1
                }
                var byte = pool[start + i]
                if i == 6 { byte = (byte & 0x0F) | 0x40 }  // version 4
                if i == 8 { byte = (byte & 0x3F) | 0x80 }  // RFC 9562 variant
                out[o] = hex.utf8Start[Int(byte >> 4)]
                out[o + 1] = hex.utf8Start[Int(byte & 15)]
                o += 2
            }
        }
    }
}
