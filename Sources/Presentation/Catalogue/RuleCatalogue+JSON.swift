import JSON
import Prototype

extension RuleCatalogue {
    /// The catalogue as JSON for `/api/rules` and `modallab rules --format json`: an array of
    /// `{id, name, kinds, severity, severityNote, section, check, source, versions, message, notes,
    /// translations: {en: {name, message}, zh-Hans: {…}}, examples: {triggering, nonTriggering}}`,
    /// in the catalogue's order. `name` and `message` are in `language`; each example is
    /// ``RuleExample/json``: a lint example or an action script.
    ///
    /// Built once per language (it parses every example) and kept: `/api/rules` serves it on
    /// every request.
    public static func json(language: Language = .en) -> JSONValue {
        jsonByLanguage[language] ?? build(language)
    }

    private static let jsonByLanguage: [Language: JSONValue] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, build($0)) })

    private static func build(_ language: Language) -> JSONValue {
        .array(all.map { ruleJSON($0, language: language) })
    }

    /// One rule as JSON (see ``json(language:)``).
    public static func ruleJSON(_ r: Rule, language: Language = .en) -> JSONValue {
        let d = r.documentation
        var o = JSONObject()
        o["id"] = .string(r.id.rawValue)
        o["name"] = .string(d.name(language))
        o["kinds"] = .array(r.kinds.map { .string($0.rawValue) })
        o["severity"] = .string(r.severity.rawValue)
        o["severityNote"] = .string(r.severityNote)
        o["section"] = .string(r.section)
        o["check"] = .string(r.check)
        o["source"] = .string(r.source)
        o["versions"] = r.versions.json
        o["message"] = .string(d.message(language))
        o["notes"] = .string(d.notes)
        var tr = JSONObject()
        for l in Language.allCases {
            tr[l.rawValue] = .object(JSONObject([("name", .string(d.name(l))), ("message", .string(d.message(l)))]))
        }
        o["translations"] = .object(tr)
        func ex(_ list: [RuleExample]) -> JSONValue { .array(list.map(\.json)) }
        o["examples"] = .object(
            JSONObject([("triggering", ex(d.triggering)), ("nonTriggering", ex(d.nonTriggering))]))
        return .object(o)
    }
}
