import Foundation
import Sharing

/// Which address a participant's session was started from, kept so that reopening the link with
/// the same pid resumes the session after the server restarts, from that address only (a pid
/// is an identifier, not a secret). The address itself is never logged: the session's
/// `session_start` has `props.addressDigest`, HMAC-SHA256 (RFC 2104) of the address under a
/// key that stays in the data folder (`<data>/participant-address.key`, 32 random bytes, mode
/// 0600, made on first use), its first 16 bytes in hex. An export alone can't tie a digest to
/// an address; someone holding the data folder's key could, by trying addresses.
struct ParticipantAddresses: Sendable {
    /// The file the key is kept in, under the data folder.
    static let fileName = "participant-address.key"
    private let key: [UInt8]

    /// The key of the data folder `dataDirectory`, read, or made and written when missing or
    /// unreadable; when it can't be written, the key made serves this run only: digests then
    /// don't outlive the server, and after a restart the pid starts a new session.
    init(dataDirectory: String) {
        let path = dataDirectory + "/" + Self.fileName
        if let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            let bytes = Self.bytes(hex: text), bytes.count == 32
        {
            key = bytes
            return
        }
        let made = Self.randomKey()
        let hex = made.map { String(format: "%02x", $0) }.joined()
        if (try? Data((hex + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)) != nil {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        }
        key = made
    }

    /// A key for tests.
    init(key: [UInt8]) { self.key = key }

    /// The digest of `address` (a client address, ``HTTPRequest/remoteHost``): 32 hex digits.
    func digest(_ address: String) -> String {
        Self.hmac(key: key, message: Array(address.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// HMAC-SHA256 (RFC 2104, block size 64 bytes) of `message` under `key`.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var k = key.count > 64 ? SHA256.hash(key) : key
        k += Array(repeating: 0, count: 64 - k.count)
        let inner = SHA256.hash(k.map { $0 ^ 0x36 } + message)
        return SHA256.hash(k.map { $0 ^ 0x5c } + inner)
    }

    private static func randomKey() -> [UInt8] {
        var g = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &g) }
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let b = UInt8(String(decoding: digits[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            out.append(b)
        }
        return out
    }
}
