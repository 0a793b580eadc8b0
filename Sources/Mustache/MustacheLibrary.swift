import Foundation

/// A set of named templates that can include one another as partials and parents.
///
/// Made from a directory, a library compiles every `*.mustache` file in it and its
/// subdirectories at start-up; a template's name is its path relative to the directory without
/// the extension, e.g. `player` or `partials/alert`, and that is how partial tags name it
/// (`{{>partials/alert}}`). Files and directories whose names start with `.` are skipped (editor
/// lock and swap files).
///
/// A strict library (`strict: true`) renders strictly (``MustacheTemplate/render(_:library:strict:)``):
/// a name the context stack can't resolve, or a partial it lacks, is a ``MustacheError``
/// instead of empty output; it also notes which templates its renders reached
/// (``renderedTemplateNames``), so that a test can check that its fixtures reach every one.
///
/// ``reloadIfChanged()`` re-reads the directory when a file changed, for `serve --dev`. The
/// library is safe to use from any thread: each render takes a snapshot of the templates, so a
/// reload never mixes old and new templates within one page.
public final class MustacheLibrary: @unchecked Sendable {
    /// Guards `templates`, `partials`, `stamps` and `rendered`.
    private let lock = NSLock()
    /// Held for a whole reload, so that two threads don't both compile.
    private let reloadLock = NSLock()
    private var templates: [String: MustacheTemplate]
    /// The templates' nodes, for renders: what a partial tag looks up.
    private var partials: [String: [Node]] = [:]
    private var stamps: [FileStamp]
    private let directory: String?
    private let fileExtension: String
    /// Whether renders are strict.
    public let isStrict: Bool
    private var rendered: Set<String> = []

    /// Compiles every `*.<fileExtension>` file under `directory`; with `strict`, its renders are
    /// strict.
    ///
    /// - Throws: ``MustacheError`` naming the file, line and column of the first template that
    ///   does not compile, or naming the directory or file that cannot be read.
    public init(directory: String, fileExtension: String = "mustache", strict: Bool = false) throws(MustacheError) {
        isStrict = strict
        self.directory = directory
        self.fileExtension = fileExtension
        let stamps = try FileStamp.scan(directory: directory, fileExtension: fileExtension)
        templates = try Self.compile(stamps, directory: directory, fileExtension: fileExtension)
        partials = templates.mapValues(\.nodes)
        self.stamps = stamps
    }

    /// Compiles templates given as source, keyed by name; with `strict`, its renders are strict.
    ///
    /// - Throws: ``MustacheError`` naming the template, line and column of the first that does not
    ///   compile (in name order).
    public init(templates sources: [String: String], strict: Bool = false) throws(MustacheError) {
        isStrict = strict
        directory = nil
        fileExtension = "mustache"
        stamps = []
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try MustacheTemplate(string: source, name: name)
        }
        self.templates = templates
        partials = templates.mapValues(\.nodes)
    }

    /// The template called `name`, or `nil`.
    public func template(named name: String) -> MustacheTemplate? {
        lock.withLock { templates[name] }
    }

    /// The names of all templates, sorted.
    public var templateNames: [String] {
        lock.withLock { templates.keys.sorted() }
    }

    /// The templates that this library's strict renders have rendered so far: those named to
    /// ``render(_:_:)`` and the partials and parents they included. Always empty when the
    /// library is not strict.
    public var renderedTemplateNames: Set<String> {
        lock.withLock { rendered }
    }

    /// Renders the template called `name` against `context`, with this library's partials;
    /// strictly when the library ``isStrict``.
    ///
    /// - Throws: ``MustacheError`` when there is no template called `name`; in a strict library,
    ///   also naming the template, line, column and unresolved name of the first tag that failed.
    public func render(_ name: String, _ context: Any?) throws(MustacheError) -> String {
        let (template, partials) = try lookup(name)
        let renderer = template.run(context, partials: partials, strict: isStrict)
        if isStrict { try note(renderer, name) }
        return renderer.output.makeString()
    }

    /// Renders like ``render(_:_:)``, appending the UTF-8 bytes to `output` — for a server that
    /// writes them out without making a `String` (which would check the bytes are valid UTF-8).
    /// Nothing is appended when it throws.
    ///
    /// - Throws: as ``render(_:_:)``.
    public func render(_ name: String, _ context: Any?, appendingTo output: inout [UInt8]) throws(MustacheError) {
        let (template, partials) = try lookup(name)
        let renderer = template.run(context, partials: partials, strict: isStrict)
        if isStrict { try note(renderer, name) }
        output.append(contentsOf: renderer.output.bytes)
    }

    /// A strict render's outcome: its failure, thrown, or the templates it reached, noted.
    private func note(_ renderer: borrowing Renderer, _ name: String) throws(MustacheError) {
        if let failure = renderer.failure { throw failure }
        let reached = renderer.rendered
        lock.withLock {
            rendered.insert(name)
            rendered.formUnion(reached)
        }
    }

    /// The template called `name` and the partials as of now, taken together.
    ///
    /// - Throws: ``MustacheError`` when there is no template called `name`.
    private func lookup(_ name: String) throws(MustacheError) -> (MustacheTemplate, [String: [Node]]) {
        let (template, partials) = lock.withLock { (templates[name], self.partials) }
        guard let template else {
            throw MustacheError(name: name, message: "no template named \"\(name)\"")
        }
        return (template, partials)
    }

    /// Re-reads the directory if any template file was added, removed, or changed its
    /// modification time or size since the last load (one `stat()` per file, no reads).
    ///
    /// Templates are replaced all at once, and only if every one of them compiles: on an error
    /// the old templates stay in use and the error is thrown — again on every call until the
    /// files are fixed, so a development server can keep showing it.
    ///
    /// - Returns: `true` when the templates were reloaded, `false` when nothing changed (always
    ///   `false` for a library made from strings).
    /// - Throws: ``MustacheError`` naming the file, line and column of a template that does not
    ///   compile, or the file or directory that cannot be read.
    public func reloadIfChanged() throws(MustacheError) -> Bool {
        guard let directory else { return false }
        reloadLock.lock()
        defer { reloadLock.unlock() }
        var current = try FileStamp.scan(directory: directory, fileExtension: fileExtension)
        if current == lock.withLock({ stamps }) { return false }
        var compiled = try Self.compile(current, directory: directory, fileExtension: fileExtension)
        // A file saved while it was being read: read again, a few times, so that the set is
        // of files that stood still.
        for _ in 0..<3 {
            let after = try FileStamp.scan(directory: directory, fileExtension: fileExtension)
            if after == current { break }
            current = after
            compiled = try Self.compile(current, directory: directory, fileExtension: fileExtension)
        }
        let nodes = compiled.mapValues(\.nodes)
        lock.withLock {
            templates = compiled
            partials = nodes
            stamps = current
        }
        return true
    }

    /// The templates' nodes as of now; a render uses one snapshot throughout.
    var snapshot: [String: [Node]] {
        lock.withLock { partials }
    }

    private static func compile(_ stamps: [FileStamp], directory: String, fileExtension: String)
        throws(MustacheError) -> [String: MustacheTemplate]
    {
        var templates: [String: MustacheTemplate] = [:]
        for stamp in stamps {
            let name = String(stamp.path.dropLast(fileExtension.count + 1))
            let path = directory + "/" + stamp.path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw MustacheError(name: name, file: stamp.path, message: "cannot read \(path)")
            }
            guard let source = String(validating: data, as: UTF8.self) else {
                throw MustacheError(name: name, file: stamp.path, message: "not valid UTF-8")
            }
            templates[name] = try MustacheTemplate(string: source, name: name, file: stamp.path)
        }
        return templates
    }
}
