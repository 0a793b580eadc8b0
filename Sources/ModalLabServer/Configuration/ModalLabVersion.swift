import Prototype

/// The version of ModalLab, printed by `modallab --version` and `modallab version`.
public enum ModalLabVersion {
    /// The release, as `MAJOR.MINOR.PATCH`. Defined here only.
    public static let current = "0.3.0"

    /// What `modallab --version` prints: `modallab 0.3.0 (prototype format modallab/1)`.
    public static var description: String { "modallab \(current) (prototype format \(Prototype.formatName))" }
}
