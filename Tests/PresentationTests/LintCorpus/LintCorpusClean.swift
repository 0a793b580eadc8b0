// Held-out clean prototypes: ordinary, well-formed apps that must lint without a finding.

extension LintCorpus {
    static let clean: [LintCorpus] = [
        LintCorpus(
            name: "spec-mail",
            json: #"""
                {
                  "format": "modallab/1",
                  "id": "mail",
                  "name": "Mail",
                  "targetOS": "18",
                  "devices": ["iphone-16", "ipad-pro-11"],
                  "tint": "#007AFF",
                  "start": "inbox",
                  "screens": [
                    { "id": "inbox", "title": "Inbox",
                      "navigationBar": { "trailing": [ { "id": "compose-button", "title": "Compose", "systemImage": "square.and.pencil",
                                                         "action": { "present": "compose" } } ] },
                      "content": [
                        { "type": "list", "id": "messages", "items": [ { "id": "m1", "title": "Lunch?", "subtitle": "Are you free on Friday" } ] },
                        { "type": "button", "id": "delete-all", "title": "Delete All", "role": "destructive", "action": { "present": "confirm-delete" } },
                        { "type": "button", "id": "share-button", "title": "Share", "systemImage": "square.and.arrow.up", "action": { "present": "share" } }
                      ] } ],
                  "modals": [
                    { "id": "compose", "style": "pageSheet", "title": "New Message",
                      "detents": ["medium", "large"], "grabber": true,
                      "navigationBar": { "leading":  [ { "id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ],
                                         "trailing": [ { "id": "send", "title": "Send", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "textField", "id": "to", "label": "To", "userContent": true },
                                   { "type": "textArea", "id": "body", "userContent": true } ],
                      "confirmDiscard": "discard-draft" },
                    { "id": "discard-draft", "style": "actionSheet", "source": "cancel",
                      "actions": [ { "title": "Delete Draft", "role": "destructive", "action": "dismissAll" },
                                   { "title": "Save Draft", "action": "dismissAll" },
                                   { "title": "Cancel", "role": "cancel" } ] },
                    { "id": "confirm-delete", "style": "alert", "title": "Delete all messages?", "message": "This can't be undone.",
                      "actions": [ { "title": "Cancel", "role": "cancel" }, { "title": "Delete", "role": "destructive", "action": "dismiss" } ] },
                    { "id": "share", "style": "activity", "source": "share-button",
                      "activities": ["airdrop", "messages", "mail", "copy", "print"], "excludedActivities": ["print"],
                      "customActivities": [ { "id": "pin", "title": "Pin Message", "systemImage": "pin" } ] }
                  ]
                }
                """#, expected: []),
        LintCorpus(
            name: "photos",
            json: #"""
                {
                  "format": "modallab/1", "id": "photos", "name": "Photos", "targetOS": "18",
                  "devices": ["iphone-se-3", "iphone-16", "iphone-16-pro-max", "ipad-mini", "ipad-pro-13"],
                  "start": "library",
                  "screens": [
                    { "id": "library", "title": "Library",
                      "navigationBar": { "leading": [ { "id": "select-button", "title": "Select" } ],
                                         "trailing": [ { "id": "sort-button", "title": "Sort", "systemImage": "arrow.up.arrow.down", "action": { "present": "sort" } },
                                                       { "id": "add-button", "title": "Add", "systemImage": "plus", "action": { "present": "add-photo" } } ] },
                      "content": [
                        { "type": "list", "id": "albums", "items": [ { "id": "recents", "title": "Recents", "action": { "push": "album" } } ] }
                      ],
                      "toolbar": [
                        { "type": "button", "id": "share-button", "title": "Share", "systemImage": "square.and.arrow.up", "action": { "present": "share" } },
                        { "type": "button", "id": "trash-button", "title": "Delete", "systemImage": "trash", "role": "destructive", "action": { "present": "confirm-delete" } },
                        { "type": "button", "id": "info-button", "title": "Info", "systemImage": "info.circle", "action": { "present": "info" } },
                        { "type": "button", "id": "edit-button", "title": "Edit", "action": { "present": "editor" } }
                      ] },
                    { "id": "album", "title": "Recents" }
                  ],
                  "modals": [
                    { "id": "sort", "style": "popover", "source": "sort-button", "title": "Sort By",
                      "navigationBar": { "trailing": [ { "id": "sort-done", "title": "Done", "role": "done", "action": "dismiss" } ] },
                      "preferredContentSize": { "width": 320, "height": 240 },
                      "content": [ { "type": "list", "id": "sort-orders", "items": [
                          { "id": "by-date", "title": "Date Taken", "action": "dismiss" }, { "id": "by-added", "title": "Date Added", "action": "dismiss" } ] } ] },
                    { "id": "add-photo", "style": "actionSheet", "source": "add-button", "title": "Add Photos",
                      "message": "Photos are added to the current album.", "actions": [ { "title": "Take Photo", "action": { "present": "camera" } }, { "title": "Choose from Files" }, { "title": "Cancel", "role": "cancel" } ] },
                    { "id": "camera", "style": "fullScreen", "task": "immersive", "title": "Camera",
                      "navigationBar": { "leading": [ { "id": "camera-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ] },
                      "content": [ { "type": "image", "id": "viewfinder", "label": "Viewfinder" }, { "type": "button", "id": "shutter", "title": "Take Photo", "action": "dismiss" } ] },
                    { "id": "share", "style": "activity", "source": "share-button",
                      "activities": ["airdrop", "messages", "mail", "copy", "print", "saveToFiles"],
                      "customActivities": [ { "id": "add-to-album", "title": "Add to Album", "systemImage": "rectangle.stack.badge.plus" } ] },
                    { "id": "confirm-delete", "style": "actionSheet", "source": "trash-button",
                      "message": "This photo will be deleted from iCloud Photos on all your devices.",
                      "actions": [ { "title": "Delete Photo", "role": "destructive", "action": "dismiss" }, { "title": "Cancel", "role": "cancel" } ] },
                    { "id": "info", "style": "pageSheet", "title": "Info", "detents": ["medium", "large"], "grabber": true,
                      "navigationBar": { "trailing": [ { "id": "info-close", "systemImage": "xmark", "accessibilityLabel": "Close", "action": "dismiss" } ] },
                      "content": [ { "type": "textField", "id": "caption", "label": "Caption", "userContent": true }, { "type": "text", "id": "exif", "text": "iPhone 16 — 24 mm f/1.78" } ],
                      "confirmDiscard": "discard-caption" },
                    { "id": "discard-caption", "style": "actionSheet", "source": "info-close",
                      "actions": [ { "title": "Discard Changes", "role": "destructive", "action": "dismissAll" }, { "title": "Keep Editing", "role": "cancel" } ] },
                    { "id": "editor", "style": "fullScreen", "task": "immersive", "title": "Edit",
                      "navigationBar": { "leading": [ { "id": "editor-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ],
                                         "trailing": [ { "id": "editor-done", "title": "Done", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "image", "id": "canvas", "label": "Photo" }, { "type": "segmented", "id": "tools", "segments": ["Adjust", "Filters", "Crop"], "value": 0, "userContent": true } ],
                      "confirmDiscard": "discard-edits" },
                    { "id": "discard-edits", "style": "alert", "title": "Discard edits?", "message": "Changes to this photo will be lost.",
                      "actions": [ { "title": "Cancel", "role": "cancel" }, { "title": "Discard", "role": "destructive", "action": "dismissAll" } ] }
                  ]
                }
                """#, expected: []),
        LintCorpus(
            name: "notes",
            json: #"""
                {
                  "format": "modallab/1", "id": "notes", "name": "Notes", "targetOS": "17",
                  "devices": ["iphone-16"], "tint": "#FFCC00", "start": "folders",
                  "screens": [
                    { "id": "folders", "title": "Folders",
                      "navigationBar": { "trailing": [ { "id": "new-folder", "title": "New Folder", "systemImage": "folder.badge.plus", "action": { "present": "name-folder" } } ] },
                      "content": [ { "type": "list", "id": "folder-list", "items": [ { "id": "all-notes", "title": "All Notes" } ] },
                                   { "type": "button", "id": "setup-sync", "title": "Set Up Sync", "action": { "present": "sync-setup" } },
                                   { "type": "button", "id": "sign-out", "title": "Sign Out", "role": "destructive", "action": { "present": "confirm-sign-out" } } ] }
                  ],
                  "modals": [
                    { "id": "name-folder", "style": "alert", "title": "New Folder", "message": "Enter a name for this folder.",
                      "textFields": [ { "placeholder": "Name" } ],
                      "actions": [ { "title": "Cancel", "role": "cancel" }, { "title": "Save", "preferred": true } ] },
                    { "id": "sync-setup", "style": "pageSheet", "title": "Sync",
                      "navigationBar": { "leading": [ { "id": "sync-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ] },
                      "content": [ { "type": "text", "id": "sync-intro", "text": "Keep your notes up to date on all your devices." },
                                   { "type": "button", "id": "sync-next", "title": "Continue", "action": { "push": "sync-account" } } ],
                      "screens": [
                        { "id": "sync-account", "title": "Account",
                          "content": [ { "type": "textField", "id": "email", "label": "Email", "userContent": true },
                                       { "type": "button", "id": "sync-next-2", "title": "Continue", "action": { "push": "sync-done" } } ] },
                        { "id": "sync-done", "title": "All Set",
                          "navigationBar": { "trailing": [ { "id": "sync-finish", "title": "Done", "role": "done", "action": "dismiss" } ] },
                          "content": [ { "type": "text", "id": "sync-ok", "text": "Your notes will sync in the background." } ] }
                      ] },
                    { "id": "confirm-sign-out", "style": "alert", "title": "Sign out of Notes?", "message": "Notes stored only on this iPhone will be removed.",
                      "actions": [ { "title": "Cancel", "role": "cancel" }, { "title": "Sign Out", "role": "destructive", "action": "dismiss" } ] }
                  ]
                }
                """#, expected: []),
    ]
}

extension LintCorpus {
    /// More clean prototypes: Chinese titles, an iPad-only app, an iPhone-only app narrowed by `--device`.
    static let cleanMore: [LintCorpus] = [
        LintCorpus(
            name: "reading-zh",
            json: #"""
                { "format": "modallab/1", "id": "reading", "name": "阅读", "devices": ["iphone-16", "ipad-air-11"], "start": "shelf",
                  "screens": [ { "id": "shelf", "title": "书架",
                    "navigationBar": { "trailing": [ { "id": "share-book", "title": "分享", "systemImage": "square.and.arrow.up", "action": { "present": "share" } },
                                                     { "id": "more", "title": "更多", "systemImage": "ellipsis.circle", "action": { "present": "book-actions" } } ] },
                    "content": [ { "type": "button", "id": "remove-book", "title": "移除", "role": "destructive", "action": { "present": "confirm-remove" } } ] } ],
                  "modals": [
                    { "id": "confirm-remove", "style": "alert", "title": "从书架移除此书？", "message": "已下载的内容也会被删除。",
                      "actions": [ { "title": "取消", "role": "cancel" }, { "title": "移除", "role": "destructive", "action": "dismiss" } ] },
                    { "id": "book-actions", "style": "actionSheet", "source": "more", "message": "此书将从所有设备上删除。",
                      "actions": [ { "title": "删除图书", "role": "destructive" }, { "title": "取消", "role": "cancel" } ] },
                    { "id": "share", "style": "activity", "source": "share-book", "activities": ["airdrop", "messages", "mail", "copy"] },
                    { "id": "notes", "style": "pageSheet", "title": "笔记", "detents": ["medium", "large"], "grabber": true,
                      "navigationBar": { "leading": [ { "id": "notes-cancel", "title": "取消", "role": "cancel", "action": "dismiss" } ],
                                         "trailing": [ { "id": "notes-done", "title": "完成", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "textField", "id": "note", "label": "笔记", "userContent": true } ] }
                  ] }
                """#, expected: []),
        LintCorpus(
            name: "ipad-canvas",
            json: #"""
                { "format": "modallab/1", "id": "canvas", "name": "Canvas", "devices": ["ipad-pro-13", "ipad-mini"], "start": "board",
                  "screens": [ { "id": "board", "title": "Board",
                    "navigationBar": { "trailing": [ { "id": "colors-button", "title": "Colors", "systemImage": "paintpalette", "action": { "present": "colors" } },
                                                     { "id": "export-button", "title": "Share", "systemImage": "square.and.arrow.up", "action": { "present": "share" } } ] },
                    "content": [ { "type": "button", "id": "settings-button", "title": "Settings", "action": { "present": "settings" } },
                                 { "type": "button", "id": "clear-button", "title": "Clear Board", "role": "destructive", "action": { "present": "clear" } } ] } ],
                  "modals": [
                    { "id": "colors", "style": "popover", "source": "colors-button", "title": "Colors", "preferredContentSize": { "width": 320, "height": 420 },
                      "navigationBar": { "trailing": [ { "id": "colors-done", "title": "Done", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "segmented", "id": "palette", "segments": ["Grid", "Spectrum"], "value": 0 } ] },
                    { "id": "share", "style": "activity", "source": "export-button", "activities": ["airdrop", "mail", "copy", "saveToFiles"] },
                    { "id": "settings", "style": "formSheet", "title": "Board Settings", "preferredContentSize": { "width": 540, "height": 620 },
                      "navigationBar": { "leading": [ { "id": "settings-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ],
                                         "trailing": [ { "id": "settings-done", "title": "Done", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "toggle", "id": "snap", "label": "Snap to grid" }, { "type": "textField", "id": "board-name", "label": "Name", "userContent": true } ] },
                    { "id": "clear", "style": "actionSheet", "source": "clear-button",
                      "actions": [ { "title": "Clear Board", "role": "destructive", "action": "dismiss" }, { "title": "Cancel", "role": "cancel" } ] }
                  ] }
                """#, expected: []),
        LintCorpus(
            name: "timer-iphone",
            json: #"""
                { "format": "modallab/1", "id": "timer", "name": "Timer", "devices": ["iphone-se-3", "iphone-16-pro"], "start": "timers",
                  "screens": [ { "id": "timers", "title": "Timers",
                    "navigationBar": { "trailing": [ { "id": "add-timer", "title": "Add", "systemImage": "plus", "action": { "present": "new-timer" } } ] },
                    "content": [ { "type": "button", "id": "reset-all", "title": "Reset All", "role": "destructive", "action": { "present": "confirm-reset" } } ] } ],
                  "modals": [
                    { "id": "new-timer", "style": "pageSheet", "title": "New Timer",
                      "navigationBar": { "leading": [ { "id": "new-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss" } ],
                                         "trailing": [ { "id": "new-save", "title": "Save", "role": "done", "action": "dismiss" } ] },
                      "content": [ { "type": "textField", "id": "label", "label": "Label", "userContent": true },
                                   { "type": "segmented", "id": "sound", "segments": ["Radar", "Chimes"], "value": 0 } ] },
                    { "id": "confirm-reset", "style": "alert", "title": "Reset all timers?", "message": "Running timers will stop.",
                      "actions": [ { "title": "Cancel", "role": "cancel" }, { "title": "Reset", "role": "destructive", "action": "dismiss" } ] }
                  ] }
                """#, expected: []),
    ]
}
