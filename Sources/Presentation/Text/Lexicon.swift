import Foundation

/// Word lists the text rules use. Matching is case-insensitive on the lowercased word.
public enum Lexicon {
    /// Verbs a button or activity title may start with (`button.verb`, `activity.title-succinct`).
    /// Deliberately broad, including nouns used as verbs in interfaces (Share, Mail, Pin, Star), so
    /// that the verb hints stay quiet on ordinary titles.
    public static let verbs: Set<String> = Set(
        """
        accept access activate add adjust agree allow alert annotate answer append apply approve archive arrange \
        ask assign attach authenticate authorize back backup bake block bold book bookmark boost browse buy \
        calculate call cancel capture change charge chat check choose claim clean clear click clip close collapse \
        collect comment commit compare compose compress configure confirm connect contact continue convert copy \
        correct create crop customize cut deactivate debug decline decrypt delete deliver deny deposit deselect \
        detach dial disable disallow discard disconnect dismiss display dock donate download draft drag draw drop \
        duplicate edit eject email e-mail empty enable encrypt end enroll enter erase exclude exit expand explore \
        export extend favorite favourite fetch fill filter find finish fix flag flip follow forget format forward \
        freeze get give go grant group hide highlight hold ignore import increase insert install invite join jump \
        keep kick label launch learn leave like link list listen load locate lock log login logout look mail make \
        manage mark maximize merge message minimize mirror modify move mute name navigate note notify open order \
        organize overwrite pair paste pause pay pick pin place play post preview print proceed publish purchase \
        push quit rate read reboot receive record redeem redo refresh register reject reload remind remove rename \
        reopen reorder repair repeat replace reply report request resend reserve reset resize restart restore \
        resume retry return review revert revoke rotate run save scan schedule search see select send set setup \
        share show shuffle sign skip sleep snooze sort speak split star start stay stop stream submit subscribe \
        swap switch sync take tap tell text top track transfer translate trash trust try turn tweet type unarchive \
        unblock undo unfollow uninstall unlink unlock unmute unpair unpin unstar unsubscribe update upgrade upload \
        use verify view visit vote wait watch wipe withdraw write zoom stack pop lend borrow hire rent tag \
        categorize emphasize underline italicize indent outdent align center justify bring send fit crop \
        straighten enhance retouch mask invert lighten darken tint boost ping nudge wave greet thank welcome \
        rsvp attend host meet schedule reschedule postpone buy sell trade bid
        """.split(separator: " ").map(String.init))

    /// Titles exempt from "starts with a verb" (RULES `button.verb`: OK, Cancel, Done, Close), and
    /// the usual non-verb titles of system alerts (Not Now, Later, Back, Next, Don't …).
    public static let verbExempt: Set<String> = [
        "ok", "okay", "cancel", "done", "close", "not", "later", "back", "next", "previous", "never", "always",
        "don't", "dont", "do", "yes", "no", "more", "other", "all", "none", "maybe", "remind", "got", "sure",
        "settings", "details", "info", "help", "options", "new", "edit", "select",
    ]

    static let wordPunctuation = CharacterClass([
        "\"", "“", "”", "'", "‘", "’", ".", ",", ":", ";", "!", "?", "…", "(", ")",
    ])
    static let endPunctuation = CharacterClass([".", ",", ":", ";", "!", "?", "…"])

    /// Whether `title` starts with a verb, or with one of the exempt words. Titles whose first
    /// word has no Latin letters (CJK, symbols) are not judged and count as passing.
    public static func startsWithVerb(_ title: String) -> Bool {
        // The first word, without quotes and punctuation around it.
        var first = ""
        for w in title.split(whereSeparator: TextScalars.separatesWords) {
            first = w.lowercased().trimming(wordPunctuation)
            if !first.isEmpty { break }
        }
        if first.isEmpty { return true }
        if !first.unicodeScalars.contains(where: { ($0.value >= 0x61 && $0.value <= 0x7A) }) { return true }
        if verbExempt.contains(first) || verbs.contains(first) { return true }
        // Inflected or prefixed forms: "re-send", "unfavorite", "saving".
        for prefix in ["re-", "re", "un", "pre", "de"] where first.hasPrefix(prefix) {
            if verbs.contains(String(first.dropFirst(prefix.count))) { return true }
        }
        return false
    }

    /// Destructive verbs (RULES `alert.destructive-style`, `actionsheet.destructive-style`):
    /// Delete, Remove, Erase, Discard, Reset, Clear, Empty, Sign Out, Revoke; and their usual
    /// Simplified Chinese forms.
    public static let destructiveWords: Set<String> = [
        "delete", "remove", "erase", "discard", "reset", "clear", "empty", "revoke",
    ]
    static let destructivePhrases = ["sign out", "删除", "移除", "抹掉", "抹除", "清除", "清空", "放弃", "还原", "重置", "退出登录", "撤销"]

    /// The destructive verb `title` starts with, if any.
    public static func destructiveVerb(_ title: String) -> String? {
        let t = title.trimmed.lowercased()
        for p in destructivePhrases where t.hasPrefix(p) {
            if p == "sign out" || !p.unicodeScalars.allSatisfy({ $0.value < 0x80 }) { return p }
        }
        let first = t.split(whereSeparator: TextScalars.separatesWords).first.map {
            String($0).trimming(endPunctuation)
        }
        if let first, destructiveWords.contains(first) { return first }
        return nil
    }

    /// "Cancel" and its localizations (RULES `alert.cancel-label`).
    public static let cancelTitles: Set<String> = [
        "cancel", "取消", "annuler", "abbrechen", "cancelar", "annulla", "キャンセル", "취소", "отмена", "отменить",
        "avbryt", "annuleren", "anuluj", "iptal", "hủy", "batal", "ยกเลิก", "peruuta", "zrušit", "mégse",
    ]
    /// "Done" and its localizations.
    public static let doneTitles: Set<String> = ["done", "完成", "terminé", "fertig", "listo", "fine", "完了", "완료"]
    /// "Close" and its localizations.
    public static let closeTitles: Set<String> = ["close", "关闭", "fermer", "schließen", "cerrar", "chiudi", "閉じる"]
    /// "OK" and its localizations (RULES `alert.ok-informational-only`).
    public static let okTitles: Set<String> = ["ok", "okay", "好", "好的", "确定", "確定"]
    /// "Yes" / "No" and their localizations (RULES `alert.avoid-yes-no`).
    public static let yesNoTitles: Set<String> = [
        "yes", "no", "是", "否", "是的", "不是", "oui", "non", "ja", "nein", "sí", "si", "はい", "いいえ", "네",
        "아니요", "да", "нет", "nej", "evet", "hayır",
    ]
    /// "Back".
    public static let backTitles: Set<String> = ["back", "返回"]

    /// `title` trimmed and lowercased, for matching against the sets above.
    public static func key(_ title: String) -> String {
        title.trimmed.lowercased()
    }
}
