/// The path parameters of a routed request (``HTTPRequest/parameters``): each `{name}` of the
/// route's pattern with the path segment it matched, and under `"*"` what a trailing `*`
/// matched (the rest of the path, without its leading slash).
///
/// Read and written by name, as a dictionary is (`parameters["id"]`), but kept as the router
/// found them: the route's names (shared by every request of the route) beside the matched
/// segments, each made a `String` only when asked for. A dictionary of them cost an allocation
/// and a hash per name on every routed request, whose handler reads each once or never: a
/// 1 KiB static file's answer went from 21,220 to 20,733 instructions and from two allocations
/// to one (`Benchmarks/profile/run.sh`, callgrind).
public struct RouteParameters: Sendable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var names: [String]
    private var values: [Substring]
    private var rest: String?

    /// No parameters.
    public init() {
        names = []
        values = []
        rest = nil
    }

    /// `names[i]` matched `values[i]` (the route's `{…}` components in order; the router finds
    /// one value per name, and a name without one would be left out); a trailing `*` matched
    /// `rest`.
    init(names: [String], values: [Substring], rest: String?) {
        self.names = names.count <= values.count ? names : Array(names.prefix(values.count))
        self.values = values.count <= names.count ? values : Array(values.prefix(names.count))
        self.rest = rest
    }

    /// Parameters from literal pairs, `["id": "42", "*": "a/b.css"]` (tests, in-process requests).
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init()
        for (name, value) in elements { self[name] = value }
    }

    /// The value of the parameter `name` (`"*"` for the rest of the path); nil when the route
    /// has none of that name. As in a dictionary filled in the pattern's order, a name the
    /// pattern repeats (`/a/{id}/b/{id}`) has the value of its last place, and what a trailing
    /// `*` matched is the value of `"*"` even beside a `{*}`. Setting a value replaces every
    /// value of the name; setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            if name == "*", let rest { return rest }
            guard let i = names.lastIndex(of: name) else { return nil }
            return String(values[i])
        }
        set {
            if name == "*" { rest = nil }
            while let i = names.firstIndex(of: name) {
                names.remove(at: i)
                values.remove(at: i)
            }
            guard let newValue else { return }
            if name == "*" {
                rest = newValue
            } else {
                names.append(name)
                values.append(Substring(newValue))
            }
        }
    }

    /// Every parameter as a dictionary, `"*"` included when a `*` matched.
    public var dictionary: [String: String] {
        var d = [String: String](minimumCapacity: names.count + 1)
        for i in names.indices { d[names[i]] = String(values[i]) }
        if let rest { d["*"] = rest }
        return d
    }

    /// The parameters as a dictionary's description, `["id": "42"]`.
    public var description: String { dictionary.description }
}
