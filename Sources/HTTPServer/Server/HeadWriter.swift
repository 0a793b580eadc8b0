/// Writes a response head piece by piece into raw memory sized for it beforehand (the loop's
/// head buffer, ``EventLoop/headSpace(_:)``): a copy of each piece and nothing else. Appending
/// the same pieces to an array checks its uniqueness and capacity for each (a head has 20–30
/// pieces: about 2,000 instructions per response; callgrind, BENCHMARKS.md).
struct HeadWriter {
    let start: UnsafeMutableRawPointer
    private(set) var position: UnsafeMutableRawPointer

    init(_ start: UnsafeMutableRawPointer) {
        self.start = start
        position = start
    }

    /// The bytes written so far.
    var count: Int { position - start }

    @inline(__always) mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        position.copyMemory(from: base, byteCount: bytes.count)
        position += bytes.count
    }

    @inline(__always) mutating func append(_ text: StaticString) {
        position.copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
        position += text.utf8CodeUnitCount
    }

    @inline(__always) mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    @inline(__always) mutating func append(byte: UInt8) {
        position.storeBytes(of: byte, as: UInt8.self)
        position += 1
    }

    /// `value` (not negative) in decimal: at most 20 bytes.
    @inline(__always) mutating func append(decimal value: Int) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var v = value
        for i in stride(from: digits - 1, through: 0, by: -1) {
            (position + i).storeBytes(of: UInt8(48 + v % 10), as: UInt8.self)
            v /= 10
        }
        position += digits
    }
}
