/// A language ModalLab writes its own words in: rule names and messages, format errors and
/// hints. The prototype's own text (titles, messages, labels) is never translated.
public enum Language: String, Sendable, CaseIterable, Codable {
    /// English.
    case en
    /// Simplified Chinese, with the terms of the Chinese HIG translations (S0–S3): 模态视图,
    /// 弹出框, 警告框, 操作列表, 活动视图.
    case zhHans = "zh-Hans"
}

/// A text in English and Simplified Chinese.
public struct LocalizedText: Sendable, Hashable {
    public var en: String
    public var zhHans: String

    public init(_ en: String, _ zhHans: String) {
        self.en = en
        self.zhHans = zhHans
    }

    /// The same words in every language: an id, a number, a quoted value, a JSON path.
    public init(verbatim text: String) {
        self.init(text, text)
    }

    /// The text in `language`.
    public func callAsFunction(_ language: Language) -> String {
        switch language {
        case .en: return en
        case .zhHans: return zhHans
        }
    }

    /// The text with each `{name}` replaced by `args[name]`, in both languages.
    public func filled(_ args: [String: String]) -> LocalizedText {
        LocalizedText(filled(args, .en), filled(args, .zhHans))
    }

    /// The text in `language` with each `{name}` replaced by `args[name]`; a placeholder
    /// without an argument stays as written.
    public func filled(_ args: [String: String], _ language: Language) -> String {
        let template = self(language)
        guard template.contains("{") else { return template }
        var out = ""
        out.reserveCapacity(template.utf8.count + 32)
        var i = template.startIndex
        while i < template.endIndex {
            if template[i] == "{", let close = template[i...].firstIndex(of: "}") {
                let key = String(template[template.index(after: i)..<close])
                if let v = args[key] {
                    out += v
                    i = template.index(after: close)
                    continue
                }
            }
            out.append(template[i])
            i = template.index(after: i)
        }
        return out
    }
}
