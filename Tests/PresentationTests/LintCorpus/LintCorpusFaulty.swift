// Held-out faulty prototypes (not the catalogue's examples), each with the findings docs/rules.md
// calls for, written from the rules before running the linter: "severity rule path".

extension LintCorpus {
    static let faulty: [LintCorpus] = [
        LintCorpus(
            name: "bank",
            json: #"""
                { "format": "modallab/1", "id": "bank", "name": "Bank", "devices": ["iphone-se-3", "ipad-mini"], "start": "accounts",
                  "screens": [ { "id": "accounts", "title": "Accounts",
                    "content": [ { "type": "button", "id": "transfer-button", "title": "Transfer", "action": { "present": "transfer" } } ] } ],
                  "modals": [
                    { "id": "transfer-failed", "style": "alert", "title": "Error", "message": "transaction failed to complete",
                      "actions": [ { "title": "OK" } ] },
                    { "id": "account-actions", "style": "actionSheet",
                      "actions": [ { "title": "Remove Account" }, { "title": "Statement" }, { "title": "Cancel", "role": "cancel" } ] },
                    { "id": "filter", "style": "popover", "title": "Filter",
                      "content": [ { "type": "list", "id": "kinds", "items": [ { "id": "all", "title": "All", "action": "dismiss" } ] } ] },
                    { "id": "transfer", "style": "pageSheet", "title": "Transfer", "detents": ["large", "medium"],
                      "navigationBar": { "trailing": [ { "id": "transfer-done", "title": "Done", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "textField", "id": "amount", "label": "Amount", "userContent": true } ] }
                  ] }
                """#,
            expected: [
                "warning alert.title-informative $.modals[0].title",
                "warning alert.message-sentence $.modals[0].message",
                "info alert.tone $.modals[0].message",
                "info alert.button-count $.modals[0].actions",
                "info alert.not-informational-only $.modals[0].actions",
                "error actionsheet.anchor-required $.modals[1]",
                "warning actionsheet.destructive-style $.modals[1].actions[0]",
                "info button.verb $.modals[1].actions[1].title",
                "error popover.anchor-required $.modals[2]",
                "warning popover.compact-dismiss-button $.modals[2]",
                "warning sheet.done-needs-alternative $.modals[3]",
                "warning sheet.detents-order $.modals[3].detents",
                "warning sheet.grabber-when-resizable $.modals[3].detents",
            ]),
        LintCorpus(
            name: "media",
            json: #"""
                { "format": "modallab/1", "id": "media", "name": "Media", "devices": ["iphone-16"], "start": "home",
                  "screens": [ { "id": "home", "title": "Listen Now" } ],
                  "modals": [
                    { "id": "player", "style": "fullScreen", "title": "Now Playing",
                      "content": [ { "type": "image", "id": "artwork", "label": "Artwork" }, { "type": "text", "id": "song", "text": "Song" } ] },
                    { "id": "rate", "style": "alert", "title": "Enjoying the app?", "message": "Rate it on the App Store.",
                      "actions": [ { "title": "Yes" }, { "title": "No" } ] },
                    { "id": "lyrics", "style": "currentContext", "title": "Lyrics", "transition": "crossDissolve",
                      "navigationBar": { "trailing": [ { "id": "lyrics-close", "title": "Close", "action": "dismiss" } ] },
                      "content": [ { "type": "toggle", "id": "follow", "label": "Follow along" } ] },
                    { "id": "queue", "style": "formSheet", "title": "Up Next", "transition": "flipHorizontal", "rationale": "Flips the artwork",
                      "navigationBar": { "leading": [ { "id": "queue-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ],
                                         "trailing": [ { "id": "queue-done", "title": "Done", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "toggle", "id": "shuffle", "label": "Shuffle" } ] }
                  ] }
                """#,
            expected: [
                "error modal.dismiss-button-required $.modals[0]",
                "info modal.when-beneficial $.modals[0]",
                "warning alert.avoid-yes-no $.modals[1].actions[0].title",
                "warning alert.avoid-yes-no $.modals[1].actions[1].title",
                "warning currentcontext.declare-compact $.modals[2]",
                "info transition.non-default-justified $.modals[2].transition",
                "warning transition.sheet-cover-vertical $.modals[3].transition",
            ]),
        LintCorpus(
            name: "docs",
            json: #"""
                { "format": "modallab/1", "id": "docs", "name": "Docs", "targetOS": "12", "devices": ["iphone-16", "ipad-pro-11"], "start": "browser",
                  "screens": [ { "id": "browser", "title": "Documents",
                    "navigationBar": { "trailing": [ { "id": "format-button", "title": "Format", "systemImage": "textformat", "action": { "present": "format" } } ] } } ],
                  "modals": [
                    { "id": "format", "style": "popover", "source": "format-button", "modal": true, "title": "Format",
                      "content": [ { "type": "button", "id": "read-button", "title": "Read", "action": { "present": "reader" } } ] },
                    { "id": "delete-doc", "style": "alert", "title": "Delete Document", "message": "Are you sure? Tap “Delete” to continue.",
                      "actions": [ { "title": "Delete", "role": "destructive" }, { "title": "Cancel", "role": "cancel" } ] },
                    { "id": "export", "style": "alert", "title": "Export Document",
                      "actions": [ { "title": "Export PDF" }, { "title": "Export Text" }, { "title": "Export Word" }, { "title": "Cancel", "role": "cancel" } ] },
                    { "id": "reader", "style": "fullScreen", "task": "immersive", "title": "Reader", "transition": "partialCurl", "rationale": "Page turn",
                      "navigationBar": { "leading": [ { "id": "reader-close", "title": "Close", "action": "dismiss" } ] } }
                  ] }
                """#,
            expected: [
                "error modal.dismiss-button-required $.modals[0]",
                "error popover.compact-dismiss-button $.modals[0]",
                "error popover.modal-needs-button $.modals[0]",
                "warning popover.no-modal-over $.modals[0].content[0]",
                "warning alert.cancel-left $.modals[1].actions",
                "info alert.avoid-explaining-buttons $.modals[1].message",
                "info alert.avoid-pronouns $.modals[1].message",
                "error alert.button-count $.modals[2].actions",
                "error transition.partialcurl-fullscreen-only $.modals[3].transition",
            ]),
        LintCorpus(
            name: "chat-zh",
            json: #"""
                { "format": "modallab/1", "id": "chat", "name": "聊天", "devices": ["iphone-16"], "start": "chats",
                  "screens": [ { "id": "chats", "title": "聊天",
                    "navigationBar": { "trailing": [ { "id": "share-btn", "title": "分享", "systemImage": "square.and.arrow.up", "action": { "present": "share" } } ] } } ],
                  "modals": [
                    { "id": "delete-chat", "style": "alert", "title": "删除此会话？", "message": "删除后无法恢复",
                      "actions": [ { "title": "取消", "role": "cancel" }, { "title": "删除" } ] },
                    { "id": "attach", "style": "actionSheet", "source": "share-btn", "actions": [ { "title": "拍照" } ] },
                    { "id": "share", "style": "activity", "source": "share-btn", "activities": ["airdrop", "copy"],
                      "customActivities": [ { "id": "print-chat", "title": "打印", "systemImage": "printer" } ] }
                  ] }
                """#,
            expected: [
                "warning alert.message-sentence $.modals[0].message",
                "warning alert.destructive-style $.modals[0].actions[1]",
                "info actionsheet.cancel-when-destructive $.modals[1].actions",
                "warning actionsheet.min-choices $.modals[1].actions",
                "warning activity.no-duplicate-system $.modals[2].customActivities[0].title",
            ]),
        LintCorpus(
            name: "settings-config",
            json: #"""
                { "format": "modallab/1", "id": "settings", "name": "Settings", "devices": ["iphone-16"], "start": "main",
                  "lint": { "disable": ["alert.button-count", "alert.not-informational-only"], "severity": { "alert.title-informative": "error" } },
                  "screens": [ { "id": "main", "title": "Settings" } ],
                  "modals": [
                    { "id": "oops", "style": "alert", "title": "Oops!", "actions": [ { "title": "OK" } ] },
                    { "id": "style", "style": "none", "title": "Odd" }
                  ] }
                """#,
            expected: [
                "error alert.title-informative $.modals[0].title",
                "error modal.style-none $.modals[1].style",
            ]),
    ]
}
