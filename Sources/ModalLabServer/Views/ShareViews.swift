import Mustache
import Prototype

/// `partials/share-manager`: the owner's dialog for one prototype's share links, in the gallery
/// (each card) and the player: make a link of any role with a label (a participant link with its
/// tasks, their order and what it fixes of the environment), copy its address, list the links
/// made with their labels, preview one (not logged) and revoke it. `Public/shares.js` talks to
/// `POST /api/shares`, `GET /api/shares` and `DELETE /api/shares/{id}` (docs/api.md, "Share
/// links and comments").
struct ShareManagerView: MustacheContext {
    /// The prototype's id and name.
    var prototype: String
    var name: String
    /// Its tasks, in the file's order: the id, and the prompt as the option's name.
    var tasks: [OptionView]
    /// What a participant link may fix: every device of the catalogue (the prototype's first),
    /// the orientations, appearances and text sizes by the values `POST /api/shares` takes. Each
    /// menu's first choice (the template's) fixes nothing: a participant has no environment
    /// menus, so the device, orientation and text size are then the prototype's defaults
    /// (``EnvironmentRequest/defaults(for:)``), and the appearance is the participant's browser's.
    var devices: [OptionView]
    var orientations: [OptionView]
    var appearances: [OptionView]
    var contentSizes: [OptionView]
    /// The first choice of the device, orientation and text size menus: "The prototype's
    /// default: iPhone 16", with the prototype's default named as the menu names it.
    var defaultDevice: String
    var defaultOrientation: String
    var defaultContentSize: String

    /// The dialog for prototype `p` in `strings`' language.
    init(_ p: Prototype, _ strings: Strings) {
        prototype = p.id
        name = p.name
        tasks = p.tasks.map { OptionView(id: $0.id, name: $0.prompt, isSelected: true) }
        let listed = p.devices + DeviceCatalogue.all.map(\.id).filter { !p.devices.contains($0) }
        devices = listed.compactMap { DeviceCatalogue.device($0) }.map {
            OptionView(id: $0.id, name: $0.name, isSelected: false)
        }
        orientations = Orientation.allCases.map {
            OptionView(id: $0.rawValue, name: strings.orientation($0), isSelected: false)
        }
        appearances = Appearance.allCases.map {
            OptionView(
                id: $0.rawValue, name: strings[$0 == .light ? .appearanceLight : .appearanceDark], isSelected: false)
        }
        contentSizes = ContentSizeCategory.allCases.map {
            OptionView(id: $0.rawValue, name: strings.contentSize($0), isSelected: false)
        }
        let defaults = EnvironmentRequest.defaults(for: p)
        func named(_ options: [OptionView], _ id: String?) -> String {
            strings.format(.shareFixedDefault, ["value": options.first { $0.id == id }?.name ?? id ?? ""])
        }
        defaultDevice = named(devices, defaults.device)
        defaultOrientation = named(orientations, defaults.orientation?.rawValue)
        defaultContentSize = named(contentSizes, defaults.contentSize?.rawValue)
    }

    func mustacheValue(forKey key: String) -> Any? {
        switch key {
        case "prototype": prototype
        case "name": name
        case "tasks": tasks
        case "hasTasks": !tasks.isEmpty
        case "devices": devices
        case "orientations": orientations
        case "appearances": appearances
        case "contentSizes": contentSizes
        case "defaultDevice": defaultDevice
        case "defaultOrientation": defaultOrientation
        case "defaultContentSize": defaultContentSize
        // The label field's limit is the API's (``ShareController/maxLabelLength``).
        case "labelMaxLength": ShareController.maxLabelLength
        default: nil
        }
    }
}
