extension PrototypeLibrary {
    /// The prototypes `modallab serve` serves: those at `prototypes` (a folder, or one file)
    /// when it is given, else the bundled examples (`<root>/Templates/prototypes`) and the data
    /// folder's `prototypes` folder, where new ones are written. One definition for `serve` and
    /// `modallab logs summary`, whose funnels need the same files' expected paths.
    /// - Throws: ``PrototypeSourceError`` when `prototypes` is neither a folder nor a JSON file.
    static func served(prototypes: String?, root: String, data: String) throws(PrototypeSourceError) -> PrototypeLibrary
    {
        if let path = prototypes {
            switch try PrototypeSource.at(path) {
            case .folder(let dir): return PrototypeLibrary(directories: [dir], writableDirectory: dir)
            case .file(let file): return PrototypeLibrary(file: file)
            }
        }
        return PrototypeLibrary(
            directories: [root + "/Templates/prototypes", data + "/prototypes"], writableDirectory: data + "/prototypes"
        )
    }
}
