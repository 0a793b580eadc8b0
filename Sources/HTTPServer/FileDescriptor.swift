import Platform

/// An open file descriptor that closes itself when the last reference goes away.
/// Used by `HTTPBody.file` so a body that is dropped before it is sent still closes its file.
public final class FileDescriptor: Sendable {
    /// The descriptor number.
    public let rawValue: Int32

    /// Takes ownership of `rawValue`.
    public init(owning rawValue: Int32) { self.rawValue = rawValue }

    deinit { Sys.close(rawValue) }
}
