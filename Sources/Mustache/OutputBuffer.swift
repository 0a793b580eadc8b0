/// The bytes one render produces: a growable buffer whose appends are a bounds check and a copy.
///
/// An `[UInt8]` append also checks that the array is uniquely referenced and goes through
/// generic code: several times the work per call, and a page makes thousands of small appends.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes appended so far; valid until the next append.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        if count &+ n > capacity { grow(toAtLeast: count + n) }
        (base + count).update(from: source, count: n)
        count &+= n
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(never)
    private mutating func grow(toAtLeast minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The bytes as a `String`.
    ///
    /// The standard library validates UTF-8 quickly only while it sees ASCII: after the first
    /// other byte it checks the rest one byte at a time, about five times slower. A page is
    /// nearly all ASCII with a few `·` or `“”` early on, so the ASCII stretches are made into
    /// strings on their own (the fast path) and joined; pages with many non-ASCII stretches take
    /// the plain path.
    func makeString() -> String {
        let bytes = self.bytes
        var runs: [Range<Int>] = []  // stretches that contain non-ASCII bytes
        var i = 0
        while i < bytes.count {
            if i + 8 <= bytes.count,
                UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            guard bytes[i] >= 0x80 else {
                i += 1
                continue
            }
            let start = i
            while i < bytes.count && bytes[i] >= 0x80 { i += 1 }
            if let last = runs.last, start - last.upperBound < 64 {
                runs[runs.count - 1] = last.lowerBound..<i  // close together: one stretch
            } else {
                runs.append(start..<i)
            }
            if runs.count > 32 { return String(decoding: bytes, as: UTF8.self) }
        }
        if runs.isEmpty { return String(decoding: bytes, as: UTF8.self) }
        var result = ""
        result.reserveCapacity(bytes.count)
        var position = 0
        for run in runs {
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<run.lowerBound]), as: UTF8.self)
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[run]), as: UTF8.self)
            position = run.upperBound
        }
        result += String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
        return result
    }
}
