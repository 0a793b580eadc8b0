#!/usr/bin/env python3
"""Real-browser tests of the ModalLab player, in headless Chromium through WebDriver.

The suite starts `modallab serve --port 0` itself over a temporary data folder and a temporary
prototypes folder (the bundled examples, a prototype the repository does not contain, and one
full of hostile text), drives one Chromium, and saves a screenshot of each form.

    python3 Tests/Browser/test_player.py [-v] [unittest arguments]
    python3 Tests/Browser/test_player.py --check      # exit 3 and name what is missing
    python3 Tests/Browser/test_player.py --list       # every scenario's id, one a line
    python3 Tests/Browser/test_player.py --report FILE [unittest arguments]
                                                      # and write each scenario's outcome as JSON

`swift test` runs the file once through `Tests/ModalLabServerTests/BrowserTests.swift`, which
reports every scenario (`Class.test_name`) as a test of its own.

Environment:
    MODALLAB_BIN          the modallab executable (default .build/debug/modallab)
    MODALLAB_SCREENSHOTS  where to save screenshots (default: a temporary folder);
                          docs/screenshots refreshes the pictures of README and docs/fidelity.md
    MODALLAB_BROWSER_GPU  1: Chromium composites as Chrome on a Mac does (GPU path on
                          SwiftShader), whose Liquid Glass pictures are right; slower. Use it
                          with MODALLAB_SCREENSHOTS=docs/screenshots
    CHROMEDRIVER, CHROME  the driver and the browser (default: found on PATH)

Needs only the standard library and `selenium` (pip), with Debian's `chromium` and
`chromium-driver`. No fixed sleeps: readiness is polled, animations are awaited through the
player's `window.modallab.idle()`.
"""

import base64
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MISSING_EXIT = 3


def find_chrome():
    for name in (os.environ.get("CHROME"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def find_chromedriver():
    for name in (os.environ.get("CHROMEDRIVER"), "chromedriver", "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"):
        if name and (shutil.which(name) or (os.path.isfile(name) and os.access(name, os.X_OK))):
            return shutil.which(name) or name
    return None


INSTALL = "install chromium chromium-driver; pip install 'selenium<4.52'"


def missing_dependencies():
    """What this suite needs that the machine lacks, each with how to install it."""
    missing = []
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the Python package selenium (pip install 'selenium<4.52')")
    if not find_chrome():
        missing.append("Chromium (apt-get install chromium, or set CHROME)")
    if not find_chromedriver():
        missing.append("ChromeDriver (apt-get install chromium-driver, or set CHROMEDRIVER)")
    return missing


# ---------------------------------------------------------------------------------------------
# Prototypes written to the temporary prototypes folder
# ---------------------------------------------------------------------------------------------

SCRIPT = '<script>window.__pwned="script"</script>'
ATTR = '" onmouseover="window.__pwned=\'attr\'" data-x="'
IMG = '<img src=x onerror="window.__pwned=\'img\'">'
JS = "'); window.__pwned='js'; ('"
CSS = "</style><style>body{display:none}</style>"
# A right-to-left override: without isolation it reverses the text that follows it on the line.
RLO = "\u202e"


def studio_prototype():
    """A prototype the repository does not contain: every form and every transition."""
    def bar(leading=None, trailing=None):
        return {"leading": leading or [], "trailing": trailing or []}

    def button(id, title, action, role=None, image=None):
        b = {"id": id, "title": title, "action": action}
        if role:
            b["role"] = role
        if image:
            b["systemImage"] = image
        return b

    full = lambda id, title, transition, content, close: {  # noqa: E731
        "id": id, "style": "fullScreen", "task": "immersive", "title": title, "rationale": "Immersive.",
        **({"transition": transition} if transition else {}),
        "navigationBar": bar(trailing=[button(close, "Done", "dismiss", role="done")]),
        "content": content,
    }
    return {
        "format": "modallab/1", "id": "studio", "name": "Studio", "targetOS": "18",
        "devices": ["iphone-16", "ipad-pro-11"], "tint": "#5856D6", "start": "home",
        "screens": [{
            "id": "home", "title": "Studio",
            "navigationBar": bar(
                [button("filter-button", "Filter", {"present": "filter"}, image="ellipsis.circle")],
                [button("settings-button", "Settings", {"present": "settings"}, image="gear")]),
            "content": [
                {"type": "list", "id": "flows", "items": [
                    {"id": "open-player", "title": "Player", "subtitle": "Cover vertical", "action": {"present": "player"}},
                    {"id": "open-card", "title": "Card back", "subtitle": "Flip horizontal", "action": {"present": "card-back"}},
                    {"id": "open-map", "title": "Map options", "subtitle": "Partial curl", "action": {"present": "map-options"}},
                    {"id": "open-lightbox", "title": "Lightbox", "subtitle": "Cross dissolve", "action": {"present": "lightbox"}},
                ]},
                button("new-note", "New Note", {"present": "note"}, image="square.and.pencil"),
                button("rename", "Rename Project", {"present": "rename-alert"}),
                button("export", "Export", {"present": "export-alert"}),
                button("arrange", "Arrange", {"present": "arrange-sheet"}),
                button("share", "Share", {"present": "share-sheet"}, image="square.and.arrow.up"),
                button("speed", "Playback Speed", {"present": "speed-menu"}, image="gauge.with.dots.needle.33percent"),
            ],
        }],
        "modals": [
            {"id": "settings", "style": "formSheet", "title": "Settings",
             "navigationBar": bar([button("settings-cancel", "Cancel", "dismiss", role="cancel")],
                                  [button("settings-done", "Done", "dismiss", role="done")]),
             "content": [{"type": "toggle", "id": "autosave", "label": "Autosave", "value": True},
                         {"type": "textField", "id": "author", "label": "Author", "placeholder": "Name"}]},
            {"id": "note", "style": "pageSheet", "title": "New Note", "detents": ["medium", "large"], "grabber": True,
             "navigationBar": bar([button("note-cancel", "Cancel", "dismiss", role="cancel")],
                                  [button("note-save", "Save", "dismiss", role="done")]),
             "content": [{"type": "textField", "id": "note-title", "label": "Title", "userContent": True},
                         {"type": "textArea", "id": "note-body", "placeholder": "Write something", "userContent": True}],
             "confirmDiscard": "discard-note"},
            {"id": "discard-note", "style": "actionSheet", "source": "note-cancel",
             "actions": [{"title": "Discard Note", "role": "destructive", "action": "dismissAll"},
                         {"title": "Keep Editing", "role": "cancel"}]},
            {"id": "filter", "style": "popover", "title": "Filter", "source": "filter-button",
             "preferredContentSize": {"width": 320, "height": 260},
             "navigationBar": bar(trailing=[button("filter-done", "Done", "dismiss", role="done")]),
             "content": [{"type": "segmented", "id": "filter-kind", "segments": ["All", "Notes", "Media"], "value": 0}]},
            full("player", "Now Playing", None, [{"type": "image", "id": "artwork", "label": "Artwork", "height": 300}], "player-done"),
            full("card-back", "Card Back", "flipHorizontal", [{"type": "text", "id": "card-text", "text": "The back of the card."}], "card-done"),
            full("map-options", "Map Options", "partialCurl",
                 [{"type": "segmented", "id": "map-kind", "segments": ["Map", "Transit", "Satellite"], "value": 0}], "map-done"),
            full("lightbox", "Lightbox", "crossDissolve", [{"type": "image", "id": "photo", "label": "Photo", "height": 320}], "lightbox-done"),
            {"id": "rename-alert", "style": "alert", "title": "Rename Project", "message": "Enter a new name for this project.",
             "textFields": [{"placeholder": "Project name"}],
             "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Rename", "preferred": True, "action": "dismiss"}]},
            {"id": "export-alert", "style": "alert", "title": "Export Project", "message": "Choose a format for the file.",
             "actions": [{"title": "Export PDF", "action": "dismiss"}, {"title": "Export Images", "action": "dismiss"},
                         {"title": "Cancel", "role": "cancel"}]},
            {"id": "arrange-sheet", "style": "actionSheet", "source": "arrange", "title": "Arrange Items",
             "message": "Items keep their folders.",
             "actions": [{"title": "Delete All", "role": "destructive", "action": "dismiss"},
                         {"title": "Sort by Name", "action": "dismiss"}, {"title": "Sort by Date", "action": "dismiss"},
                         {"title": "Cancel", "role": "cancel"}]},
            {"id": "speed-menu", "style": "popover", "title": "Speed", "source": "speed", "adaptivePresentationStyle": "none",
             "preferredContentSize": {"width": 240, "height": 190},
             "navigationBar": bar(trailing=[button("speed-done", "Done", "dismiss", role="done")]),
             "content": [{"type": "list", "id": "speeds", "items": [
                 {"id": "speed-1", "title": "1×", "action": "dismiss"}, {"id": "speed-2", "title": "2×", "action": "dismiss"}]}]},
            {"id": "share-sheet", "style": "activity", "source": "share",
             "activities": ["copy", "mail", "airdrop", "print", "messages"],
             "customActivities": [{"id": "duplicate", "title": "Duplicate", "systemImage": "plus.square.on.square"}]},
        ],
    }


def navigation_prototype():
    """A list under a large title that pushes a screen, and a sheet that pushes one inside it."""
    rows = ["Groceries", "Ideas", "Books", "Trips", "Recipes", "Work", "Garden", "Music", "Films", "Gifts",
            "Games", "Plans", "Quotes", "Travel"]
    return {
        "format": "modallab/1", "id": "navigation", "name": "Navigation", "targetOS": "18",
        "devices": ["iphone-16", "ipad-pro-11"], "start": "notes",
        "screens": [
            {"id": "notes", "title": "Notes", "largeTitle": True,
             "navigationBar": {"trailing": [{"id": "new", "title": "New", "systemImage": "square.and.pencil",
                                             "action": {"present": "editor"}}]},
             "content": [{"type": "list", "id": "all", "items": [
                 {"id": f"n{i}", "title": t, "action": {"push": "note"}} for i, t in enumerate(rows)]}],
             "toolbar": [{"id": "count", "title": "14 Notes"}]},
            {"id": "note", "title": "Note", "content": [{"type": "text", "id": "body", "text": "A note."}]},
        ],
        "modals": [
            {"id": "editor", "style": "pageSheet", "title": "New Note",
             "navigationBar": {"leading": [{"id": "editor-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
             "content": [{"type": "button", "id": "editor-more", "title": "Details", "action": {"push": "details"}}],
             "screens": [{"id": "details", "title": "Details", "content": [{"type": "text", "id": "details-text", "text": "More."}]}]},
        ],
    }


def hostile_prototype():
    """A valid prototype whose user text tries every way into the page: markup, attributes,
    inline script and style. Ids stay `[a-z0-9-]`; the hostile text is in titles, labels,
    messages, list items and segments."""
    return {
        "format": "modallab/1", "id": "hostile", "name": "Hostile " + SCRIPT + RLO + " name", "targetOS": "18",
        "devices": ["iphone-16", "ipad-pro-11"], "start": "home",
        "screens": [{
            "id": "home", "title": "Home " + IMG + RLO,
            "navigationBar": {
                "leading": [{"id": "menu", "title": "Menu " + ATTR, "systemImage": "ellipsis.circle", "action": {"present": "menu-popover"}}],
                "trailing": [{"id": "open-sheet", "title": "Open " + SCRIPT, "action": {"present": "sheet"}}]},
            "content": [
                {"type": "text", "id": "intro", "text": "Text " + SCRIPT + IMG + ATTR + JS + CSS + RLO},
                {"type": "list", "id": "things", "items": [
                    {"id": "thing-1", "title": "Item " + IMG + RLO, "subtitle": "Sub " + SCRIPT + RLO,
                     "systemImage": "sparkle" + IMG},
                    {"id": "thing-2", "title": "Item " + ATTR, "subtitle": JS}]},
                {"type": "textField", "id": "field", "label": "Label " + ATTR, "placeholder": "Placeholder " + IMG, "value": "Value " + SCRIPT},
                {"type": "toggle", "id": "switch", "label": "Toggle " + IMG + RLO},
                {"type": "segmented", "id": "seg", "segments": ["One " + ATTR, "Two " + SCRIPT]},
                {"type": "image", "id": "pic", "label": "Image " + IMG, "height": 80},
                {"type": "button", "id": "ask", "title": "Ask " + IMG + RLO, "action": {"present": "alert"}},
                {"type": "button", "id": "choose", "title": "Choose " + ATTR, "action": {"present": "choices"}},
                {"type": "button", "id": "share", "title": "Share " + SCRIPT, "systemImage": "square.and.arrow.up", "action": {"present": "share-it"}},
            ],
        }],
        "modals": [
            {"id": "sheet", "style": "pageSheet", "title": "Sheet " + SCRIPT,
             "navigationBar": {"leading": [{"id": "sheet-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                               "trailing": [{"id": "sheet-done", "title": "Done " + IMG, "role": "done", "action": "dismiss"}]},
             "content": [{"type": "textArea", "id": "notes", "label": "Notes " + ATTR, "placeholder": "Type " + SCRIPT, "userContent": True}]},
            {"id": "menu-popover", "style": "popover", "source": "menu", "title": "Menu " + IMG,
             "navigationBar": {"trailing": [{"id": "menu-done", "title": "Done", "role": "done", "action": "dismiss"}]},
             "content": [{"type": "list", "id": "menu-list", "items": [{"id": "menu-1", "title": "Entry " + SCRIPT, "action": "dismiss"}]}]},
            {"id": "alert", "style": "alert", "title": "Alert " + SCRIPT + RLO, "message": "Message " + IMG + ATTR + RLO,
             "textFields": [{"placeholder": "Field " + ATTR}],
             "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Go " + IMG, "action": "dismiss"}]},
            {"id": "choices", "style": "actionSheet", "source": "choose", "title": "Sheet " + ATTR, "message": "Pick " + SCRIPT,
             "actions": [{"title": "Keep " + IMG + RLO, "action": "dismiss"}, {"title": "Cancel", "role": "cancel"}]},
            {"id": "share-it", "style": "activity", "source": "share", "title": "Share " + IMG,
             "activities": ["copy"], "customActivities": [{"id": "custom", "title": "Do " + SCRIPT + RLO}]},
        ],
    }


def bars_prototype():
    """Bar buttons in every grouping iOS 26 draws (issue 28, point 6): a title alone at the leading
    end; at the trailing end a title on a background of its own (sharesBackground false) beside a
    title and a symbol that share one; a toolbar of symbols and a title, spread apart."""
    return {
        "format": "modallab/1", "id": "bars", "name": "Bars", "targetOS": "26",
        "devices": ["iphone-16", "ipad-pro-11"], "start": "inbox",
        "screens": [
            {"id": "inbox", "title": "Inbox",
             "navigationBar": {
                 "leading": [{"id": "cancel", "title": "Cancel", "action": {"push": "message"}}],
                 "trailing": [{"id": "filter", "title": "Filter", "sharesBackground": False},
                              {"id": "edit", "title": "Edit"},
                              {"id": "share", "systemImage": "square.and.arrow.up", "accessibilityLabel": "Share"}]},
             "content": [{"type": "text", "id": "note", "text": "Three messages."}],
             "toolbar": [{"id": "trash", "systemImage": "trash", "accessibilityLabel": "Delete"},
                         {"id": "count", "title": "3 Messages"},
                         {"id": "compose", "systemImage": "square.and.pencil", "accessibilityLabel": "Compose"}]},
            {"id": "message", "title": "Message",
             "navigationBar": {"trailing": [{"id": "reply", "systemImage": "plus", "accessibilityLabel": "Reply"},
                                            {"id": "more", "systemImage": "ellipsis.circle", "accessibilityLabel": "More"}]},
             "content": [{"type": "text", "id": "body", "text": "Hello."}]},
        ],
    }


def versions_prototype():
    """A prototype the repository does not contain, for the iOS-version scenarios: a Sort button
    with a pull-down menu, a row with a context menu and its preview, a thumbnail a viewer zooms
    out of, a half sheet, a form sheet and an action sheet at its source."""
    def close(id):
        return {"leading": [{"id": id, "title": "Close", "action": "dismiss"}]}
    return {
        "format": "modallab/1", "id": "versions", "name": "Versions", "targetOS": "18",
        "devices": ["iphone-16", "ipad-pro-11"], "start": "home",
        "screens": [
            {"id": "home", "title": "Library",
             "navigationBar": {
                 "leading": [{"id": "sort", "title": "Sort", "systemImage": "arrow.up.arrow.down",
                              "menu": {"title": "Sort By", "singleSelection": True, "children": [
                                  {"id": "by-date", "title": "Date", "checked": True},
                                  {"id": "by-name", "title": "Name"},
                                  {"id": "more-orders", "title": "More", "children": [{"id": "by-size", "title": "Size"}]}]}}],
                 "trailing": [{"id": "select", "title": "Select", "hidesSharedBackground": True},
                              {"id": "add", "systemImage": "plus", "accessibilityLabel": "New Album",
                               "action": {"present": "album"}},
                              {"id": "options", "title": "Options", "systemImage": "ellipsis.circle",
                               "action": {"present": "options-popover"}}]},
             "content": [
                 {"type": "list", "id": "photos", "items": [
                     {"id": "photo-1", "title": "Beach", "subtitle": "Today", "contextMenu": {"preview": "detail", "children": [
                         {"id": "favorite", "title": "Favorite", "systemImage": "heart", "checked": False},
                         {"id": "add-to-album", "title": "Add to Album", "systemImage": "rectangle.stack.badge.plus", "children": [
                             {"id": "album-trips", "title": "Trips"}, {"id": "album-family", "title": "Family"}]},
                         {"id": "delete-photo", "title": "Delete", "systemImage": "trash", "role": "destructive",
                          "action": {"present": "confirm-delete"}}]}},
                     {"id": "photo-2", "title": "Harbour", "subtitle": "Yesterday", "contextMenu": {"children": [
                         {"id": "share-photo", "title": "Share", "systemImage": "square.and.arrow.up"}]}}]},
                 {"type": "button", "id": "thumb", "title": "Open Photo", "systemImage": "photo", "action": {"present": "viewer"}},
                 {"type": "button", "id": "new-album", "title": "New Album", "action": {"present": "album"}},
                 {"type": "button", "id": "arrange", "title": "Arrange", "action": {"present": "arrange-sheet"}},
             ]},
            {"id": "detail", "title": "Beach", "content": [{"type": "image", "id": "detail-image", "label": "Beach", "height": 160}]},
        ],
        "modals": [
            {"id": "viewer", "style": "fullScreen", "title": "Photo", "transition": "zoom", "source": "thumb",
             "rationale": "The photo zooms out of its thumbnail", "task": "immersive",
             "navigationBar": close("viewer-close"), "content": [{"type": "image", "id": "big-photo", "label": "Beach", "height": 360}]},
            {"id": "album", "style": "pageSheet", "title": "New Album", "detents": ["medium", "large"], "grabber": True,
             "navigationBar": close("album-close"), "content": [{"type": "textField", "id": "album-name", "label": "Name"}]},
            {"id": "options-popover", "style": "popover", "source": "options", "title": "Options",
             "preferredContentSize": {"width": 300, "height": 200},
             "navigationBar": {"trailing": [{"id": "options-done", "title": "Done", "role": "done", "action": "dismiss"}]},
             "content": [{"type": "toggle", "id": "show-hidden", "label": "Show Hidden"}]},
            {"id": "arrange-sheet", "style": "actionSheet", "source": "arrange", "title": "Arrange Items",
             "actions": [{"title": "Delete All", "role": "destructive", "action": "dismiss"}, {"title": "Cancel", "role": "cancel"}]},
            {"id": "confirm-delete", "style": "actionSheet", "source": "photo-1",
             "actions": [{"title": "Delete Photo", "role": "destructive", "action": "dismiss"}, {"title": "Cancel", "role": "cancel"}]},
        ],
    }


def ledger_prototype():
    """Long words and long menu titles, for the accessibility text sizes: a popover whose content
    is taller than its preferredContentSize, and a menu whose titles don't fit 250 pt."""
    return {
        "format": "modallab/1", "id": "ledger", "name": "Ledger", "targetOS": "18",
        "devices": ["ipad-pro-11", "iphone-16"], "start": "home",
        "screens": [{
            "id": "home", "title": "Ledger",
            "navigationBar": {"trailing": [{"id": "filter", "title": "Filter", "systemImage": "line.3.horizontal.decrease.circle",
                                            "action": {"present": "filters"}}]},
            "content": [
                {"type": "button", "id": "recent", "title": "Recently Deleted", "menu": {
                    "title": "Recently Deleted Transactions", "children": [
                        {"id": "restore", "title": "Restore All Transactions", "systemImage": "arrow.counterclockwise"},
                        {"id": "erase", "title": "Remove Permanently", "systemImage": "trash", "role": "destructive"}]}},
            ],
        }],
        "modals": [
            {"id": "filters", "style": "popover", "source": "filter", "title": "Transactions",
             "preferredContentSize": {"width": 320, "height": 240},
             "navigationBar": {"trailing": [{"id": "filters-done", "title": "Done", "role": "done", "action": "dismiss"}]},
             "content": [
                 {"type": "text", "id": "intro", "text": "Transactions categorised automatically"},
                 {"type": "list", "id": "kinds", "items": [
                     {"id": "kind-all", "title": "Transactions", "subtitle": "Incoming transactions"},
                     {"id": "kind-reconciled", "title": "Reconciliation"}]},
             ]},
        ],
    }


# ---------------------------------------------------------------------------------------------
# The server and the browser, shared by every test
# ---------------------------------------------------------------------------------------------

def png_bytes(width, height, rgb, bands=()):
    """A width × height 8-bit RGB PNG of one colour, with horizontal bands (y0, y1, rgb) drawn
    over it, made with the standard library (zlib, CRC-32)."""
    import struct
    import zlib
    rows = []
    for y in range(height):
        colour = rgb
        for y0, y1, c in bands:
            if y0 <= y < y1:
                colour = c
        rows.append(b"\x00" + bytes(colour) * width)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"".join(rows), 6))
            + chunk(b"IEND", b""))


def frames_prototype():
    """A designer's own screens (issue 26): an exported frame at 3×, taller than the screen,
    with hotspots presenting a page sheet with detents and an action sheet (a popover on iPad)."""
    return {
        "format": "modallab/1", "id": "frames", "name": "Frames", "devices": ["iphone-16", "ipad-pro-11"],
        "start": "home",
        "screens": [{"id": "home", "title": "Home", "image": {"asset": "home@3x.png", "dark": "home-dark@3x.png"},
                     "hotspots": [
                         {"id": "compose", "frame": {"x": 329, "y": 62, "width": 44, "height": 44},
                          "action": {"present": "editor"}, "accessibilityLabel": "New note"},
                         {"id": "share", "frame": {"x": 20, "y": 300, "width": 160, "height": 50},
                          "action": {"present": "choices"}}]}],
        "modals": [
            {"id": "editor", "style": "pageSheet", "title": "New note", "detents": ["medium", "large"], "grabber": True,
             "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
             "content": [{"type": "image", "id": "art", "asset": "art@2x.png", "height": 100,
                          "contentMode": "scaleAspectFit"}]},
            {"id": "choices", "style": "actionSheet", "source": "share", "title": "Share",
             "actions": [{"title": "Copy"}, {"title": "Cancel", "role": "cancel"}]}]}


class Harness:
    server = None
    reader = None
    driver = None
    base = None
    tmp = None
    protos = None
    shots = None
    log = []


def read_first_line(proc, timeout):
    """The first line `serve` prints (the owner URL), without blocking past `timeout`."""
    box = {}
    first = threading.Event()

    def reader():
        box["line"] = proc.stdout.readline()
        first.set()
        for line in proc.stdout:  # keep draining so the server never blocks on a full pipe
            Harness.log.append(line)

    Harness.reader = threading.Thread(target=reader, daemon=True)
    Harness.reader.start()
    first.wait(timeout)
    return box.get("line", "").strip()


def wait_http(url, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


def setUpModule():
    missing = missing_dependencies()
    if missing:
        raise RuntimeError(f"the browser tests need {'; '.join(missing)} ({INSTALL})")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    binary = os.environ.get("MODALLAB_BIN") or str(ROOT / ".build" / "debug" / "modallab")
    if not os.access(binary, os.X_OK):
        raise RuntimeError(f"no modallab executable at {binary}; run `swift build --product modallab` or set MODALLAB_BIN")
    Harness.tmp = Path(tempfile.mkdtemp(prefix="modallab-browser-"))
    unittest.addModuleCleanup(cleanup)  # runs even when the set-up below fails
    # Where a designer keeps them: a long absolute path with a long segment that has nowhere to
    # break a line (slashes, hyphens and spaces do), as the gallery shows it.
    protos = Harness.protos = Harness.tmp / "Documents" / "NorthwindBank_iOS_Transfers_UsabilityStudy_2026" / "prototypes"
    protos.mkdir(parents=True)
    for f in (ROOT / "Templates" / "prototypes").glob("*.json"):
        shutil.copy(f, protos / f.name)
    (protos / "studio.json").write_text(json.dumps(studio_prototype(), indent=1))
    (protos / "hostile.json").write_text(json.dumps(hostile_prototype(), indent=1))
    (protos / "versions.json").write_text(json.dumps(versions_prototype(), indent=1))
    (protos / "navigation.json").write_text(json.dumps(navigation_prototype(), indent=1))
    (protos / "bars.json").write_text(json.dumps(bars_prototype(), indent=1))
    (protos / "ledger.json").write_text(json.dumps(ledger_prototype(), indent=1))
    (protos / "frames.json").write_text(json.dumps(frames_prototype(), indent=1))
    shots = os.environ.get("MODALLAB_SCREENSHOTS")
    Harness.shots = Path(shots) if shots else Harness.tmp / "screenshots"
    Harness.shots.mkdir(parents=True, exist_ok=True)

    token = secrets.token_urlsafe(16)
    env = dict(os.environ, MODALLAB_OWNER_TOKEN=token)
    Harness.server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data", str(Harness.tmp / "data"), "--prototypes", str(protos)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    owner_url = read_first_line(Harness.server, 30)
    if not owner_url.startswith("http://"):
        raise RuntimeError(f"modallab serve printed {owner_url!r} instead of its URL")
    Harness.base = owner_url.split("/?")[0]
    Harness.owner_url = owner_url
    Harness.token = token
    wait_http(Harness.base + "/healthz", 30)

    options = Options()
    options.binary_location = find_chrome()
    # --disable-gpu: Chromium's software compositor, quick and steady on a small machine. It
    # differs from Chrome on a Mac in one way the pictures show: under the device's scale
    # transform it samples a backdrop-filter's backdrop from the wrong place, so Liquid Glass
    # surfaces (a form sheet's glass layer, popovers, alerts) show displaced copies of what is
    # beneath. MODALLAB_BROWSER_GPU=1 composites as Chrome on a Mac does (the GPU path, on
    # SwiftShader through ANGLE), for the pictures of docs/screenshots; its frames are slow here.
    compositor = (("--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader")
                  if os.environ.get("MODALLAB_BROWSER_GPU") == "1" else ("--disable-gpu",))
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,1000",
              "--force-device-scale-factor=1", "--hide-scrollbars", "--lang=en-US", *compositor):
        options.add_argument(a)
    Harness.driver = webdriver.Chrome(options=options, service=Service(find_chromedriver()))
    Harness.driver.set_page_load_timeout(30)
    # A 1200 × 900 viewport, whatever the window decorations of headless mode.
    Harness.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    Harness.driver.get(owner_url)  # trades the token for the owner cookie


def cleanup():
    """Stops the browser and the server this suite started, and removes its folders."""
    if Harness.driver:
        Harness.driver.quit()
        Harness.driver = None
    if Harness.server:
        if Harness.server.poll() is not None:
            # The server under test died before the suite ended: say so, with what it printed.
            print(f"\nmodallab serve exited early with status {Harness.server.returncode}; its last output:",
                  file=sys.stderr)
            for line in Harness.log[-40:]:
                print("  " + line.rstrip(), file=sys.stderr)
        Harness.server.terminate()
        try:
            Harness.server.wait(10)
        except subprocess.TimeoutExpired:
            Harness.server.kill()
            Harness.server.wait(10)
        if Harness.reader:
            Harness.reader.join(5)  # it ends at the closed pipe's end of file
        Harness.server.stdout.close()
        Harness.server = None
    if Harness.tmp:
        shutil.rmtree(Harness.tmp, ignore_errors=True)
        Harness.tmp = None


class PlayerTestCase(unittest.TestCase):
    """Helpers: open the player, act, wait for the DOM to settle, read the state."""

    @property
    def d(self):
        return Harness.driver

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait_for(self, script, *args, timeout=20, message=None):
        end = time.monotonic() + timeout
        while True:
            value = self.js(script, *args)
            if value:
                return value
            if time.monotonic() > end:
                self.fail(message or f"timed out waiting for: {script}")
            time.sleep(0.03)

    def settle(self):
        self.wait_for("return window.modallab && window.modallab.idle()", message="the player did not settle")

    def open(self, prototype, device, orientation="portrait", multitasking="full", reduced_motion=False,
             target_os=None, reduced_transparency=False):
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"},
            {"name": "prefers-reduced-transparency", "value": "reduce" if reduced_transparency else "no-preference"}]})
        version = f"&targetOS={target_os}" if target_os else ""
        self.d.get(f"{Harness.base}/p/{prototype}?device={device}&orientation={orientation}&multitasking={multitasking}{version}")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30, message="no session")
        self.settle()

    def el(self, css):
        return self.d.find_element("css selector", css)

    def tap(self, css):
        el = self.el(css)
        # Content longer than the screen scrolls inside the device, where WebDriver doesn't look.
        self.js("arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'})", el)
        el.click()
        self.settle()

    def state(self):
        # A participant's page has no panel: the player's last answered state instead.
        if not self.d.find_elements("css selector", "#state-json"):
            return self.js("return window.modallab.state")
        return json.loads(self.el("#state-json").get_attribute("textContent"))

    def stack(self):
        return [e["modal"] for e in self.state()["stack"]]

    def top(self):
        return self.js("const l = document.querySelectorAll('.presentation'); return l[l.length - 1] || null")

    def layer(self, modal):
        return self.el(f'.presentation[data-modal="{modal}"]')

    def points(self, element):
        """An element's rectangle in points of the app window."""
        return self.js("""
            const el = arguments[0], win = document.querySelector('[data-window]');
            const a = el.getBoundingClientRect(), b = win.getBoundingClientRect(), s = b.width / win.offsetWidth;
            return {x: (a.left - b.left) / s, y: (a.top - b.top) / s, w: a.width / s, h: a.height / s};""", element)

    def window_points(self):
        return self.js("""const w = document.querySelector('[data-window]'), cs = getComputedStyle(w);
            return {w: w.offsetWidth, h: w.offsetHeight, top: parseFloat(cs.getPropertyValue('--safe-top')),
                    bottom: parseFloat(cs.getPropertyValue('--safe-bottom'))};""")

    def screenshot(self, name):
        self.settle()
        self.d.save_screenshot(str(Harness.shots / f"{name}.png"))

    def touch(self, kind, x=None, y=None):
        """One touch event through DevTools (`Input.dispatchTouchEvent`): `touchStart`,
        `touchMove` at (x, y) CSS px of the page, or `touchEnd`."""
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def screenshot_now(self, name):
        """A screenshot of what is drawn this moment (mid-gesture), without waiting to settle."""
        self.d.save_screenshot(str(Harness.shots / f"{name}.png"))

    def assert_layer(self, modal, form, role="dialog"):
        el = self.layer(modal)
        self.assertEqual(el.get_attribute("data-form"), form)
        self.assertEqual(el.get_attribute("role"), role)
        self.assertTrue(el.get_attribute("aria-label"), "a presented layer has an accessible name")
        entry = next(e for e in self.state()["stack"] if e["modal"] == modal)
        self.assertEqual(entry["form"], form, "the DOM draws the form the server decided")
        return el

    def drag(self, element, dy, dx=0, steps=8, touch=False, start=None):
        """A pointer drag (mouse, or touch) from the element's centre (or `start`, in CSS px
        from its top-left) by (dx, dy) CSS pixels."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        from selenium.webdriver.common.actions import interaction
        rect = self.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}", element)
        x0 = rect["x"] + (start[0] if start else rect["w"] / 2)
        y0 = rect["y"] + (start[1] if start else rect["h"] / 2)
        kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
        pointer = PointerInput(kind, "finger" if touch else "mouse")
        actions = ActionBuilder(self.d, mouse=pointer, duration=16)
        actions.pointer_action.move_to_location(int(x0), int(y0))
        actions.pointer_action.pointer_down()
        for i in range(1, steps + 1):
            actions.pointer_action.move_to_location(int(x0 + dx * i / steps), int(y0 + dy * i / steps))
        actions.pointer_action.pointer_up()
        actions.perform()
        self.settle()

    def hold(self, element, seconds=0.7, touch=False):
        """A press held on the element's centre for `seconds` (past the long-press time), then
        released: with the mouse, or a finger."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        from selenium.webdriver.common.actions import interaction
        self.js("arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'})", element)
        r = self.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}", element)
        pointer = PointerInput(interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE, "finger" if touch else "mouse")
        actions = ActionBuilder(self.d, mouse=pointer, duration=16)
        actions.pointer_action.move_to_location(int(r["x"]), int(r["y"]))
        actions.pointer_action.pointer_down()
        actions.pointer_action.pause(seconds)
        actions.pointer_action.pointer_up()
        actions.perform()

    def open_with(self, prototype, device, orientation="portrait", **traits):
        """Opens the player with the environment's traits in the query (appearance, contentSize,
        layoutDirection)."""
        query = "&".join(f"{k}={v}" for k, v in traits.items())
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-reduced-motion", "value": "no-preference"}]})
        self.d.get(f"{Harness.base}/p/{prototype}?device={device}&orientation={orientation}&{query}")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30, message="no session")
        self.settle()


# ---------------------------------------------------------------------------------------------
# Every form, on iPhone and iPad
# ---------------------------------------------------------------------------------------------

class FormTests(PlayerTestCase):
    def test_an_alert_and_an_action_sheet_dim_less_than_a_sheet(self):
        # Behind an alert or an action sheet: Flutter's kCupertinoModalBarrierColor, taken from
        # Apple's design resources (20% light, 48% dark); behind a sheet ModalLab's 40%.
        for appearance, alpha in (("light", "0.2"), ("dark", "0.48")):
            for control, modal in (("export", "export-alert"), ("arrange", "arrange-sheet"), ("new-note", "note")):
                with self.subTest(appearance=appearance, modal=modal):
                    self.open_with("studio", "iphone-16", appearance=appearance)
                    self.tap(f'[data-id="{control}"]')
                    dim = self.js("return getComputedStyle(arguments[0]).backgroundColor",
                                  self.el(f'.dim[data-dim-for="{modal}"]'))
                    expected = "0.4" if modal == "note" else alpha
                    self.assertEqual(dim, f"rgba(0, 0, 0, {expected})", f"{modal} in {appearance}")

    def test_card_on_iphone_pushes_the_app_back_at_its_tallest_detent(self):
        self.open("mail", "iphone-16")
        self.assertEqual(self.el(".device").get_attribute("data-device"), "iphone-16")
        self.tap('[data-id="compose"]')
        card = self.assert_layer("compose", "card")
        self.assertEqual(card.get_attribute("aria-modal"), "true")
        self.assertEqual(card.get_attribute("data-detent"), "medium")
        self.assertIsNotNone(self.el('.dim[data-dim-for="compose"]'))
        dim = self.js("return getComputedStyle(document.querySelector('.dim')).backgroundColor")
        self.assertEqual(dim, "rgba(0, 0, 0, 0.4)", "dimming is black at 40%")
        self.assertIsNone(self.el(".app-layer").get_attribute("data-behind"), "at medium the app stays in place")
        grabber = self.points(self.el("[data-grabber]"))
        self.assertEqual((round(grabber["w"]), round(grabber["h"])), (36, 5))
        self.screenshot("card-medium-iphone")
        # Tapping the grabber cycles the detents; at large the app is pushed back.
        self.tap("[data-grabber]")
        self.assertEqual(self.state()["stack"][0]["detent"], "large")
        self.assertEqual(self.el(".app-layer").get_attribute("data-behind"), "card")
        scale = self.js("return new DOMMatrix(getComputedStyle(document.querySelector('.app-layer')).transform).a")
        self.assertAlmostEqual(scale, 0.92, places=2)
        app, card_rect = self.points(self.el(".app-layer")), self.points(self.layer("compose"))
        self.assertLess(app["y"], card_rect["y"], "the pushed-back app shows its top edge above the card")
        radius = self.js("return getComputedStyle(arguments[0]).borderTopLeftRadius", self.layer("compose"))
        self.assertEqual(radius, "10px")
        self.screenshot("card-large-iphone")

    def test_a_form_sheet_is_centred_on_ipad(self):
        self.open("studio", "ipad-pro-11")
        self.tap('[data-id="settings-button"]')
        sheet = self.assert_layer("settings", "centered")
        r, w = self.points(sheet), self.window_points()
        self.assertEqual((round(r["w"]), round(r["h"])), (540, 620), "a form sheet is 540 × 620 pt")
        self.assertAlmostEqual(r["x"] + r["w"] / 2, w["w"] / 2, delta=1)
        self.screenshot("form-sheet-ipad")
        self.tap('[data-id="settings-cancel"]')
        self.assertEqual(self.stack(), [])

    def test_a_page_sheet_is_centred_on_ipad(self):
        self.open("mail", "ipad-pro-11")
        self.tap('[data-id="compose"]')
        self.assert_layer("compose", "centered")

    def test_full_screen_transitions(self):
        self.open("studio", "iphone-16")
        for item, modal, transition, done in [
            ("open-player", "player", "coverVertical", "player-done"),
            ("open-card", "card-back", "flipHorizontal", "card-done"),
            ("open-lightbox", "lightbox", "crossDissolve", "lightbox-done"),
            ("open-map", "map-options", "partialCurl", "map-done"),
        ]:
            with self.subTest(transition=transition):
                self.el(f'[data-id="{item}"]').click()
                # The layer enters with its transition's animation.
                self.wait_for(f'return document.querySelector(\'.presentation[data-modal="{modal}"]\')')
                self.settle()
                el = self.assert_layer(modal, "fullScreen")
                self.assertEqual(el.get_attribute("data-transition"), transition)
                app = self.el(".app-layer")
                if transition == "partialCurl":
                    self.assertEqual(app.get_attribute("data-curled"), "true", "the curled page stays over the new view")
                    self.assertTrue(self.el(".curl-flap").is_displayed())
                else:
                    self.assertEqual(app.get_attribute("data-covered"), "true", "full screen removes the views beneath")
                self.assertFalse(self.js("return !!document.querySelector('.dim')"), "full screen has no dimming")
                self.screenshot(f"full-screen-{transition}-iphone")
                # No swipe dismisses a full-screen modal; only its button does.
                self.drag(self.el(f'.presentation[data-modal="{modal}"] .nav-bar'), 150)
                self.assertEqual(self.stack(), [modal])
                # Under a partial curl the new view's controls sit in the revealed part, in reach.
                self.tap(f'[data-id="{done}"]')
                self.assertEqual(self.stack(), [])
                self.assertIsNone(self.el(".app-layer").get_attribute("data-covered"))

    def test_popover_points_at_its_source_inside_the_safe_area(self):
        self.open("safari", "ipad-pro-13")
        self.tap('[data-id="bookmarks-button"]')
        pop = self.assert_layer("bookmarks", "popover")
        self.assertIsNone(pop.get_attribute("aria-modal"), "a non-modal popover is not aria-modal")
        self.assertEqual(pop.get_attribute("data-arrow"), "up")
        src, box = self.points(self.el('[data-id="bookmarks-button"]')), self.points(pop)
        arrow = self.points(self.el(".popover-arrow"))
        w = self.window_points()
        tip_x = arrow["x"] + arrow["w"] / 2
        self.assertTrue(src["x"] - 1 <= tip_x <= src["x"] + src["w"] + 1, "the arrow points at the source")
        self.assertGreaterEqual(box["y"], src["y"] + src["h"], "the popover never covers its source")
        self.assertGreaterEqual(box["x"], 0)
        self.assertLessEqual(box["y"] + box["h"], w["h"] - w["bottom"], "inside the safe area")
        self.assertEqual((round(box["w"]), round(box["h"])), (375, 520), "preferredContentSize")
        self.screenshot("popover-ipad")
        # A tap outside closes a non-modal popover.
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.d).move_to_element(self.el('[data-id="page-text"]')).click().perform()
        self.settle()
        self.assertEqual(self.stack(), [])

    def test_popover_from_scrolled_content_on_a_large_iphone_in_landscape(self):
        # The Pro Max in landscape is regular width, compact height. A popover adapts there
        # ("for horizontally or vertically compact environments", Apple's
        # UIModalPresentationStyle.popover), and so does an action sheet, which UIKit presents
        # as a popover: it slides up from the bottom, at most 304 pt wide, as on other iPhones.
        self.open("studio", "iphone-16-pro-max", orientation="landscape")
        self.assertEqual(self.state()["sizeClass"], {"horizontal": "regular", "vertical": "compact"})
        self.tap('[data-id="arrange"]')  # below the fold: the content scrolls to it
        scrolled = self.js("return document.querySelector('.app-layer .content').scrollTop")
        self.assertGreater(scrolled, 0)
        self.assert_layer("arrange-sheet", "actionSheet")
        self.assertEqual(self.js("return document.querySelector('.app-layer .content').scrollTop"), scrolled,
                         "the content keeps its scroll position when the frame is re-rendered")
        win, box = self.window_points(), self.points(self.layer("arrange-sheet"))
        self.assertLessEqual(box["w"], 304.5)
        self.assertAlmostEqual(box["x"] + box["w"] / 2, win["w"] / 2, delta=1)
        self.tap('.presentation[data-modal="arrange-sheet"] .sheet-action.cancel')
        # A popover kept in compact size classes (adaptivePresentationStyle none) points at a
        # source in scrolled content, above it, not over it.
        self.tap('[data-id="speed"]')
        self.assert_layer("speed-menu", "popover")
        src, box = self.points(self.el('[data-id="speed"]')), self.points(self.layer("speed-menu"))
        arrow = self.points(self.el(".popover-arrow"))
        self.assertTrue(src["x"] <= arrow["x"] + arrow["w"] / 2 <= src["x"] + src["w"])
        self.assertLessEqual(box["y"] + box["h"], src["y"] + 1, "the popover sits above its source, not over it")

    def test_two_alert_buttons_sit_side_by_side_cancel_leading(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="delete-all"]')
        alert = self.assert_layer("confirm-delete", "alert", role="alertdialog")
        self.assertEqual(alert.get_attribute("aria-modal"), "true")
        self.assertEqual(round(self.points(alert)["w"]), 270, "an alert is 270 pt wide")
        self.assertTrue(alert.get_attribute("aria-describedby"))
        buttons = self.d.find_elements("css selector", ".alert-buttons.side-by-side .alert-button")
        self.assertEqual([b.text for b in buttons], ["Cancel", "Delete"], "two buttons side by side, Cancel leading")
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).fontWeight", buttons[0]), "600", "Cancel is bold")
        self.assertEqual(self.js("return getComputedStyle(document.querySelector('.alert-title')).fontSize"), "17px")
        self.assertEqual(self.js("return getComputedStyle(document.querySelector('.alert-message')).fontSize"), "13px")
        self.screenshot("alert-iphone")
        # A tap outside an alert is ignored.
        self.js("document.querySelector('.dim').click()")
        self.settle()
        self.assertEqual(self.stack(), ["confirm-delete"])
        self.tap(".alert-button.cancel")
        self.assertEqual(self.stack(), [])

    def test_three_alert_buttons_stack_cancel_last(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="export"]')
        self.assert_layer("export-alert", "alert", role="alertdialog")
        titles = [b.text for b in self.d.find_elements("css selector", ".alert-buttons.stacked .alert-button")]
        self.assertEqual(titles, ["Export PDF", "Export Images", "Cancel"], "three or more stack, Cancel last")
        self.screenshot("alert-stacked-iphone")
        self.tap(".alert-button.cancel")
        self.assertEqual(self.stack(), [])

    def test_focus_moves_into_an_alerts_text_field(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="rename"]')
        field = self.el(".alert-field")
        self.assertEqual(self.d.switch_to.active_element, field, "focus moves into the alert's text field")
        self.assertEqual(field.get_attribute("placeholder"), "Project name")
        self.screenshot("alert-text-field-iphone")

    def test_typing_into_an_alerts_field_is_logged_by_length(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="rename"]')
        sid = self.js("return window.modallab.session")
        self.el(".alert-field").send_keys("Launch")
        # Rename at once: the typing that waits to be sent goes first, while the alert is up.
        self.tap('.presentation[data-modal="rename-alert"] .alert-button:not(.cancel)')
        self.assertEqual(self.stack(), [])
        status, text = owner_api("GET", f"/api/logs.ndjson?session={sid}&type=edit")
        self.assertEqual(status, 200)
        edits = [json.loads(line) for line in text.splitlines() if line.strip()]
        self.assertTrue(edits, "the alert's field sent no edit")
        last = edits[-1]
        self.assertEqual((last["target"], last["modal"]), ("rename-alert", "rename-alert"))
        self.assertEqual((last["props"]["field"], last["props"]["length"]), (0, 6))
        # The `action` column keeps the request without its text: its length, which a replay types as placeholders.
        self.assertEqual(json.loads(last["action"]), {"type": "edit", "target": "rename-alert", "field": 0, "length": 6, "empty": False})
        self.assertNotIn("Launch", last["action"])

    def test_a_toggle_touched_is_logged_with_its_place(self):
        # A switch's touch is an edit, not a tap: it carries where it was touched (heat maps,
        # and a step of a task's path; the engine's side is ToggleStepTests over sockets).
        self.open("studio", "iphone-16")
        self.tap('[data-id="settings-button"]')
        sid = self.js("return window.modallab.session")
        self.tap('[data-id="autosave"]')
        self.assertEqual(self.el('[data-id="autosave"]').is_selected(), False)

        def toggle_edits():
            status, text = owner_api("GET", f"/api/logs.ndjson?session={sid}&type=edit")
            self.assertEqual(status, 200)
            return [json.loads(line) for line in text.splitlines() if line.strip() and '"autosave"' in line]

        end = time.monotonic() + 20
        while not toggle_edits() and time.monotonic() < end:
            time.sleep(0.05)
        edits = toggle_edits()
        self.assertEqual(len(edits), 1, edits)
        self.assertEqual(edits[0]["props"]["value"], False)
        box = self.js("""const sw = document.querySelector('[data-id="autosave"]');
            const win = sw.closest('[data-window]'), w = win.getBoundingClientRect(), r = sw.getBoundingClientRect();
            const s = w.width / win.offsetWidth || 1;
            return [(r.left - w.left) / s, (r.top - w.top) / s, (r.right - w.left) / s, (r.bottom - w.top) / s];""")
        x, y = edits[0]["x"], edits[0]["y"]
        self.assertTrue(box[0] - 1 <= x <= box[2] + 1 and box[1] - 1 <= y <= box[3] + 1, (x, y, box))

    def test_a_compact_action_sheet_sits_at_the_bottom_with_cancel_apart(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="arrange"]')
        sheet = self.assert_layer("arrange-sheet", "actionSheet")
        r, w = self.points(sheet), self.window_points()
        self.assertEqual(round(r["x"]), 8, "8 pt from the screen's edges")
        self.assertEqual(round(w["w"] - r["x"] - r["w"]), 8)
        rows = self.d.find_elements("css selector", ".action-sheet-group:not(.cancel-group) .sheet-action")
        self.assertEqual(len(rows), 3)
        self.assertEqual(round(self.points(rows[0])["h"]), 57, "57 pt rows")
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).fontSize", rows[0]), "20px")
        cancel = self.el(".cancel-group .sheet-action.cancel")
        self.assertEqual(cancel.text, "Cancel", "Cancel in its own group")
        gap = self.points(cancel)["y"] - (self.points(rows[-1])["y"] + self.points(rows[-1])["h"])
        self.assertAlmostEqual(gap, 8, delta=1)
        self.screenshot("action-sheet-iphone")
        # A tap outside runs Cancel.
        self.js("document.querySelector('.dim').click()")
        self.settle()
        self.assertEqual(self.stack(), [])

    def test_an_action_sheet_in_a_popover_has_no_cancel(self):
        self.open("photos", "ipad-air-11")
        self.tap('[data-id="recents"]')
        self.tap('[data-id="trash"]')
        self.assert_layer("delete-photo", "popover")
        self.assertEqual(self.layer("delete-photo").get_attribute("data-arrow"), "down")
        self.assertEqual(self.d.find_elements("css selector", ".sheet-action.cancel"), [], "no Cancel in a popover")
        self.screenshot("action-sheet-popover-ipad")

    def test_an_activity_view_is_a_card_on_iphone(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="share"]')
        sheet = self.assert_layer("share-sheet", "card")
        apps = [b.get_attribute("data-activity") for b in self.d.find_elements("css selector", ".activity-app[data-activity]")]
        actions = [b.get_attribute("data-activity") for b in self.d.find_elements("css selector", ".activity-action[data-activity]")]
        self.assertEqual(apps, ["airdrop", "messages", "mail"], "system activities in the system's order")
        self.assertEqual(actions, ["copy", "print", "duplicate"], "the app's own activities come last")
        # As iOS 17 and 18 draw the share sheet: no grabber, Options under the title, a row of
        # people (sharing through Messages), More at the end of the apps, Edit Actions… last.
        self.assertEqual(sheet.find_elements("css selector", ".grabber"), [])
        self.assertEqual(self.el(".activity-options").text, "Options ›")
        people = self.d.find_elements("css selector", ".activity-person")
        self.assertEqual(len(people), 4)
        self.assertEqual({p.get_attribute("data-activity") for p in people}, {"messages"})
        self.assertEqual(self.el(".activity-apps > :last-child").text, "More")
        self.assertEqual(self.el(".activity-actions li:last-child").get_attribute("textContent"), "Edit Actions…")
        self.assertLess(self.points(people[0])["y"], self.points(self.el(".activity-apps"))["y"], "people above apps")
        self.screenshot("activity-iphone")
        self.tap('[data-activity="copy"]')
        self.assertEqual(self.stack(), [], "an activity view closes when its activity is done")

    def test_an_activity_view_is_a_popover_on_ipad(self):
        self.open("studio", "ipad-pro-11")
        self.tap('[data-id="share"]')
        self.assert_layer("share-sheet", "popover")
        self.screenshot("activity-popover-ipad")
        self.tap("[data-activity-close]")
        self.assertEqual(self.stack(), [])


# ---------------------------------------------------------------------------------------------
# Popover geometry: the server lays popovers out; the page only draws them
# ---------------------------------------------------------------------------------------------

class PopoverGeometryTests(PlayerTestCase):
    def arrow_tip(self, pop):
        """The point of a popover's arrow, in window points."""
        arrow = self.points(pop.find_element("css selector", ".popover-arrow"))
        side = pop.get_attribute("data-arrow")
        return {"up": (arrow["x"] + arrow["w"] / 2, arrow["y"]),
                "down": (arrow["x"] + arrow["w"] / 2, arrow["y"] + arrow["h"]),
                "left": (arrow["x"], arrow["y"] + arrow["h"] / 2),
                "right": (arrow["x"] + arrow["w"], arrow["y"] + arrow["h"] / 2)}[side]

    def assert_points_at(self, modal, source, slack=3):
        pop = self.layer(modal)
        self.assertEqual(pop.get_attribute("data-form"), "popover")
        self.assertEqual(pop.get_attribute("data-source"), source)
        self.assertNotEqual(pop.get_attribute("data-arrow"), "none")
        x, y = self.arrow_tip(pop)
        r = self.points(self.el(f'[data-id="{source}"]'))
        dx = max(r["x"] - x, 0, x - (r["x"] + r["w"]))
        dy = max(r["y"] - y, 0, y - (r["y"] + r["h"]))
        self.assertLessEqual((dx * dx + dy * dy) ** 0.5, slack,
                             f"the arrow of {modal} ends at ({x:.1f}, {y:.1f}), away from {source} at {r}")
        return pop, r

    def assert_server_rect(self, pop, measured, width_slack=1.5):
        """The source rect the server laid out is where the browser drew the source."""
        x, y, w, h = (float(v) for v in pop.get_attribute("data-source-rect").split())
        self.assertAlmostEqual(x + w / 2, measured["x"] + measured["w"] / 2, delta=width_slack)
        self.assertAlmostEqual(y, measured["y"], delta=1.5)
        self.assertAlmostEqual(h, measured["h"], delta=1.5)
        self.assertAlmostEqual(w, measured["w"], delta=width_slack)

    def test_the_arrow_tip_touches_a_bar_button_source_on_ipad(self):
        self.open("studio", "ipad-pro-11")
        self.tap('[data-id="filter-button"]')
        pop, r = self.assert_points_at("filter", "filter-button")
        self.assertEqual(pop.get_attribute("data-arrow"), "up")
        self.assert_server_rect(pop, r)
        box = self.points(pop)
        self.assertGreaterEqual(box["y"], r["y"] + r["h"], "the popover never covers its source")
        self.assertEqual((round(box["w"]), round(box["h"])), (320, 260), "preferredContentSize")
        placed_by_script = self.js("""const p = arguments[0], a = p.querySelector('.popover-arrow');
            return [p.style.left, p.style.top, p.style.width, p.style.height, a.style.left, a.style.top].join('')""", pop)
        self.assertEqual(placed_by_script, "", "the page draws the server's layout; its script places nothing")

    def test_the_arrow_tip_touches_a_content_button_source_on_ipad(self):
        self.open("studio", "ipad-pro-11")
        for control, modal in [("arrange", "arrange-sheet"), ("share", "share-sheet")]:
            with self.subTest(control=control):
                self.tap(f'[data-id="{control}"]')
                pop, r = self.assert_points_at(modal, control)
                self.assert_server_rect(pop, r)
                box = self.points(pop)
                self.assertTrue(box["y"] >= r["y"] + r["h"] or box["y"] + box["h"] <= r["y"],
                                "the popover sits above or below its source, not over it")
                self.js("document.querySelector('.dim').click()")
                self.settle()
                self.assertEqual(self.stack(), [])

    def test_a_titled_bar_button_in_a_sheet_is_a_source_within_a_few_points(self):
        # The title's width is the server's estimate with the system font's metrics; the page's
        # font may differ, so the arrow lands within a few points of the title's middle.
        self.open("studio", "ipad-pro-11")
        self.tap('[data-id="new-note"]')
        self.el('[data-id="note-title"]').send_keys("Ideas")
        self.wait_for("return document.querySelector('[data-modal=\"note\"]').dataset.dirty === 'true'")
        self.tap('[data-id="note-cancel"]')
        pop, r = self.assert_points_at("discard-note", "note-cancel")
        self.assert_server_rect(pop, r, width_slack=r["w"] * 0.25)

    def test_every_bundled_popover_source_is_where_the_server_laid_it_out(self):
        for prototype, device, orientation, taps, modal in [
            ("safari", "ipad-pro-13", "portrait", ["bookmarks-button"], "bookmarks"),
            ("safari", "ipad-mini", "landscape", ["share-button"], "share-page"),
            ("photos", "ipad-air-11", "portrait", ["recents", "trash"], "delete-photo"),
            ("mail", "ipad-pro-11", "portrait", ["share-button"], "share"),
            ("calendar", "ipad-pro-11", "portrait", ["add-event", "starts"], "date-picker"),
        ]:
            with self.subTest(prototype=prototype, device=device):
                self.open(prototype, device, orientation=orientation)
                for t in taps:
                    self.tap(f'[data-id="{t}"]')
                source = taps[-1]
                pop, r = self.assert_points_at(modal, source)
                self.assert_server_rect(pop, r)


# ---------------------------------------------------------------------------------------------
# Gestures
# ---------------------------------------------------------------------------------------------

class GestureTests(PlayerTestCase):
    def test_dragging_a_clean_card_down_dismisses_it(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        self.drag(self.el('.presentation[data-modal="compose"] .nav-title'), 320)
        self.assertEqual(self.stack(), [])
        self.assertEqual(self.d.switch_to.active_element.get_attribute("data-id"), "compose", "focus returns to Compose")

    def test_cancel_right_after_typing_asks_before_discarding(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        # The field first: its focus brings the keyboard up and the card rides on it, so the
        # click on Cancel below finds Cancel where it stays.
        self.tap('[data-id="to"]')
        self.assertEqual(self.state()["keyboard"]["target"], "to")
        self.el('[data-id="to"]').send_keys("anna@example.com")
        self.el('[data-id="cancel"]').click()  # within the typing pause
        self.settle()
        self.assertEqual(self.stack(), ["compose", "discard-draft"])
        self.assertIsNone(self.js("return document.getElementById('refusal').hidden ? null : 'refused'"))

    def test_a_short_drag_springs_back(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        self.drag(self.el('.presentation[data-modal="compose"] .nav-title'), 30, steps=10)
        self.assertEqual(self.stack(), ["compose"])
        self.assertEqual(self.layer("compose").get_attribute("style").count("translate"), 0)

    def test_touch_drag_dismisses_a_card(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="share"]')
        touch_action = self.js("return getComputedStyle(document.querySelector('.form-card')).touchAction")
        self.assertEqual(touch_action, "none", "the card's chrome takes touch drags itself")
        self.drag(self.el(".activity-header"), 340, touch=True)
        self.assertEqual(self.stack(), [])

    def test_dirty_card_rubber_bands_and_asks_to_discard(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        self.el('[data-id="to"]').send_keys("anna@example.com")
        self.wait_for("return document.querySelector('.presentation[data-modal=\"compose\"]').dataset.dirty === 'true'")
        self.settle()
        # From the large detent (783 pt: the keyboard raised it) 80 pt past the medium one
        # (426 pt), which the rubber band turns into more than the 20 points that make a swipe
        # at any speed. A drag that ends above that is a detent change when slow, as in UIKit,
        # and only a quick one asks. In CSS px: the device is scaled to fit the window.
        k = self.js("const w = document.querySelector('[data-window]'); return w.getBoundingClientRect().width / w.offsetWidth")
        self.drag(self.el('.presentation[data-modal="compose"] .nav-title'), (783 - 426 + 80) * k)
        self.wait_for("return document.querySelector('.presentation[data-modal=\"discard-draft\"]')")
        self.settle()
        self.assertEqual(self.stack(), ["compose", "discard-draft"], "the sheet stays and the confirmation appears")
        self.assert_layer("discard-draft", "actionSheet")
        self.assertEqual(self.el('[data-modal="compose"]').get_attribute("inert"), "true", "the sheet beneath is inert")
        self.screenshot("dirty-swipe-confirm-iphone")
        self.tap('.presentation[data-modal="discard-draft"] .sheet-action.destructive')
        self.assertEqual(self.stack(), [])

    def test_a_tap_on_the_dimmed_area_dismisses_a_clean_card_and_asks_on_a_dirty_one(self):
        from selenium.webdriver.common.action_chains import ActionChains

        def tap_dim_near_top():
            # A real click on the dimming view above the card (sheet.scrim-dismiss).
            dim = self.el('.dim[data-dim-for="compose"]')
            h = self.js("return arguments[0].getBoundingClientRect().height", dim)
            ActionChains(self.d).move_to_element_with_offset(dim, 0, int(-h / 2 + 25)).click().perform()
            self.settle()

        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        tap_dim_near_top()
        self.assertEqual(self.stack(), [], "a clean card goes")
        self.tap('[data-id="compose"]')
        self.el('[data-id="to"]').send_keys("anna@example.com")
        self.wait_for("return document.querySelector('.presentation[data-modal=\"compose\"]').dataset.dirty === 'true'")
        self.settle()
        tap_dim_near_top()
        self.wait_for("return document.querySelector('.presentation[data-modal=\"discard-draft\"]')")
        self.settle()
        self.assertEqual(self.stack(), ["compose", "discard-draft"], "a dirty card stays and asks")
        self.tap('.presentation[data-modal="discard-draft"] .sheet-action.destructive')
        self.assertEqual(self.stack(), [])

    def test_dragging_between_detents(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="new-note"]')
        self.assertEqual(self.layer("note").get_attribute("data-detent"), "medium")
        self.drag(self.el("[data-grabber]"), -300)
        self.assertEqual(self.state()["stack"][0]["detent"], "large")
        self.drag(self.el("[data-grabber]"), 300)
        self.assertEqual(self.state()["stack"][0]["detent"], "medium", "dragging down from large rests at medium")
        self.assertEqual(self.stack(), ["note"])


# ---------------------------------------------------------------------------------------------
# Keyboard, focus and accessibility
# ---------------------------------------------------------------------------------------------

class NavigationTests(PlayerTestCase):
    def test_a_large_title_collapses_into_the_bar_as_the_content_scrolls(self):
        self.open("navigation", "iphone-16")
        screen = '.app-layer .screen-view[data-screen="notes"]'
        bar = self.el(screen + " > .nav-bar")
        inline = self.el(screen + " .nav-title")
        transparent = "return getComputedStyle(arguments[0]).backgroundColor === 'rgba(0, 0, 0, 0)'"
        self.assertTrue(self.js(transparent, bar), "at the scroll edge the bar is transparent")
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).opacity", inline), "0")
        large = self.el(screen + " .large-title")
        self.assertEqual(large.text, "Notes")
        # Where the server's layout puts the content: the 44 pt bar below the 59 pt status bar,
        # the 52 pt large title band, the 12 pt content inset.
        self.assertAlmostEqual(self.points(self.el('[data-id="all"]'))["y"], 59 + 44.5 + 52 + 12, delta=1)
        self.js(f"document.querySelector('{screen} > .content').scrollTop = 80")
        self.wait_for(f"return document.querySelector('{screen}').hasAttribute('data-collapsed')")
        self.wait_for("return getComputedStyle(arguments[0]).opacity === '1'", inline,
                      message="the inline title shows once the large title has scrolled under the bar")
        self.wait_for("return getComputedStyle(arguments[0]).backgroundColor !== 'rgba(0, 0, 0, 0)'", bar,
                      message="content under the bar gives it its material")
        self.screenshot("large-title-collapsed-iphone")
        self.js(f"document.querySelector('{screen} > .content').scrollTop = 0")
        self.wait_for(f"return !document.querySelector('{screen}').hasAttribute('data-collapsed')")

    def test_an_edge_swipe_pops_and_a_short_one_springs_back(self):
        self.open("navigation", "iphone-16")
        self.tap('[data-id="n1"]')
        self.assertEqual(self.state()["screen"], "note")
        layer = self.el(".app-layer")
        self.assertIsNotNone(self.el('.app-layer > .previous-screen[data-previous-screen="notes"]'),
                             "the screen beneath is drawn, ready to be revealed")
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).visibility",
                                 self.el(".app-layer > .previous-screen")), "hidden")
        # A short drag from the leading edge springs back.
        self.drag(layer, 0, dx=80, start=(4, 400), steps=10, touch=True)
        self.assertEqual(self.state()["screen"], "note")
        self.assertEqual(self.js("return document.querySelector('.app-layer > .screen-view[data-screen]').style.transform"), "")
        # One past half the width pops: the server hears `back`.
        self.drag(self.el(".app-layer"), 0, dx=300, start=(4, 400), steps=12, touch=True)
        self.wait_for("return document.querySelector('.app-layer > .screen-view[data-screen=\"notes\"]')")
        self.settle()
        self.assertEqual(self.state()["screen"], "notes")
        self.assertEqual(self.js("return document.querySelectorAll('.app-layer > .previous-screen').length"), 0)
        # A push inside a sheet happens within it; the sheet's back button pops it.
        self.tap('[data-id="new"]')
        self.tap('[data-id="editor-more"]')
        self.assertEqual(self.state()["stack"][0]["screen"], "details")
        self.assertIsNotNone(self.el('.presentation[data-modal="editor"] .presentation-body > .previous-screen'))
        self.tap('.presentation[data-modal="editor"] [data-back]')
        self.assertEqual(self.state()["stack"][0]["screen"], "editor")


    def test_a_drag_from_the_bezel_pops_as_a_finger_sliding_in_from_the_edge_does(self):
        # On a device a finger sliding in from the edge meets the screen at x = 0: the edge zone
        # starts at the drawn device's outer edge, on the leading side in either direction.
        for direction, sign in (("ltr", 1), ("rtl", -1)):
            with self.subTest(direction=direction):
                self.open_with("navigation", "iphone-16", layoutDirection=direction)
                self.tap('[data-id="n1"]')
                self.assertEqual(self.state()["screen"], "note")
                device = self.el(".device")
                box = self.js("const r = arguments[0].getBoundingClientRect(); return {w: r.width, h: r.height}", device)
                x = 3 if sign == 1 else box["w"] - 3
                self.assertIsNone(self.js("return document.elementFromPoint(arguments[0], arguments[1]).closest('[data-window]')",
                                          device.rect["x"] + x, device.rect["y"] + box["h"] / 2), "the drag starts on the bezel")
                self.drag(device, 0, dx=sign * 300, start=(x, box["h"] / 2), steps=12, touch=True)
                self.wait_for("return document.querySelector('.app-layer > .screen-view[data-screen=\"notes\"]')",
                              message="a drag in from the bezel did not pop")
                self.settle()
                self.assertEqual(self.state()["screen"], "notes")


    def test_from_ios26_a_pan_anywhere_in_the_content_pops(self):
        # UINavigationController.interactiveContentPopGestureRecognizer (iOS 26): a pan that
        # starts anywhere in the content and first goes leading to trailing pops; before iOS 26
        # only the edge does.
        for os, pops in ((26, True), (18, False)):
            with self.subTest(os=os):
                self.open("navigation", "iphone-16", target_os=os)
                self.tap('[data-id="n1"]')
                content = self.el('.app-layer > .screen-view[data-screen="note"] > .content')
                w = content.rect["width"]
                # Trailing to leading is not a pop, in either version.
                self.drag(content, 0, dx=-200, start=(w * 0.7, 300), steps=10, touch=True)
                self.assertEqual(self.state()["screen"], "note")
                self.drag(content, 0, dx=250, start=(w * 0.3, 300), steps=12, touch=True)
                if pops:
                    self.wait_for("return document.querySelector('.app-layer > .screen-view[data-screen=\"notes\"]')",
                                  message="a pan in the content did not pop in iOS 26")
                    self.settle()
                    self.assertEqual(self.state()["screen"], "notes")
                else:
                    self.assertEqual(self.state()["screen"], "note", "only the edge pops before iOS 26")
                    self.assertEqual(self.js("return document.querySelector('.app-layer > .screen-view[data-screen]').style.transform"), "")

    def test_the_navigation_bar_stays_while_the_screens_move_beneath_it(self):
        # UIKit keeps one navigation bar for the stack: during a pop the content slides, the bar
        # stays, the back button's title slides to become the title beneath, the title fades.
        self.open("navigation", "iphone-16")
        self.tap('[data-id="n1"]')
        layer = self.el(".app-layer")
        r = self.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width}", layer)
        # A real touch through DevTools, held mid-way while the page is read.
        y = r["y"] + 400
        self.touch("touchStart", r["x"] + 4, y)
        for i in range(1, 9):
            self.touch("touchMove", r["x"] + 4 + r["w"] * 0.55 * i / 8, y)
        try:
            rects = self.js("""
                const box = document.querySelector('.app-layer').getBoundingClientRect();
                const cur = document.querySelector('.app-layer > .screen-view[data-screen]');
                const prev = document.querySelector('.app-layer > .previous-screen');
                const o = (el) => Number(getComputedStyle(el).opacity);
                return {box: box.left, width: box.width, screen: cur.getBoundingClientRect().left,
                        bar: cur.querySelector(':scope > .nav-bar').getBoundingClientRect().left,
                        prevBar: prev.querySelector(':scope > .nav-bar').getBoundingClientRect().left,
                        title: o(cur.querySelector('.nav-title')), backTitle: o(cur.querySelector('.back-title')),
                        backTitleX: cur.querySelector('.back-title').getBoundingClientRect().left,
                        prevTitle: o(prev.querySelector('.nav-title')),
                        under: document.elementFromPoint(box.left + box.width / 2, cur.querySelector('.nav-title').getBoundingClientRect().top + 5)?.closest('.nav-bar') === cur.querySelector(':scope > .nav-bar')};""")
            self.assertGreater(rects["screen"] - rects["box"], rects["width"] * 0.4, "the screen follows the finger")
            self.assertAlmostEqual(rects["bar"], rects["box"], delta=1, msg="its bar stays where it is")
            self.assertAlmostEqual(rects["prevBar"], rects["box"], delta=1, msg="as does the bar beneath")
            self.assertLess(rects["title"], 0.5, "the leaving title fades")
            self.assertLess(rects["prevTitle"], 1)
            self.assertGreater(rects["backTitleX"] - rects["box"], 40, "the back title slides toward the title's place")
            self.screenshot_now("navigation-interactive-pop-iphone")
        finally:
            self.touch("touchMove", r["x"] + 4 + r["w"] * 0.7, y)
            self.touch("touchEnd")
        self.wait_for("return document.querySelector('.app-layer > .screen-view[data-screen=\"notes\"]')")
        self.settle()
        self.assertEqual(self.state()["screen"], "notes")
        # A push: the bar stays while the new screen slides in (slowed to be seen mid-way).
        self.d.execute_cdp_cmd("Animation.enable", {})
        self.d.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.05})
        try:
            self.el('[data-id="n2"]').click()
            self.wait_for("return document.querySelector('.app-layer.navigating, .app-layer .navigating') || document.querySelector('.app-layer').classList.contains('navigating')",
                          message="the push did not animate")
            self.wait_for("""const cur = document.querySelector('.app-layer > .screen-view[data-screen]');
                return cur && cur.getBoundingClientRect().left - document.querySelector('.app-layer').getBoundingClientRect().left > 20""")
            mid = self.js("""const box = document.querySelector('.app-layer').getBoundingClientRect();
                const cur = document.querySelector('.app-layer > .screen-view[data-screen]');
                return {screen: cur.getBoundingClientRect().left - box.left, bar: cur.querySelector(':scope > .nav-bar').getBoundingClientRect().left - box.left};""")
            self.assertGreater(mid["screen"], 20, "the pushed screen slides in")
            self.assertAlmostEqual(mid["bar"], 0, delta=1, msg="beneath a bar that stays")
        finally:
            self.d.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})
        self.settle()
        self.assertEqual(self.state()["screen"], "note")


class SoftwareKeyboardTests(PlayerTestCase):
    def test_the_keyboard_rises_and_an_alert_moves_above_it(self):
        self.open("studio", "iphone-16")
        self.tap('[data-id="rename"]')
        # The alert's first field is first responder as it appears: the keyboard is up for it.
        self.wait_for("return document.querySelector('[data-keyboard=\"rename-alert\"]')")
        self.settle()
        state = self.state()
        self.assertEqual(state["keyboard"], {"target": "rename-alert", "field": 0, "height": 336})
        keyboard = self.el("[data-keyboard]")
        win = self.window_points()
        k = self.points(keyboard)
        self.assertAlmostEqual(k["h"], 336, delta=0.5, msg="drawn at the state's height")
        self.assertAlmostEqual(k["y"] + k["h"], win["h"], delta=0.5, msg="along the screen's bottom edge")
        box = self.points(self.el('.presentation[data-modal="rename-alert"] .alert-box'))
        self.assertLessEqual(box["y"] + box["h"], k["y"], "the alert ends above the keyboard")
        self.assertLess(box["y"] + box["h"] / 2, win["h"] / 2 - 40, "the alert moved up from the middle")
        field = self.el(".alert-field")
        self.assertEqual(self.d.switch_to.active_element, field, "the field keeps the focus")
        # Shift is down by itself at the start of the text (autocapitalization .sentences, the
        # default: "UITextInputTraits.autocapitalizationType"), and up after the first letter.
        shifted = lambda: self.js("return document.querySelector('[data-keyboard]').classList.contains('shifted')")
        self.assertTrue(shifted(), "Shift is down in an empty field")
        # The drawn keys type into the field; nothing beneath them takes the tap.
        for key in "ab":
            self.el(f'.kb-key[data-key="{key}"]').click()
        self.assertEqual(field.get_attribute("value"), "Ab")
        self.assertFalse(shifted(), "Shift is up inside a word")
        for key in (".", "space"):
            self.js("arguments[0].setRangeText(arguments[1], arguments[0].value.length, arguments[0].value.length, 'end');"
                    "arguments[0].dispatchEvent(new Event('input', {bubbles: true}))", field, "." if key == "." else " ")
        self.assertTrue(shifted(), "Shift is down again after a sentence's end")
        self.el('.kb-key[data-key="c"]').click()
        self.assertEqual(field.get_attribute("value"), "Ab. C")
        # Where Shift is down by itself: a new line too; not in a password field, nor in one for
        # an email address (an alert's `secure` and `keyboard`).
        checks = self.d.execute_async_script("""const done = arguments[arguments.length - 1];
            import('/public/softkeyboard.js').then((m) => {
              const at = (type, mode, value) => {
                const el = document.createElement(type === 'area' ? 'textarea' : 'input');
                if (type !== 'area') el.type = type;
                if (mode) el.inputMode = mode;
                el.value = value;
                el.setSelectionRange(value.length, value.length);
                return m.startsSentence(el);
              };
              done([at('text', '', ''), at('password', '', ''), at('text', 'email', ''), at('area', '', 'Hi.\\nSo'),
                    at('area', '', 'Hi\\n'), at('text', '', 'Hi! '), at('text', '', 'Hi')]);
            }, (e) => done(String(e)));""")
        self.assertEqual(checks, [True, False, False, False, True, True, False])
        self.assertEqual(self.stack(), ["rename-alert"])
        self.screenshot("keyboard-alert-iphone")
        # Return runs the alert's preferred action; the keyboard goes with the alert.
        self.el('.kb-key[data-key="return"]').click()
        self.settle()
        self.wait_for("return !document.querySelector('[data-keyboard]')")
        self.assertEqual(self.stack(), [])
        self.assertIsNone(self.state()["keyboard"])
        # In landscape the keys stay inside the safe area, clear of the Dynamic Island, while
        # the keyboard's background runs edge to edge.
        self.open_with("studio", "iphone-16", orientation="landscape")
        self.tap('[data-id="rename"]')
        self.wait_for("return document.querySelector('[data-keyboard]')")
        self.settle()
        safe = float(self.js("return parseFloat(getComputedStyle(document.querySelector('.window')).getPropertyValue('--safe-left'))"))
        self.assertGreater(safe, 40, "a Dynamic Island iPhone in landscape has a side inset")
        q = self.points(self.el('.kb-key[data-key="q"]'))
        board = self.points(self.el("[data-keyboard]"))
        self.assertGreaterEqual(q["x"], safe - 0.5, "the first key starts inside the safe area")
        self.assertLess(board["x"], 1, "the background reaches the screen's edge")


    def test_the_dynamic_island_and_the_home_indicator_stay_above_the_keyboard(self):
        # The island is hardware (the TrueDepth camera's housing) and the home indicator the
        # system's: on a Pro Max in landscape the keyboard reaches the island's side of the screen.
        for device, orientation in (("iphone-16-pro-max", "landscape"), ("iphone-16", "portrait")):
            with self.subTest(device=device, orientation=orientation):
                self.open_with("studio", device, orientation=orientation)
                self.tap('[data-id="rename"]')
                self.wait_for("return document.querySelector('[data-keyboard]')")
                self.settle()
                # They and the keyboard are drawn in one stacking context (the screen's): what is
                # on top is what has the higher z-index (none of them takes touches, so
                # elementFromPoint can't tell).
                on_top = self.js("""const kb = document.querySelector('[data-keyboard]'), k = kb.getBoundingClientRect();
                    const z = (el) => Number(getComputedStyle(el).zIndex);
                    const at = (sel) => { const el = document.querySelector(sel); if (!el) return null;
                      const r = el.getBoundingClientRect();
                      const overlaps = r.bottom > k.top && r.top < k.bottom && r.right > k.left && r.left < k.right;
                      return {overlaps, above: el.parentElement === kb.parentElement && z(el) > z(kb)}; };
                    return {island: at('.dynamic-island'), indicator: at('.home-indicator')};""")
                self.assertEqual(on_top["indicator"], {"overlaps": True, "above": True}, "the home indicator is drawn over the keyboard")
                if orientation == "landscape":
                    self.assertEqual(on_top["island"], {"overlaps": True, "above": True},
                                     "the keyboard reaches the island, which stays on top")
                    self.screenshot("keyboard-landscape-iphone-pro-max")


class KeyboardTests(PlayerTestCase):
    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.d).send_keys(key).perform()
        self.settle()

    def test_escape_cancels_and_focus_returns_to_the_presenting_control(self):
        from selenium.webdriver.common.keys import Keys
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        in_card = "return document.querySelector('.presentation[data-modal=\"compose\"]').contains(document.activeElement)"
        self.assertTrue(self.js(in_card), "focus moves in")
        self.assertEqual(self.el(".app-layer").get_attribute("inert"), "true", "the app beneath is inert")
        for _ in range(6):  # Tab stays inside the modal layer (a field it reaches brings the keyboard up)
            self.press(Keys.TAB)
            self.assertTrue(self.js(in_card))
        self.press(Keys.ESCAPE)
        self.assertEqual(self.stack(), [])
        self.assertEqual(self.d.switch_to.active_element.get_attribute("data-id"), "compose")

    def test_escape_on_a_dirty_sheet_asks_first(self):
        from selenium.webdriver.common.keys import Keys
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        self.el('[data-id="subject"]').send_keys("Hello")
        self.press(Keys.ESCAPE)
        self.wait_for("return document.querySelector('.presentation[data-modal=\"discard-draft\"]')")
        self.settle()
        self.assertEqual(self.stack(), ["compose", "discard-draft"])

    def test_return_runs_the_preferred_action_and_escape_cancels_an_alert(self):
        from selenium.webdriver.common.keys import Keys
        self.open("studio", "iphone-16")
        self.tap('[data-id="rename"]')
        self.assertEqual(self.el('[data-preferred="true"]').text, "Rename")
        self.press(Keys.RETURN)
        self.assertEqual(self.stack(), [])
        self.assertEqual(self.d.switch_to.active_element.get_attribute("data-id"), "rename")
        self.tap('[data-id="rename"]')
        self.press(Keys.ESCAPE)
        self.assertEqual(self.stack(), [])

    def test_escape_closes_a_popover(self):
        from selenium.webdriver.common.keys import Keys
        self.open("safari", "ipad-pro-13")
        self.tap('[data-id="bookmarks-button"]')
        self.press(Keys.ESCAPE)
        self.assertEqual(self.stack(), [])
        self.assertEqual(self.d.switch_to.active_element.get_attribute("data-id"), "bookmarks-button")

    def test_reduced_motion_presents_without_animation(self):
        self.open("mail", "iphone-16", reduced_motion=True)
        self.el('[data-id="compose"]').click()
        self.wait_for("return document.querySelector('.presentation[data-modal=\"compose\"]')")
        running = self.js("return document.getAnimations().filter(a => a.playState === 'running').length")
        self.assertEqual(running, 0)
        self.settle()


# ---------------------------------------------------------------------------------------------
# The server decides: refusals and adaptation
# ---------------------------------------------------------------------------------------------

class RuleTests(PlayerTestCase):
    def test_a_refusal_shows_its_rule_in_the_panel_and_in_the_device(self):
        from selenium.webdriver.common.action_chains import ActionChains
        self.open("safari", "ipad-pro-13")
        self.tap('[data-id="bookmarks-button"]')
        # Show Tabs sits under the popover's (clear) dimming; the tap reaches it and is refused.
        ActionChains(self.d).move_to_element(self.el('[data-id="tabs-button"]')).click().perform()
        self.wait_for("return !document.getElementById('refusal').hidden")
        self.settle()
        self.assertEqual(self.el("#refusal").get_attribute("data-rule"), "popover.no-modal-over")
        self.assertIn("popover.no-modal-over", self.el("#refusal").text)
        toast = self.el("[data-window] .refusal-toast")
        self.assertEqual(toast.get_attribute("data-rule"), "popover.no-modal-over")
        self.assertIn("popover.no-modal-over", toast.text)
        self.assertEqual(self.el('#action-diagnostics .diagnostic').get_attribute("data-rule"), "popover.no-modal-over")
        self.assertEqual(self.el("#refusal .rule-id").get_attribute("href"), Harness.base + "/rules#popover.no-modal-over")
        self.assertTrue(self.el("#refusal .message").text, "the refusal names what is wrong")
        self.assertEqual(self.stack(), ["bookmarks"], "the state is unchanged")
        self.screenshot("refusal-ipad")

    def test_the_panel_names_an_alerts_button_by_its_title(self):
        """After a tap on an alert's button the status line names the button as the person read
        it ("tap confirm-delete → Delete"), not by its position ("→ 1")."""
        self.open("mail", "iphone-16")
        self.tap('[data-id="delete-all"]')
        self.assertEqual(self.stack(), ["confirm-delete"])
        delete = next(b for b in self.d.find_elements("css selector", '.presentation[data-modal="confirm-delete"] [data-action-index]')
                      if b.text.strip() == "Delete")
        index = delete.get_attribute("data-action-index")
        delete.click()
        self.settle()
        self.assertEqual(self.stack(), [])
        status = self.el("#action-status").text
        self.assertIn("tap confirm-delete → Delete", status)
        self.assertNotIn(f"→ {index}", status)

    def refuse_show_tabs_over_bookmarks(self):
        from selenium.webdriver.common.action_chains import ActionChains
        self.open("safari", "ipad-pro-13")
        self.tap('[data-id="bookmarks-button"]')
        ActionChains(self.d).move_to_element(self.el('[data-id="tabs-button"]')).click().perform()
        self.wait_for("return document.querySelector('[data-window] .refusal-toast')")

    def test_a_tap_right_after_a_refusal_reaches_its_control(self):
        from selenium.webdriver.common.action_chains import ActionChains
        self.refuse_show_tabs_over_bookmarks()
        # The toast covers no control that can be tapped now.
        covered = self.js("""const toast = document.querySelector('.refusal-toast').getBoundingClientRect();
            return [...document.querySelectorAll('[data-window] button, [data-window] input, [data-window] textarea')]
              .filter(el => !el.closest('.refusal-toast') && !el.closest('[inert]') && el.getClientRects().length)
              .filter(el => { const r = el.getBoundingClientRect();
                return r.width && r.height && r.left < toast.right && toast.left < r.right && r.top < toast.bottom && toast.top < r.bottom; })
              .map(el => el.dataset.id || el.className);""")
        self.screenshot("refusal-toast-ipad")
        self.assertEqual(covered, [], "the toast covers no control")
        self.assertEqual(self.js("return getComputedStyle(document.querySelector('.refusal-toast')).pointerEvents"), "none",
                         "and lets taps through wherever it is")
        # Share, a bar button beneath the bookmarks popover, switches popovers in one tap while
        # the toast is still up.
        ActionChains(self.d).move_to_element(self.el('[data-id="share-button"]')).click().perform()
        self.settle()
        self.assertEqual(self.stack(), ["share-page"], "the first tap after the refusal reached Share")

    def test_escape_closes_the_refusal_toast_and_the_panel_keeps_the_refusal(self):
        from selenium.webdriver.common.keys import Keys
        self.refuse_show_tabs_over_bookmarks()
        detail = self.el("#refusal .message").text
        self.d.find_element("css selector", "body").send_keys(Keys.ESCAPE)
        self.wait_for("return !document.querySelector('[data-window] .refusal-toast')", message="Escape closes the toast")
        self.settle()
        self.assertEqual(self.stack(), ["bookmarks"], "Escape closed the toast, not the popover")
        self.assertFalse(self.el("#refusal").get_attribute("hidden"))
        self.assertEqual(self.el("#refusal .message").text, detail, "the panel keeps the whole refusal")
        self.assertGreater(len(detail), 60)
        # The toast's close button closes it too.
        self.refuse_show_tabs_over_bookmarks()
        self.el("[data-window] .refusal-toast [data-toast-close]").click()
        self.wait_for("return !document.querySelector('[data-window] .refusal-toast')")
        self.assertEqual(self.stack(), ["bookmarks"])

    def test_diagnostics_of_an_action_show_in_the_panel(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="delete-all"]')
        self.js("document.querySelector('.dim').click()")
        self.settle()
        rules = [li.get_attribute("data-rule") for li in self.d.find_elements("css selector", "#action-diagnostics .diagnostic")]
        self.assertIn("alert.no-tap-outside", rules)
        item = self.el('#action-diagnostics .diagnostic[data-rule="alert.no-tap-outside"]')
        self.assertTrue(item.find_element("css selector", ".message").text)
        self.assertIn(item.find_element("css selector", ".badge").text.lower(), ("info", "warning"))
        # The server renders it with the pages' own partial (one copy of the markup), down to
        # the link to the source keys that the script's copy had lost.
        self.assertEqual(len(item.find_elements("css selector", "details .source-key[href='/rules#sources']")), 1)

    def test_home_cancels_an_alert(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="delete-all"]')
        self.tap("#home-button")
        self.assertEqual(self.stack(), [])
        rules = [li.get_attribute("data-rule") for li in self.d.find_elements("css selector", "#action-diagnostics .diagnostic")]
        self.assertIn("alert.home-cancels", rules)

    def test_resizing_and_rotating_readapt_a_popover(self):
        from selenium.webdriver.support.select import Select
        self.open("safari", "ipad-pro-13")
        self.tap('[data-id="bookmarks-button"]')
        self.assert_layer("bookmarks", "popover")
        Select(self.el("#multitasking-select")).select_by_value("slideOver")
        self.settle()
        entry = self.state()["stack"][0]
        self.assertEqual((entry["form"], entry["adaptedBy"]), ("card", "popover.compact-adapts"))
        self.assertEqual(self.el(".device").get_attribute("data-multitasking"), "slideOver")
        self.assert_layer("bookmarks", "card")
        win = self.window_points()
        self.assertEqual(win["w"], 375, "Slide Over on the largest iPad Pro is 375 pt wide (Apple's table)")
        self.screenshot("slide-over-card-ipad")
        Select(self.el("#multitasking-select")).select_by_value("full")
        self.settle()
        self.assert_layer("bookmarks", "popover")
        self.el('button[data-orientation="landscape"]').click()
        self.settle()
        self.assertEqual(self.el(".device").get_attribute("data-orientation"), "landscape")
        self.assert_layer("bookmarks", "popover")
        self.assertIn("orientation=landscape", self.d.current_url)

    def test_rotating_an_iphone_adapts_a_card(self):
        self.open("mail", "iphone-16")
        self.tap('[data-id="compose"]')
        self.el('button[data-orientation="landscape"]').click()
        self.settle()
        self.assertEqual(self.state()["sizeClass"], {"horizontal": "compact", "vertical": "compact"})
        entry = self.state()["stack"][0]
        self.assertEqual(self.layer("compose").get_attribute("data-form"), entry["form"])
        self.assertEqual(self.el(".device").get_attribute("data-orientation"), "landscape")

    def test_in_split_view_the_time_over_a_pushed_back_app_turns_light(self):
        # iPadOS draws each part of the status bar over the app beneath it: the time over this
        # app's Split View share, the icons over the other app. A card at its large detent pushes
        # this app back over black, so the time turns light there; the icons stay dark.
        for share in ("third", "half"):
            with self.subTest(share=share):
                self.open("mail", "ipad-pro-11", orientation="landscape", multitasking=share)
                self.tap('[data-id="compose"]')
                self.tap("[data-grabber]")
                self.assertIsNotNone(self.el('.app-layer[data-behind="card"]'), "the app is pushed back")
                colour = "return getComputedStyle(arguments[0]).color"
                self.assertEqual(self.js(colour, self.el(".status-time")), "rgb(255, 255, 255)", "the time is legible on black")
                self.assertNotEqual(self.js(colour, self.el(".status-icons")), "rgb(255, 255, 255)",
                                    "the icons over the other app keep its dark text")
                if share == "third":
                    self.screenshot("status-bar-split-view-ipad")

    def test_the_other_app_follows_the_systemwide_dark_appearance(self):
        # Dark Mode is systemwide: the app beneath Slide Over (and beside Split View) is dark too.
        for multitasking in ("slideOver", "third"):
            with self.subTest(multitasking=multitasking):
                self.open_with("mail", "ipad-pro-11", orientation="landscape", appearance="dark", multitasking=multitasking)
                other = self.el(".other-app")
                colour = self.js("return getComputedStyle(arguments[0]).backgroundColor", other)
                self.assertEqual(colour, "rgb(0, 0, 0)", "the other app's background is the dark grouped background")
                rows = self.js("return getComputedStyle(arguments[0]).backgroundColor", self.el(".other-app .other-row"))
                self.assertEqual(rows, "rgb(28, 28, 30)", "its cells are the dark cell colour")
                if multitasking == "slideOver":
                    self.tap('[data-id="compose"]')
                    self.screenshot("slide-over-card-ipad-dark")

    def test_every_device_frame_and_multitasking_width(self):
        from selenium.webdriver.support.select import Select
        self.open("mail", "iphone-se-3")
        devices = [o.get_attribute("value") for o in self.d.find_elements("css selector", "#device-select option")]
        self.assertEqual(len(devices), 8)
        for device in devices:
            with self.subTest(device=device):
                Select(self.el("#device-select")).select_by_value(device)
                self.settle()
                frame = self.el(".device")
                self.assertEqual(frame.get_attribute("data-device"), device)
                fits = self.js("""const r = document.querySelector('.device').getBoundingClientRect(),
                    s = document.getElementById('stage').getBoundingClientRect();
                    return r.left >= s.left - 1 && r.right <= s.right + 1 && r.top >= s.top - 1 && r.bottom <= s.bottom + 1""")
                self.assertTrue(fits, "the device is scaled to fit the window")
        Select(self.el("#device-select")).select_by_value("ipad-pro-13")
        self.settle()
        # Apple's multitasking tables for the 12.9-inch iPad Pro (1366 x 1024 pt): a third and
        # Slide Over are 375 pt, half/half 678 + 678 and two thirds 981 + 375 in landscape with a
        # 10 pt divider; no half/half in portrait. On the largest iPad Pro a landscape half is
        # regular width, every portrait split compact.
        for orientation, mode, width, horizontal in [
                ("portrait", "twoThirds", 647, "compact"), ("portrait", "third", 375, "compact"),
                ("portrait", "slideOver", 375, "compact"), ("landscape", "twoThirds", 991, "regular"),
                ("landscape", "half", 683, "regular"), ("landscape", "third", 375, "compact")]:
            with self.subTest(orientation=orientation, multitasking=mode):
                self.el(f'button[data-orientation="{orientation}"]').click()
                self.settle()
                half = self.el('#multitasking-select option[value="half"]')
                self.assertEqual(half.get_property("hidden"), orientation == "portrait",
                                 "iPadOS offers no half/half Split View in portrait")
                Select(self.el("#multitasking-select")).select_by_value(mode)
                self.settle()
                self.assertEqual(self.window_points()["w"], width)
                self.assertEqual(self.el(".device").get_attribute("data-multitasking"), mode)
                self.assertEqual(self.state()["sizeClass"]["horizontal"], horizontal)


# ---------------------------------------------------------------------------------------------
# The gallery
# ---------------------------------------------------------------------------------------------

class GalleryTests(PlayerTestCase):
    def test_no_card_overflows_at_1400_px(self):
        """At a 1,400 px window every card holds its content: the file's absolute path (and a
        finding's JSON path) wraps inside its card instead of running out of it."""
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        try:
            self.d.get(Harness.base + "/")
            self.wait_for("return document.querySelectorAll('.prototype-card').length > 3")
            # Findings too: each card's details open.
            self.js("document.querySelectorAll('.prototype-card details').forEach((d) => { d.open = true; })")
            longest = self.js("""return Math.max(...[...document.querySelectorAll('.prototype-card .file')]
                .map((p) => p.textContent.trim().length))""")
            self.assertGreater(longest, 60, "a path long enough to overflow a card unwrapped")
            overflows = self.js("""
                const out = [];
                for (const card of document.querySelectorAll('.prototype-card')) {
                  const c = card.getBoundingClientRect();
                  if (card.scrollWidth > card.clientWidth + 1) out.push(`${card.dataset.prototype}: scrolls sideways`);
                  for (const el of card.querySelectorAll('*')) {
                    for (const r of el.getClientRects()) {
                      if (r.width > 0 && (r.left < c.left - 1 || r.right > c.right + 1)) {
                        out.push(`${card.dataset.prototype}: <${el.tagName.toLowerCase()}> ${el.textContent.trim().slice(0, 60)}`);
                        break;
                      }
                    }
                  }
                }
                return out;""")
            self.assertEqual(overflows, [], "content runs out of its card")
        finally:
            self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False})


# ---------------------------------------------------------------------------------------------
# Hostile text, a prototype the repository lacks, and the board
# ---------------------------------------------------------------------------------------------

class SafetyTests(PlayerTestCase):
    def assert_not_pwned(self):
        self.assertIsNone(self.js("return window.__pwned === undefined ? null : String(window.__pwned)"))
        # The page has no images, no inline scripts and no style elements of its own, so any
        # found came from prototype text.
        self.assertEqual(self.js("return document.querySelectorAll('img, script:not([src]), style').length"), 0)
        self.assertEqual(self.js("return document.querySelectorAll('[onmouseover], [onerror], [data-x]').length"), 0)
        self.assertNotEqual(self.js("return getComputedStyle(document.body).display"), "none")

    def test_hostile_text_is_shown_as_text(self):
        from selenium.webdriver.common.action_chains import ActionChains
        for device in ("iphone-16", "ipad-pro-11"):
            with self.subTest(device=device):
                self.open("hostile", device)
                self.assert_not_pwned()
                self.assertIn(SCRIPT, self.el("h1").text)
                self.assertIn("Hostile " + SCRIPT, self.d.title)
                text = self.el('[data-id="intro"]').text
                self.assertIn(SCRIPT, text)
                self.assertIn(IMG, text)
                self.assertIn(CSS, text)
                self.assertIn("Item " + IMG, self.el('[data-id="thing-1"]').text)
                self.assertEqual(self.el('[data-id="field"]').get_attribute("value"), "Value " + SCRIPT)
                self.assertEqual(self.el('[data-id="field"]').get_attribute("placeholder"), "Placeholder " + IMG)
                self.assertEqual(self.el('[data-segment]').get_attribute("data-segment"), "One " + ATTR)
                self.assertIn("Home " + IMG, self.el(".app-layer .nav-title").text)
                ActionChains(self.d).move_to_element(self.el('[data-id="thing-2"]')).perform()
                self.assert_not_pwned()
                for control, modal, expected in [
                    ("open-sheet", "sheet", "Sheet " + SCRIPT), ("menu", "menu-popover", "Entry " + SCRIPT),
                    ("ask", "alert", "Alert " + SCRIPT), ("choose", "choices", "Keep " + IMG),
                    ("share", "share-it", "Do " + SCRIPT),
                ]:
                    self.open("hostile", device)
                    self.tap(f'[data-id="{control}"]')
                    layer = self.layer(modal)
                    self.assert_not_pwned()
                    self.assertIn(expected, layer.text)
                    if modal == "alert":
                        self.assertIn("Message " + IMG + ATTR, layer.text)
                        self.assertEqual(self.el(".alert-field").get_attribute("placeholder"), "Field " + ATTR)
                        self.screenshot(f"hostile-alert-{device}")

    def assert_isolated(self):
        """Every text node that overrides its direction sits in an isolate (a <bdi>, or an
        element with `unicode-bidi: isolate`), so the override ends with the user's text."""
        leaks = self.js("""const out = [], w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let n = w.nextNode(); n; n = w.nextNode()) {
              if (!n.data.includes('\\u202e')) continue;
              const el = n.parentElement, ub = getComputedStyle(el).unicodeBidi;
              if (el.tagName !== 'BDI' && !['isolate', 'isolate-override', 'plaintext'].includes(ub)) out.push(el.outerHTML.slice(0, 160));
            }
            return out;""")
        self.assertEqual(leaks, [], "user text whose direction is overridden is isolated")

    def test_user_text_is_isolated_from_the_text_around_it(self):
        for device in ("iphone-16", "ipad-pro-11"):
            with self.subTest(device=device):
                self.open("hostile", device)
                self.assertGreater(self.js("return document.body.textContent.split('\\u202e').length - 1"), 4)
                self.assert_isolated()
                self.assertIn("\u2068Hostile " + SCRIPT + RLO + " name\u2069", self.d.title,
                              "the page title isolates the prototype's name (FSI … PDI)")
                for control in ("open-sheet", "menu", "ask", "choose", "share"):
                    self.open("hostile", device)
                    self.tap(f'[data-id="{control}"]')
                    self.assert_isolated()
        for page in ("/", "/p/hostile/board"):
            self.d.get(Harness.base + page)
            self.wait_for("return document.readyState === 'complete'")
            self.assert_isolated()

    def test_hostile_names_on_the_gallery_and_board(self):
        self.d.get(Harness.base + "/")
        self.wait_for("return document.readyState === 'complete'")
        self.assertIn("Hostile " + SCRIPT, self.el('[data-prototype="hostile"] h2').text)
        self.assertIsNone(self.js("return window.__pwned === undefined ? null : String(window.__pwned)"))
        self.d.get(Harness.base + "/p/hostile/board")
        self.wait_for("return document.readyState === 'complete'")
        self.assertIn("Hostile " + SCRIPT, self.el("h1").text)
        self.assertIsNone(self.js("return window.__pwned === undefined ? null : String(window.__pwned)"))

    def test_a_prototype_the_repository_does_not_contain(self):
        self.assertFalse((ROOT / "Templates" / "prototypes" / "studio.json").exists())
        self.open("studio", "iphone-16")
        self.assertEqual(self.el(".player").get_attribute("data-prototype"), "studio")
        self.tap('[data-id="new-note"]')
        self.el('[data-id="note-title"]').send_keys("Ideas")
        self.wait_for("return document.querySelector('[data-modal=\"note\"]').dataset.dirty === 'true'")
        self.tap('[data-id="note-cancel"]')
        self.assertEqual(self.stack(), ["note", "discard-note"], "Cancel on a dirty sheet asks first")
        self.tap('.presentation[data-modal="discard-note"] .cancel')
        self.assertEqual(self.stack(), ["note"], "Keep Editing keeps the sheet")
        self.assertEqual(self.el('[data-id="note-title"]').get_attribute("value"), "Ideas")

    def test_board_shows_every_device_and_orientation_live(self):
        self.d.get(Harness.base + "/p/mail/board")
        frames = self.d.find_elements("css selector", ".board-cell iframe")
        self.assertEqual(len(frames), 16, "eight devices × two orientations")
        cells = {(c.get_attribute("data-device"), c.get_attribute("data-orientation"))
                 for c in self.d.find_elements("css selector", ".board-cell")}
        self.assertEqual(len(cells), 16)
        # Every frame shows the server's first frame and starts no session until someone
        # interacts in it: looking at the board logs nothing (and the embedded players open no
        # event stream, so the browser's six connections per host are not used up).
        self.wait_for("""return [...document.querySelectorAll('.board-cell iframe')].every(f =>
            f.contentDocument?.querySelector('.player')?.dataset.ready === 'true')""", timeout=30,
                      message="every embedded player starts")
        self.assertTrue(self.js("""return [...document.querySelectorAll('.board-cell iframe')].every(f =>
            f.contentWindow.modallab.session === null && f.contentDocument.querySelector('.device .window'))"""),
                        "no frame starts a session by being looked at")
        fit = self.js("""return [...document.querySelectorAll('.board-cell iframe')].every(f => {
            const d = f.contentDocument.querySelector('.device').getBoundingClientRect();
            return d.width <= f.clientWidth + 1 && d.height <= f.clientHeight + 1 &&
                d.left >= -1 && d.top >= -1 && d.right <= f.clientWidth + 1 && d.bottom <= f.clientHeight + 1 &&
                f.contentDocument.scrollingElement.scrollHeight <= f.clientHeight + 1 &&
                Math.max(d.width / f.clientWidth, d.height / f.clientHeight) > 0.95; })""")
        self.assertTrue(fit, "each device fills its frame")
        # A frame is interactive.
        frame = self.d.find_element("css selector", '.board-cell[data-device="iphone-16"][data-orientation="portrait"] iframe')
        self.d.switch_to.frame(frame)
        try:
            self.tap('[data-id="compose"]')
            self.assertEqual(self.stack(), ["compose"])
            sid = self.js("return window.modallab.session")
            self.assertTrue(sid, "interacting starts the frame's session")
            start = json.loads(self.js("""const r = new XMLHttpRequest();
                r.open('GET', '/api/logs.ndjson?session=' + arguments[0] + '&type=session_start', false); r.send();
                return r.responseText.split('\\n')[0];""", sid))
            self.assertEqual(start["props"].get("embed"), "board", "a board session says so in its session_start")
        finally:
            self.d.switch_to.default_content()
        self.d.execute_script("window.scrollTo(0, 0)")
        self.d.save_screenshot(str(Harness.shots / "board.png"))


class ReviewTests(PlayerTestCase):
    def api(self, method, path, body=None):
        req = urllib.request.Request(Harness.base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"Authorization": "Bearer " + Harness.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read() or b"null")

    def test_a_reviewer_with_a_comment_link_pins_a_comment(self):
        from selenium.webdriver.common.action_chains import ActionChains
        link = self.api("POST", "/api/shares", {"prototype": "mail", "role": "comment", "label": "review"})
        try:
            self.d.delete_all_cookies()
            self.d.get(link["url"])
            self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
            self.settle()
            self.assertEqual(self.js("return location.pathname"), "/p/mail")
            self.assertEqual(self.js("return document.querySelector('.home-link')"), None, "no way into owner pages")
            self.el("#comment-mode").click()
            ActionChains(self.d).move_to_element_with_offset(self.el("[data-window]"), 0, 60).click().perform()
            self.wait_for("return document.querySelector('.comment-form textarea')")
            self.el(".comment-form textarea").send_keys("Is Delete All too easy to hit? <b>x</b>")
            self.el(".comment-form button[type=submit]").click()
            self.wait_for("return document.querySelectorAll('.comment-pin').length === 1")
            self.assertIn("Is Delete All too easy to hit? <b>x</b>", self.el("#comment-list").text)
            self.assertEqual(self.js("return document.querySelectorAll('#comment-list b').length"), 0)
            self.d.save_screenshot(str(Harness.shots / "comment-pin.png"))
            # The owner sees it, attributed to the link.
            comments = self.api("GET", "/api/comments?prototype=mail")
            self.assertEqual([c["share"] for c in comments], [link["id"]])
            self.assertEqual(comments[0]["screen"], "inbox")
        finally:
            self.d.delete_all_cookies()
            self.d.get(Harness.owner_url)


    def wait_for_pin_on(self, element_css, doc="document", message=None):
        """Waits until the one comment pin's point lies inside the element's box (in `doc`, a JS
        expression for the document: an embedded player's `frame.contentDocument`)."""
        self.wait_for(f"""const doc = {doc};
            const el = doc.querySelector(arguments[0]), pins = doc.querySelectorAll('.comment-pin');
            if (!el || pins.length !== 1) return false;
            const r = el.getBoundingClientRect(), p = pins[0].getBoundingClientRect();
            const x = p.left + p.width / 2, y = p.top + p.height / 2;
            return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;""", element_css,
                      message=message or f"a pin on {element_css}")

    def test_a_comment_stays_on_its_control_in_any_orientation_device_and_on_the_board(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.select import Select
        self.open("studio", "iphone-16")
        self.el("#comment-mode").click()
        export = self.el('[data-id="export"]')
        self.js("arguments[0].scrollIntoView({block: 'center'})", export)
        # Dropped right of the control's centre: the pin keeps that place on the control.
        ActionChains(self.d).move_to_element_with_offset(export, 40, 4).click().perform()
        self.wait_for("return document.querySelector('.comment-form textarea')")
        self.el(".comment-form textarea").send_keys("Export what, exactly?")
        self.el(".comment-form button[type=submit]").click()
        self.wait_for_pin_on('[data-id="export"]')
        self.assertIn("on Export in Studio", self.el("#comment-list").text)
        stored = [c for c in json.loads(self.js("""const r = new XMLHttpRequest();
            r.open('GET', '/api/comments?prototype=studio', false); r.send(); return r.responseText;"""))
                  if c["text"] == "Export what, exactly?"]
        self.assertEqual(len(stored), 1)
        anchor = stored[0]["anchor"]
        self.assertEqual((anchor["element"], anchor["kind"]), ("export", "control"))
        self.assertGreater(anchor["dx"], 0.5, "right of the centre")
        self.assertEqual((stored[0]["device"], stored[0]["orientation"]), ("iphone-16", "portrait"))
        self.assertEqual(stored[0]["environment"].get("multitasking"), "full")

        # Landscape: the control moves; the pin goes with it (once it is scrolled into view).
        self.el('button[data-orientation="landscape"]').click()
        self.settle()
        # Scrolled out of its content, it is still on this screen: the panel says so.
        hidden = self.js("""const el = document.querySelector('[data-id="export"]'), c = el.closest('.content');
            for (const top of [0, c.scrollHeight]) {
              c.scrollTop = top;
              const r = el.getBoundingClientRect(), b = c.getBoundingClientRect();
              if (r.bottom < b.top || r.top > b.bottom) return true;
            }
            return false;""")
        self.assertTrue(hidden, "Export can be scrolled out of view in landscape")
        self.wait_for("return document.querySelector('#comment-list').textContent.includes('scrolled out of view')",
                      message="the panel says the comment's control is scrolled out of view")
        self.assertNotIn("not on this screen", self.el("#comment-list").text)
        self.js("arguments[0].scrollIntoView({block: 'center'})", self.el('[data-id="export"]'))
        self.wait_for_pin_on('[data-id="export"]', message="the pin is on Export in landscape")
        self.screenshot("comment-anchored-landscape")
        # Another device.
        Select(self.el("#device-select")).select_by_value("ipad-pro-11")
        self.settle()
        self.js("arguments[0].scrollIntoView({block: 'center'})", self.el('[data-id="export"]'))
        self.wait_for_pin_on('[data-id="export"]', message="the pin is on Export on iPad")
        # A modal over the control: the comment is listed with where it belongs, and no pin.
        self.tap('[data-id="settings-button"]')
        self.wait_for("return document.querySelectorAll('.comment-pin').length === 0", message="no pin under a sheet")
        self.assertIn("on Export in Studio · not on this screen", self.el("#comment-list").text)

        # The board: every embedded player puts it on Export.
        self.d.get(Harness.base + "/p/studio/board")
        self.wait_for("""return [...document.querySelectorAll('.board-cell iframe')].every(f =>
            f.contentDocument?.querySelector('.player')?.dataset.ready === 'true')""", timeout=30)
        for device, orientation in [("iphone-16", "portrait"), ("iphone-16", "landscape"), ("ipad-pro-11", "portrait"),
                                    ("iphone-se-3", "landscape")]:
            with self.subTest(device=device, orientation=orientation):
                doc = f"""document.querySelector('.board-cell[data-device="{device}"][data-orientation="{orientation}"] iframe').contentDocument"""
                self.js(f"{doc}.querySelector('[data-id=\"export\"]').scrollIntoView({{block: 'center'}})")
                self.wait_for_pin_on('[data-id="export"]', doc, message=f"the pin is on Export on {device} {orientation}")

    def test_the_comment_list_says_when_it_is_empty_and_the_form_uses_the_products_buttons(self):
        self.open("calendar", "iphone-16")
        self.assertEqual(self.js("return document.querySelectorAll('#comment-list li').length"), 0, "no numbered item")
        self.assertTrue(self.el("#comment-empty").is_displayed())
        self.assertEqual(self.el("#comment-empty").text, "No comments yet.")
        self.assertFalse(self.el("#comment-list").is_displayed())
        self.el("#comment-mode").click()
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.d).move_to_element_with_offset(self.el("[data-window]"), 0, 0).click().perform()
        self.wait_for("return document.querySelector('.comment-form textarea')")
        styles = self.js("""return [...document.querySelectorAll('.comment-form button')].map(b => {
            const cs = getComputedStyle(b);
            return {text: b.textContent.trim(), border: cs.borderTopWidth, radius: cs.borderTopLeftRadius,
                    padding: cs.paddingLeft, bg: cs.backgroundColor, cls: b.className}; })""")
        tool = self.js("""const cs = getComputedStyle(document.getElementById('restart'));
            return {border: cs.borderTopWidth, radius: cs.borderTopLeftRadius};""")
        self.assertEqual([b["text"] for b in styles], ["Cancel", "Post"])
        for b in styles:
            self.assertIn("tool-button", b["cls"])
            self.assertEqual((b["border"], b["radius"]), (tool["border"], tool["radius"]), "the toolbar's button style")
            self.assertNotEqual(b["padding"], "0px")
        self.assertNotEqual(styles[1]["bg"], "rgba(0, 0, 0, 0)", "Post is the primary button")
        self.screenshot("comment-form")
        self.el(".comment-form [data-cancel]").click()
        self.assertEqual(self.js("return document.querySelector('.comment-form')"), None)


class LanguageTests(PlayerTestCase):
    def accept_language(self, value):
        ua = self.js("return navigator.userAgent")
        self.d.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": value})

    def test_the_rule_panel_and_toolbar_follow_accept_language_and_the_toggle_is_remembered(self):
        from selenium.webdriver.common.action_chains import ActionChains
        self.accept_language("zh-Hans")
        try:
            self.open("safari", "ipad-pro-13")
            self.assertEqual(self.js("return document.documentElement.lang"), "zh-Hans")
            toolbar = self.el(".player-toolbar").text
            for word in ("设备", "竖屏", "横屏", "多任务处理", "主屏幕", "总览", "重新开始"):
                self.assertIn(word, toolbar)
            self.assertEqual(self.el("#rule-panel h2").text, "规则")
            self.assertIn("轻点一个控件即可开始", self.el("#action-status").text)
            self.assertEqual(self.el("#comment-empty").text, "还没有评论。")
            # A refusal in the panel: the status, the label and the rule's name from the catalogue.
            self.tap('[data-id="bookmarks-button"]')
            ActionChains(self.d).move_to_element(self.el('[data-id="tabs-button"]')).click().perform()
            self.wait_for("return !document.getElementById('refusal').hidden")
            self.assertIn("已拒绝", self.el("#refusal").text)
            self.assertIn("弹出框之上不显示其他视图", self.el("#refusal").text)
            self.assertIn("已拒绝：popover.no-modal-over", self.el("#action-status").text)
            self.assertEqual(self.el("#action-diagnostics .diagnostic .badge").text, "错误")
            self.assertEqual(self.el("[data-window] .refusal-toast .toast-label").text, "已拒绝")
            self.screenshot("player-zh-hans")
            # The prototype's own text is never translated.
            self.assertEqual(self.el('[data-id="bookmarks-done"]').text, "Done")
            # The toggle goes back to English, keeps the environment, and is remembered.
            self.el("[data-language-toggle]").click()
            self.wait_for("return document.documentElement.lang === 'en' && document.querySelector('.player')?.dataset.ready === 'true'")
            self.settle()
            self.assertIn("Device", self.el(".player-toolbar").text)
            self.assertEqual(self.el("#rule-panel h2").text, "Rules")
            self.assertEqual(self.el(".device").get_attribute("data-device"), "ipad-pro-13")
            self.d.get(Harness.base + "/p/safari")
            self.assertEqual(self.js("return document.documentElement.lang"), "en", "the choice outlives Accept-Language")
            self.d.get(Harness.base + "/rules")
            self.assertEqual(self.el("h1").text, "Presentation rules")
            # And to Chinese again, on another page.
            self.el("[data-language-toggle]").click()
            self.wait_for("return document.documentElement.lang === 'zh-Hans'")
            self.assertEqual(self.el("h1").text, "呈现规则")
        finally:
            self.d.delete_cookie("modallab_lang")
            self.accept_language("en-US")


# ---------------------------------------------------------------------------------------------
# iOS versions: the Liquid Glass design of iOS 26, menus, the zoom transition
# ---------------------------------------------------------------------------------------------

class VersionTests(PlayerTestCase):
    def computed(self, element, prop):
        return self.js("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, prop)

    def alpha(self, colour):
        """The alpha of a computed rgb()/rgba() colour."""
        parts = colour[colour.index("(") + 1:colour.rindex(")")].replace("/", ",").split(",")
        return float(parts[3]) if len(parts) > 3 else 1.0

    def test_an_inset_sheet_at_medium_becomes_edge_attached_at_large_in_ios26(self):
        self.open("mail", "iphone-16", target_os=26)
        self.assertEqual(self.el(".device").get_attribute("data-design"), "liquid-glass")
        self.assertEqual(self.el(".device").get_attribute("data-os"), "26")
        self.assertEqual(self.state()["targetOS"], "26")
        self.tap('[data-id="compose"]')
        card = self.assert_layer("compose", "card")
        self.assertEqual(card.get_attribute("data-floating"), "true")
        r, w = self.points(card), self.window_points()
        self.assertAlmostEqual(r["x"], 8, delta=0.6, msg="inset from the leading edge")
        self.assertAlmostEqual(r["x"] + r["w"], w["w"] - 8, delta=0.6, msg="and from the trailing edge")
        self.assertAlmostEqual(r["y"] + r["h"], w["h"] - 8, delta=0.6, msg="and from the bottom")
        self.assertGreater(float(self.computed(card, "border-bottom-left-radius").rstrip("px")), 30,
                           "corners concentric with the display's")
        self.assertIn("blur", self.computed(card, "backdrop-filter"), "on Liquid Glass")
        self.assertLess(self.alpha(self.computed(card, "background-color")), 1)
        self.screenshot("sheet-medium-ios26")
        self.tap('.presentation[data-modal="compose"] [data-grabber]')
        self.wait_for("return JSON.parse(document.getElementById('state-json').textContent).stack[0].detent === 'large'")
        self.settle()
        card = self.layer("compose")
        self.assertIsNone(card.get_attribute("data-floating"), "edge-attached at full height")
        r = self.points(card)
        self.assertAlmostEqual(r["x"], 0, delta=0.6)
        self.assertAlmostEqual(r["y"] + r["h"], w["h"], delta=0.6)
        self.assertEqual(self.alpha(self.computed(card, "background-color")), 1, "opaque at full height")
        self.screenshot("sheet-large-ios26")

    def test_an_alerts_buttons_fit_inside_it_in_both_designs(self):
        # FrameLayout sizes the alert with the design's insets and gaps (classic rows under a
        # hairline; iOS 26's capsules 8 pt apart, 16 pt in): nothing is cut off, nothing scrolls.
        for os_ in (18, 26):
            for trigger, modal in (("export", "export-alert"), ("rename", "rename-alert")):
                self.open("studio", "iphone-16", target_os=os_)
                self.tap(f'[data-id="{trigger}"]')
                layer = self.assert_layer(modal, "alert", role="alertdialog")
                box = layer.find_element("css selector", ".alert-box")
                fit = self.js(
                    "const b = arguments[0]; const r = b.getBoundingClientRect();"
                    "const bottoms = [...b.querySelectorAll('.alert-button')].map((e) => e.getBoundingClientRect().bottom);"
                    "return {scroll: b.scrollHeight, client: b.clientHeight, bottom: r.bottom, last: Math.max(...bottoms)};", box)
                label = f"{modal} in iOS {os_}"
                self.assertLessEqual(fit["scroll"], fit["client"] + 1, f"{label} scrolls: {fit}")
                self.assertLessEqual(fit["last"], fit["bottom"] + 0.5, f"{label} cuts off its last button: {fit}")
                if os_ == 26:
                    self.assertGreater(fit["bottom"] - fit["last"], 8, f"{label}: its capsules sit 16 pt above its bottom")
        self.screenshot("alert-rename-ios26")

    def test_the_same_prototype_at_ios17_keeps_todays_look(self):
        self.open("mail", "iphone-16", target_os=17)
        self.assertEqual(self.el(".device").get_attribute("data-design"), "classic")
        self.tap('[data-id="compose"]')
        card = self.assert_layer("compose", "card")
        self.assertIsNone(card.get_attribute("data-floating"))
        r, w = self.points(card), self.window_points()
        self.assertAlmostEqual(r["x"], 0, delta=0.6)
        self.assertAlmostEqual(r["y"] + r["h"], w["h"], delta=0.6, msg="edge-attached at medium too")
        self.assertEqual(self.computed(card, "border-top-left-radius"), "10px")
        self.assertEqual(self.computed(card, "border-bottom-left-radius"), "0px")
        self.assertEqual(self.computed(card, "backdrop-filter"), "none")
        # Switching the running version in the toolbar redraws the same sheet in iOS 26's look.
        from selenium.webdriver.support.ui import Select
        Select(self.el("#target-os-select")).select_by_value("26")
        self.wait_for("return document.querySelector('.device')?.dataset.design === 'liquid-glass'")
        self.settle()
        self.assertEqual(self.layer("compose").get_attribute("data-floating"), "true")
        self.assertIn("targetOS=26", self.d.current_url)

    def test_reduced_transparency_makes_the_glass_opaque(self):
        try:
            self.open("mail", "iphone-16", target_os=26, reduced_transparency=True)
            self.tap('[data-id="compose"]')
            card = self.layer("compose")
            self.assertEqual(card.get_attribute("data-floating"), "true")
            self.assertEqual(self.computed(card, "backdrop-filter"), "none")
            self.assertEqual(self.alpha(self.computed(card, "background-color")), 1)
        finally:
            self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
                {"name": "prefers-reduced-transparency", "value": "no-preference"}]})

    def test_a_popover_replaces_its_bar_button_in_ios26_and_points_at_it_in_ios18(self):
        for os, replaces in (("18", False), ("26", True)):
            with self.subTest(targetOS=os):
                self.open("safari", "ipad-pro-11", target_os=os)
                source = self.el('[data-id="bookmarks-button"]')
                s = self.points(source)
                self.tap('[data-id="bookmarks-button"]')
                pop = self.assert_layer("bookmarks", "popover")
                p = self.points(pop)
                arrow = self.el('.presentation[data-modal="bookmarks"] .popover-arrow')
                if replaces:
                    self.assertEqual(pop.get_attribute("data-replaces-source"), "true")
                    self.assertFalse(arrow.is_displayed(), "no arrow")
                    self.wait_for("return getComputedStyle(document.querySelector('[data-id=\"bookmarks-button\"]')).opacity === '0'",
                                  message="the bar button is replaced")
                    cx, cy = s["x"] + s["w"] / 2, s["y"] + s["h"] / 2
                    self.assertTrue(p["x"] <= cx <= p["x"] + p["w"] and p["y"] <= cy <= p["y"] + p["h"],
                                    f"drawn over its source: {p} {s}")
                    self.screenshot("popover-ios26")
                else:
                    self.assertIsNone(pop.get_attribute("data-replaces-source"))
                    self.assertTrue(arrow.is_displayed())
                    self.assertEqual(self.computed(self.el('[data-id="bookmarks-button"]'), "opacity"), "1")
                    self.assertGreaterEqual(p["y"], s["y"] + s["h"], "below its source, the arrow pointing up")
                self.js("arguments[0].click()", self.el('.dim[data-dim-for="bookmarks"]'))
                self.settle()
                self.assertEqual(self.stack(), [])
                self.assertEqual(self.computed(self.el('[data-id="bookmarks-button"]'), "opacity"), "1")

    def test_an_action_sheet_on_iphone_is_inline_at_its_source_without_cancel_in_ios26(self):
        self.open("versions", "iphone-16", target_os=26)
        source = self.points(self.el('[data-id="arrange"]'))
        self.tap('[data-id="arrange"]')
        sheet = self.assert_layer("arrange-sheet", "popover")
        self.assertEqual(self.d.find_elements("css selector", '.presentation[data-modal="arrange-sheet"] .sheet-action.cancel'), [])
        p = self.points(sheet)
        self.assertLess(abs(p["y"] - source["y"]), 1.5, "it appears over the control that shows it")
        self.screenshot("action-sheet-inline-ios26")
        self.js("arguments[0].click()", self.el('.dim[data-dim-for="arrange-sheet"]'))
        self.settle()
        self.assertEqual(self.stack(), [], "a tap outside dismisses it")

    def test_on_a_pro_max_in_landscape_an_action_sheet_is_inline_in_ios26_and_at_the_bottom_in_ios18(self):
        # wR/hC: an action sheet is no popover there (it adapts as a popover does in a compact
        # height), so iOS 26 draws it inline at its source as on every iPhone, iOS 18 at the bottom.
        self.open("versions", "iphone-16-pro-max", orientation="landscape", target_os=26)
        self.assertEqual(self.state()["sizeClass"], {"horizontal": "regular", "vertical": "compact"})
        source = self.points(self.el('[data-id="arrange"]'))
        self.tap('[data-id="arrange"]')
        sheet = self.assert_layer("arrange-sheet", "popover")
        self.assertEqual(self.state()["stack"][0]["adaptedBy"], "actionsheet.inline-at-source")
        self.assertEqual(self.d.find_elements("css selector", '.presentation[data-modal="arrange-sheet"] .sheet-action.cancel'), [])
        self.assertFalse(self.el('.presentation[data-modal="arrange-sheet"] .popover-arrow').is_displayed(), "no arrow")
        p = self.points(sheet)
        self.assertLess(abs(p["y"] - source["y"]), 1.5, "it appears over the control that shows it")
        self.assertAlmostEqual(p["w"], 270, delta=0.6)
        self.open("versions", "iphone-16-pro-max", orientation="landscape", target_os=18)
        self.tap('[data-id="arrange"]')
        self.assert_layer("arrange-sheet", "actionSheet")
        self.assertTrue(self.el('.presentation[data-modal="arrange-sheet"] .sheet-action.cancel').is_displayed())

    def test_a_menu_right_to_left_hangs_under_its_mirrored_button_with_its_chevrons_turned(self):
        self.d.get(f"{Harness.base}/p/versions?device=iphone-16&layoutDirection=rtl&targetOS=26")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30, message="no session")
        self.settle()
        b = self.points(self.el('[data-id="sort"]'))
        self.assertGreater(b["x"], self.window_points()["w"] / 2, "the leading bar button is on the right")
        self.tap('[data-id="sort"]')
        m = self.points(self.el(".menu-panel"))
        self.assertAlmostEqual(m["x"] + m["w"], b["x"] + b["w"], delta=8.6, msg="its trailing edges on the button's")
        turned = "return getComputedStyle(arguments[0]).transform"
        self.assertEqual(self.js(turned, self.el(".menu-chevron")), "matrix(-1, 0, 0, 1, 0, 0)")
        self.tap('[data-menu-item="more-orders"]')
        self.assertEqual(self.js(turned, self.el(".menu-back")), "matrix(-1, 0, 0, 1, 0, 0)")

    def test_a_menu_opens_from_its_button_and_a_tap_outside_dismisses_it(self):
        from selenium.webdriver.common.keys import Keys
        self.open("versions", "iphone-16", target_os=26)
        button = self.el('[data-id="sort"]')
        self.assertEqual(button.get_attribute("aria-haspopup"), "menu")
        b = self.points(button)
        self.tap('[data-id="sort"]')
        panel = self.el(".menu-panel")
        self.assertEqual(panel.get_attribute("role"), "menu")
        self.assertEqual(self.el('[data-id="sort"]').get_attribute("aria-expanded"), "true")
        self.assertEqual(self.state()["menu"], {"control": "sort", "kind": "pullDown", "submenu": None})
        m = self.points(panel)
        self.assertGreaterEqual(m["y"], b["y"] + b["h"], "it hangs below its button")
        self.assertEqual(self.el('[data-menu-item="by-date"]').get_attribute("aria-checked"), "true")
        self.screenshot("menu-ios26")
        self.tap('[data-menu-item="by-name"]')
        self.assertIsNone(self.state()["menu"])
        self.assertEqual(self.d.find_elements("css selector", ".menu-panel"), [])
        self.tap('[data-id="sort"]')
        self.assertEqual(self.el('[data-menu-item="by-name"]').get_attribute("aria-checked"), "true", "the checkmark moved")
        self.tap('[data-menu-item="more-orders"]')
        self.assertEqual(self.state()["menu"]["submenu"], "more-orders")
        self.tap("[data-menu-backdrop]")
        self.assertIsNone(self.state()["menu"], "a tap outside dismisses it")
        self.assertEqual(self.stack(), [], "and does nothing else")
        # A context menu on a real touch and hold, with its preview; Escape closes it.
        self.hold(self.el('[data-id="photo-1"]'), touch=True)  # a touch held past the long-press time
        self.wait_for("return document.querySelector('.menu-layer')?.dataset.menuKind === 'context'", message="no context menu")
        self.settle()
        self.assertTrue(self.el(".menu-preview").is_displayed())
        self.assertTrue(self.el(".menu-preview .nav-title").is_displayed(), "the preview screen is drawn, its bar")
        self.assertTrue(self.el('.menu-preview [role="img"]').is_displayed(), "and its content")
        bar, card = self.points(self.el(".menu-preview .nav-bar")), self.points(self.el(".menu-preview"))
        self.assertAlmostEqual(bar["y"], card["y"], delta=0.5)
        self.assertLessEqual(bar["h"], self.js("return parseFloat(getComputedStyle(document.querySelector('[data-window]')).getPropertyValue('--bar-height'))") + 1,
                             "no status bar's safe area above the preview's bar: it is a card mid-screen")
        self.assertEqual(self.stack(), [], "the long press did not also tap the row")
        self.screenshot("context-menu-ios26")
        from selenium.webdriver.common.action_chains import ActionChains
        ActionChains(self.d).send_keys(Keys.ESCAPE).perform()
        self.wait_for("return !document.querySelector('.menu-panel')", message="Escape did not close the menu")
        self.settle()
        self.assertIsNone(self.state()["menu"])

    def test_the_ios26_keyboard_is_drawn_as_ios18s(self):
        # No Apple page describes iOS 26's keyboard (docs/fidelity.md): it is drawn as iOS 18's,
        # whatever the rest of the frame's design, until a source says otherwise.
        look = """const k = document.querySelector('.keyboard'), key = k.querySelector('.kb-key');
            const a = getComputedStyle(k), b = getComputedStyle(key);
            return [a.backgroundColor, a.backdropFilter, b.borderRadius, b.backgroundColor, b.boxShadow, k.offsetHeight];"""
        looks = {}
        for version in (18, 26):
            self.open("mail", "iphone-16", target_os=version)
            self.tap('[data-id="compose"]')
            self.tap('[data-id="to"]')
            self.wait_for("return document.querySelector('.keyboard')", message="no keyboard")
            self.settle()
            self.assertEqual(self.el(".device").get_attribute("data-os"), str(version))
            looks[version] = self.js(look)
        self.assertEqual(looks[26], looks[18])


    def test_a_context_menu_without_a_preview_lifts_the_view_itself(self):
        # UIContextMenuInteraction "animates your content"; with no preview provider UIKit lifts a
        # snapshot of the view (UITargetedPreview(view:)): the row as it is drawn, where it is,
        # not a box with its title. Drawn inert, without ids.
        for version in (18, 26):
            self.open("versions", "iphone-16", target_os=version)
            row = self.el('[data-id="photo-2"]')
            r = self.points(row)
            self.hold(row, touch=True)
            self.wait_for("return document.querySelector('.menu-layer')?.dataset.menuKind === 'context'", message="no context menu")
            self.settle()
            preview = self.el(".menu-preview")
            lifted = preview.find_elements("css selector", ".list-row")
            self.assertEqual(len(lifted), 1, f"iOS {version}: the row itself is lifted, alone")
            self.assertEqual(lifted[0].text.split("\n"), ["Harbour", "Yesterday"], "with its subtitle, as drawn")
            self.assertEqual(preview.find_elements("css selector", "[data-id]"), [], "the snapshot has no ids")
            p, l = self.points(preview), self.points(lifted[0])
            for k in ("x", "y", "w", "h"):
                self.assertAlmostEqual(p[k], r[k], delta=1.5, msg=f"iOS {version}: the preview is where the row was ({k})")
                self.assertAlmostEqual(l[k], p[k], delta=1, msg=f"iOS {version}: the lifted row fills it ({k})")
            if version == 18:
                self.screenshot("context-menu-lifted-row")
            from selenium.webdriver.common.action_chains import ActionChains
            from selenium.webdriver.common.keys import Keys
            ActionChains(self.d).send_keys(Keys.ESCAPE).perform()
            self.wait_for("return !document.querySelector('.menu-panel')", message="Escape did not close the menu")

    def test_a_hold_on_a_busy_page_is_still_a_long_press(self):
        # The page is busy from just after the press until past its release (as under load): the
        # release can then be handled before the long-press timer that was due first (browsers
        # put input ahead of timers). A press held past the long-press time is a long press all
        # the same, and its release is not a tap on the row.
        self.open("versions", "iphone-16", target_os=26)
        self.js("""addEventListener('pointerdown', () => setTimeout(() => {
            const end = performance.now() + 1200; while (performance.now() < end) {}
        }, 50), {capture: true, once: true});""")
        self.hold(self.el('[data-id="photo-1"]'), touch=True)
        self.wait_for("return document.querySelector('.menu-layer')?.dataset.menuKind === 'context'", message="no context menu")
        self.settle()
        self.assertEqual(self.stack(), [], "the long press did not also tap the row")

    # Each bar's buttons in order, in points of the app window: the button's box, its part
    # (data-glass) and, where the Liquid Glass background is drawn, its rectangle and corners.
    # The ::before's insets are CSS pixels of the unscaled frame (points); the boxes are measured
    # on the scaled page and divided by the frame's scale.
    BAR_GLASS = """
        const win = document.querySelector('[data-window]'), w = win.getBoundingClientRect();
        const s = w.width / win.offsetWidth;
        const screens = document.querySelectorAll('.screen-view:not(.previous-screen)');
        const screen = screens[screens.length - 1];
        return [...screen.querySelectorAll('.nav-leading, .nav-trailing, .toolbar')].map(bar => ({
            bar: bar.className, items: [...bar.children].filter(b => b.matches('[data-id]')).map(b => {
                const r = b.getBoundingClientRect(), g = getComputedStyle(b, '::before');
                const box = {l: (r.left - w.left) / s, r: (r.right - w.left) / s, t: (r.top - w.top) / s, b: (r.bottom - w.top) / s};
                const item = {id: b.dataset.id, part: b.dataset.glass ?? null, titled: b.classList.contains('with-title'), box};
                if (g.content === 'none' || g.content === 'normal') return item;
                item.glass = {l: box.l + parseFloat(g.left), r: box.r - parseFloat(g.right),
                              t: box.t + parseFloat(g.top), b: box.b - parseFloat(g.bottom)};
                item.radii = [g.borderTopLeftRadius, g.borderTopRightRadius, g.borderBottomRightRadius, g.borderBottomLeftRadius];
                item.blur = g.backdropFilter;
                return item;
            })}));"""

    def assert_bar_glass(self, label):
        """Checks every bar of the top screen against UIBarButtonItem's shared background: a part
        for each button, glass on every button but those with none, a group's parts meeting, no
        background over another's or over a button without one; returns the bars by class."""
        rtl = self.el(".device").get_attribute("data-layout-direction") == "rtl"
        pad = self.js("return parseFloat(getComputedStyle(document.querySelector('[data-window]')).getPropertyValue('--bar-glass-pad'))")
        bars = self.js(self.BAR_GLASS)
        for bar in bars:
            items = bar["items"]
            where = f"{label}, {bar['bar']}"
            for k, item in enumerate(items):
                at = f"{where}, {item['id']}"
                self.assertIn(item["part"], ("none", "only", "first", "middle", "last"), at)
                self.assertEqual("glass" in item, item["part"] != "none", f"{at}: glass unless the part is none")
                if "glass" not in item:
                    continue
                g, box = item["glass"], item["box"]
                self.assertIn("blur", item["blur"], f"{at}: on the glass material")
                self.assertAlmostEqual(g["t"], box["t"], delta=0.5, msg=f"{at}: as tall as the button")
                self.assertAlmostEqual(g["b"], box["b"], delta=0.5, msg=f"{at}: as tall as the button")
                self.assertLessEqual(g["l"], box["l"] + 0.5, at)
                self.assertGreaterEqual(g["r"], box["r"] - 0.5, at)
                # Leading and trailing in the layout's direction.
                start, end = ("r", "l") if rtl else ("l", "r")
                reach = {"start": abs(g[start] - box[start]), "end": abs(g[end] - box[end])}
                if not item["titled"]:
                    for side in ("start", "end"):
                        if not (side == "end" and item["part"] in ("first", "middle")) and \
                                not (side == "start" and item["part"] in ("last", "middle")):
                            self.assertLess(reach[side], 0.5, f"{at}: a symbol's background is its hit target ({side})")
                elif bar["bar"] == "toolbar" or (k == 0 and item["part"] in ("only", "first")):
                    self.assertAlmostEqual(reach["start"], pad, delta=0.5, msg=f"{at}: a title's capsule reaches the pad")
                # Corners: square where a part meets its neighbour, round elsewhere.
                tl, tr, br, bl = item["radii"]
                start_corners, end_corners = ((tr, br), (tl, bl)) if rtl else ((tl, bl), (tr, br))
                self.assertEqual(all(c == "0px" for c in start_corners), item["part"] in ("middle", "last"), f"{at}: start corners")
                self.assertEqual(all(c == "0px" for c in end_corners), item["part"] in ("first", "middle"), f"{at}: end corners")
            # Neighbours, in the layout's order: a group's parts meet across the gap; anything
            # else stays apart (a background never covers another's, nor a bare button).
            for a, b in zip(items, items[1:]):
                extent_a, extent_b = a.get("glass", a["box"]), b.get("glass", b["box"])
                gap = (extent_a["l"] - extent_b["r"]) if rtl else (extent_b["l"] - extent_a["r"])
                if a["part"] in ("first", "middle"):
                    self.assertIn(b["part"], ("middle", "last"), f"{where}: a group goes on to its end")
                    self.assertAlmostEqual(gap, 0, delta=0.5, msg=f"{where}: {a['id']} and {b['id']} share one background across the gap")
                else:
                    self.assertGreater(gap, 0.5, f"{where}: {a['id']} and {b['id']} stay apart")
        return {b["bar"]: {i["id"]: i for i in b["items"]} for b in bars}

    def test_ios26_bar_buttons_share_a_liquid_glass_background(self):
        # UIBarButtonItem.sharesBackground (iOS 26, default true): neighbours in a navigation bar
        # or a toolbar share one glass background; false, one of their own; hidesSharedBackground:
        # none at all. iOS 18 draws no background, and the background moves nothing.
        self.open("versions", "iphone-16", target_os=26)
        bars = self.assert_bar_glass("versions")
        parts = {i: next(b[i]["part"] for b in bars.values() if i in b) for i in ("select", "add", "options", "sort")}
        self.assertEqual(parts, {"select": "none", "add": "first", "options": "last", "sort": "only"})
        self.screenshot("bar-glass-ios26")
        self.open("bars", "iphone-16")
        bars = self.assert_bar_glass("bars")
        trailing = bars["nav-side nav-trailing"]
        self.assertEqual([i["part"] for i in trailing.values()], ["only", "first", "last"])
        self.assertEqual([i["part"] for i in bars["toolbar"].values()], ["only", "only", "only"], "spread apart, each its own")
        self.assertEqual(bars["nav-side nav-leading"]["cancel"]["part"], "only")
        boxes = {i: self.points(self.el(f'[data-id="{i}"]')) for i in ("cancel", "filter", "edit", "share", "count")}
        for label, kwargs in (("landscape", {"orientation": "landscape"}), ("iPad", {"device": "ipad-pro-11"})):
            self.open("bars", kwargs.get("device", "iphone-16"), orientation=kwargs.get("orientation", "portrait"))
            self.assert_bar_glass(f"bars, {label}")
        self.d.get(f"{Harness.base}/p/bars?device=iphone-16&layoutDirection=rtl")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30, message="no session")
        self.settle()
        self.assertEqual(self.el(".device").get_attribute("data-layout-direction"), "rtl")
        self.assert_bar_glass("bars, right to left")
        self.screenshot("bar-glass-ios26-rtl")
        # A pushed screen: the back button first, then two symbols on one background.
        self.open("bars", "iphone-16")
        self.tap('[data-id="cancel"]')
        self.wait_for("return document.querySelector('[data-screen=\"message\"] [data-id=\"more\"]')", message="no push")
        self.settle()
        self.assertEqual([i["part"] for i in self.assert_bar_glass("bars, pushed")["nav-side nav-trailing"].values()], ["first", "last"])
        # iOS 18: the same parts, no background, every button where it was.
        self.open("bars", "iphone-16", target_os=18)
        for bar in self.js(self.BAR_GLASS):
            for item in bar["items"]:
                self.assertNotIn("glass", item, f"iOS 18: no background behind {item['id']}")
        for i, box in boxes.items():
            self.assertEqual(self.points(self.el(f'[data-id="{i}"]')), box, f"{i}: the same place in iOS 18 and 26")

    def test_after_a_mouse_hold_opens_a_context_menu_the_next_click_is_a_tap(self):
        # A held mouse press opens the menu; its release's click (which the browser doesn't send
        # when the frame replaced the row pressed) must not swallow the next, real click.
        self.open("versions", "iphone-16", target_os=26)
        self.hold(self.el('[data-id="photo-1"]'))
        self.wait_for("return document.querySelector('.menu-layer')?.dataset.menuKind === 'context'", message="no context menu")
        self.settle()
        self.assertEqual(self.stack(), [], "the hold did not also tap the row")
        self.tap('[data-menu-item="add-to-album"]')
        self.assertEqual(self.state()["menu"], {"control": "photo-1", "kind": "context", "submenu": "add-to-album"},
                         "the first click after the hold opened the submenu")
        self.tap('[data-menu-item="album-trips"]')
        self.assertIsNone(self.state()["menu"], "and a choice in it closes the menu")
        # A hold whose release lands on the row it pressed: its click is not a tap on the row.
        self.hold(self.el('[data-id="photo-1"]'))
        self.wait_for("return document.querySelector('.menu-layer')", message="no context menu")
        self.settle()
        self.assertEqual(self.stack(), [])
        self.tap('[data-menu-item="favorite"]')
        self.assertIsNone(self.state()["menu"], "the click chose Favorite")

    def test_a_zoom_transition_grows_from_its_source(self):
        self.open("versions", "iphone-16", target_os=18)
        thumb = self.el('[data-id="thumb"]')
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", thumb)
        t = self.points(thumb)
        # Slow the page's animations down so the zoom is seen while it runs.
        self.d.execute_cdp_cmd("Animation.enable", {})
        self.d.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 0.1})
        try:
            thumb.click()
            self.wait_for("return document.getAnimations().some((a) => a.animationName === 'zoom-from-source')",
                          message="the viewer did not zoom out of the thumbnail")
            # While it zooms its content keeps its proportions (one scale), clipped to the
            # thumbnail's shape: nothing is squashed.
            mid = self.wait_for("""const v = document.querySelector('.presentation[data-modal="viewer"]');
                const m = new DOMMatrix(getComputedStyle(v).transform);
                return m.a < 0.98 ? {a: m.a, d: m.d, clip: getComputedStyle(v).clipPath} : null;""")
            self.assertAlmostEqual(mid["a"], mid["d"], delta=0.01, msg=f"a uniform scale mid-zoom: {mid}")
            self.assertTrue(mid["clip"].startswith("inset("), f"clipped to its source's shape: {mid}")
        finally:
            self.d.execute_cdp_cmd("Animation.setPlaybackRate", {"playbackRate": 1})
        self.settle()
        viewer = self.assert_layer("viewer", "fullScreen")
        self.assertEqual(viewer.get_attribute("data-transition"), "zoom")
        self.assertEqual(viewer.get_attribute("data-grows"), "true")
        v = self.points(viewer)
        dx = float(self.computed(viewer, "--grow-dx").strip().rstrip("px"))
        dy = float(self.computed(viewer, "--grow-dy").strip().rstrip("px"))
        self.assertAlmostEqual(v["x"] + v["w"] / 2 + dx, t["x"] + t["w"] / 2, delta=1, msg="it starts at the thumbnail")
        self.assertAlmostEqual(v["y"] + v["h"] / 2 + dy, t["y"] + t["h"] / 2, delta=1)
        # A swipe down zooms it back.
        self.drag(viewer, 320, start=(v["w"] / 2, 200))
        self.wait_for("return JSON.parse(document.getElementById('state-json').textContent).stack.length === 0",
                      message="a swipe down did not dismiss the zoomed viewer")
        # iOS 17 has no zoom transition: the viewer slides up.
        self.open("versions", "iphone-16", target_os=17)
        self.tap('[data-id="thumb"]')
        viewer = self.layer("viewer")
        self.assertEqual(viewer.get_attribute("data-transition"), "coverVertical")
        self.assertIsNone(viewer.get_attribute("data-grows"))


class VersionComparisonTests(PlayerTestCase):
    """Each form in iOS 18 and iOS 26, side by side: two embedded players on one page, driven
    alike, saved as `compare-<form>.png` (docs/screenshots with MODALLAB_SCREENSHOTS)."""

    FORMS = [
        # name, prototype, device, steps (a step: selector to click, or ("contextmenu", selector))
        ("sheet-medium", "mail", "iphone-16", ['[data-id="compose"]']),
        ("sheet-large", "mail", "iphone-16", ['[data-id="compose"]', '[data-grabber]']),
        ("form-sheet-ipad", "studio", "ipad-pro-11", ['[data-id="settings-button"]']),
        ("popover-ipad", "safari", "ipad-pro-11", ['[data-id="bookmarks-button"]']),
        ("alert", "mail", "iphone-16", ['[data-id="delete-all"]']),
        ("action-sheet", "photos", "iphone-16", ['[data-id="recents"]', '[data-id="trash"]']),
        ("action-sheet-ipad", "photos", "ipad-pro-11", ['[data-id="recents"]', '[data-id="trash"]']),
        ("activity", "mail", "iphone-16", ['[data-id="share-button"]']),
        ("menu", "versions", "iphone-16", ['[data-id="sort"]']),
        ("context-menu", "versions", "iphone-16", [("contextmenu", '[data-id="photo-1"]')]),
    ]

    def test_each_form_in_ios18_and_ios26_side_by_side(self):
        for name, prototype, device, steps in self.FORMS:
            with self.subTest(form=name):
                pad = device.startswith("ipad")
                width, height = (560, 840) if pad else (430, 860)
                # A page of the server's own (its CSP allows its frames), emptied for the two players.
                self.d.get(f"{Harness.base}/p/{prototype}/board")
                self.js("""const [proto, device, w, h] = arguments;
                    document.body.replaceChildren();
                    document.body.style.cssText = 'margin:0;padding:8px 16px;display:flex;gap:24px;justify-content:center;background:#e9e9ee;font:600 15px system-ui,sans-serif';
                    for (const os of ['18', '26']) {
                      const fig = document.createElement('figure');
                      fig.style.cssText = 'margin:0;display:flex;flex-direction:column;align-items:center;gap:4px';
                      const cap = document.createElement('figcaption');
                      cap.textContent = 'iOS ' + os;
                      const frame = document.createElement('iframe');
                      frame.id = 'os' + os;
                      frame.title = 'iOS ' + os;
                      frame.style.cssText = `border:0;width:${w}px;height:${h}px`;
                      frame.src = `/p/${proto}?device=${device}&embed=1&targetOS=${os}`;
                      fig.append(cap, frame);
                      document.body.append(fig);
                    }""", prototype, device, width, height)
                self.wait_for(self.frames_ready_script(), timeout=30, message=f"{name}: the players did not start")
                for step in steps:
                    kind, selector = step if isinstance(step, tuple) else ("click", step)
                    self.js("""const [kind, sel] = arguments;
                        for (const id of ['os18', 'os26']) {
                          const el = document.getElementById(id).contentDocument.querySelector(sel);
                          if (!el) throw new Error(id + ': no ' + sel);
                          if (kind === 'click') el.click();
                          else el.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}));
                        }""", kind, selector)
                    self.wait_for(self.frames_ready_script(), timeout=20, message=f"{name}: the players did not settle")
                # The players moved the focus into what appeared; the pictures show no focus ring.
                self.js("""for (const id of ['os18', 'os26']) document.getElementById(id).contentDocument.activeElement?.blur?.();""")
                designs = self.js("""return ['os18', 'os26'].map((id) =>
                    document.getElementById(id).contentDocument.querySelector('.device')?.dataset.design)""")
                self.assertEqual(designs, ["classic", "liquid-glass"])
                drawn = self.js("""return ['os18', 'os26'].map((id) => {
                    const d = document.getElementById(id).contentDocument;
                    return d.querySelectorAll('.presentation, .menu-panel').length; })""")
                self.assertTrue(all(n > 0 for n in drawn), f"{name}: both frames show it ({drawn})")
                self.d.save_screenshot(str(Harness.shots / f"compare-{name}.png"))

    def frames_ready_script(self):
        """Whether both players have started and nothing in them moves or waits."""
        return """return ['os18', 'os26'].every((id) => {
            const w = document.getElementById(id)?.contentWindow;
            return w && w.document.querySelector('.player')?.dataset.ready === 'true' && w.modallab && w.modallab.idle();
        })"""


# ---------------------------------------------------------------------------------------------
# Fidelity: the bundled font, symbols, appearance, text size, layout direction
# ---------------------------------------------------------------------------------------------

def font_tables():
    """FontMetrics.swift's glyphs and advance tables (thousandths of an em) and SF's tracking
    table, read from the source: the widths the linter measures with."""
    import re
    src = (ROOT / "Sources" / "Presentation" / "Text" / "FontMetrics.swift").read_text(encoding="utf-8")
    literal = re.search(r'static let glyphs: \[Unicode\.Scalar\] = Array\(\s*"((?:[^"\\]|\\.)*)"', src).group(1)
    glyphs = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), literal)

    def numbers(name, kind=r"\[UInt16\]"):
        body = re.search(r"static let " + name + r": " + kind + r" = \[(.*?)\]", src, re.S).group(1)
        return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", body)]
    return glyphs, numbers("regular"), numbers("semibold"), numbers("trackingPoints", r"\[Double\]")


def measured_width(text, size, weight):
    """TextMeasure's width of ASCII `text` at `size` points: advances plus SF's tracking per glyph."""
    glyphs, regular, semibold, tracking = font_tables()
    table = regular if weight == "regular" else semibold
    x = min(max(size, 6), 40) - 6
    i = int(x)
    t = tracking[-1] if i >= len(tracking) - 1 else tracking[i] * (1 - (x - i)) + tracking[i + 1] * (x - i)
    return sum(table[glyphs.index(ch)] / 1000 * size + t for ch in text)


class FidelityTests(PlayerTestCase):
    """What makes the frame look like iOS whatever the viewer's machine: the bundled font and
    the symbols, dark mode, Dynamic Type and right to left."""


    def test_at_accessibility_sizes_a_word_longer_than_its_line_breaks_as_uilabel_breaks_it(self):
        # UILabel's word wrapping breaks a word too long for its line between characters; nothing
        # runs out of a popover ("Transactior" cut at its edge).
        self.open_with("ledger", "ipad-pro-11", contentSize="accessibilityExtraExtraExtraLarge")
        self.tap('[data-id="filter"]')
        popover = self.layer("filters")
        overflowing = self.js("""const pop = arguments[0], right = pop.getBoundingClientRect().right;
            return [...pop.querySelectorAll('.content .control.text, .content .row-title, .content .row-subtitle')]
              .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > right + 1)
              .map((el) => el.textContent.trim());""", popover)
        self.assertEqual(overflowing, [], "every word stays inside the popover")
        # At this size its content is taller than its preferredContentSize: the rest is hidden
        # below without a scroll indicator, and the engine says so (rule popover.content-fits).
        body = self.el('.presentation[data-modal="filters"] > .presentation-body')
        self.assertGreater(self.js("return arguments[0].scrollHeight - arguments[0].clientHeight", body), 0, "content is hidden below")
        self.assertIn("popover.content-fits", self.el("#action-diagnostics").text)
        self.screenshot("popover-content-hidden-ax5-ipad")

    def test_the_bundled_font_is_loaded_and_draws_the_devices_text(self):
        self.open("studio", "iphone-16")
        self.wait_for("return document.fonts.status === 'loaded'", message="fonts still loading")
        faces = self.js("""return [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'ModalLab Inter')
            .map((f) => ({status: f.status, weight: f.weight}))""")
        self.assertEqual(faces, [{"status": "loaded", "weight": "100 900"}], "one variable face, loaded")
        self.assertTrue(self.js("return document.fonts.check('600 17px \"ModalLab Inter\"')"))
        title = self.el(".app-layer .nav-title")
        self.assertTrue(self.js("return getComputedStyle(arguments[0]).fontFamily", title).startswith('"ModalLab Inter"'))
        # Drawn as wide as the linter measures it: Inter's advances plus SF's tracking (a fallback
        # font such as DejaVu Sans would be several points wider; kerning moves a point or so).
        for css, text, size, weight in ((".app-layer .nav-title bdi", "Studio", 17, "semibold"),
                                        ('[data-id="rename"] .button-title bdi', "Rename Project", 17, "regular")):
            with self.subTest(text=text):
                drawn = self.js("""const r = document.createRange(); r.selectNodeContents(arguments[0]);
                    const win = document.querySelector('[data-window]');
                    return r.getBoundingClientRect().width / (win.getBoundingClientRect().width / win.offsetWidth);""",
                                self.el(css))
                self.assertAlmostEqual(drawn, measured_width(text, size, weight), delta=1.5)
        # The font file is served with its type and licence.
        with urllib.request.urlopen(Harness.base + "/public/fonts/Inter-roman.var.woff2") as r:
            self.assertEqual(r.headers["Content-Type"], "font/woff2")
        with urllib.request.urlopen(Harness.base + "/public/fonts/LICENSE-Inter.txt") as r:
            self.assertIn("SIL OPEN FONT LICENSE Version 1.1", r.read().decode())

    def test_an_action_sheet_at_an_accessibility_size_grows_and_scrolls_with_cancel_in_reach(self):
        self.open_with("studio", "iphone-se-3", contentSize="accessibilityExtraExtraExtraLarge")
        self.tap('[data-id="arrange"]')
        sheet = self.assert_layer("arrange-sheet", "actionSheet")
        self.assertEqual(sheet.get_attribute("data-scrolls"), "true", "the server says it no longer fits")
        win = self.window_points()
        box = self.points(sheet)
        self.assertGreaterEqual(box["y"], win["top"], "the sheet stays below the status bar")
        self.assertAlmostEqual(box["y"] + box["h"], win["h"] - 8, delta=1)
        group = self.el('.presentation[data-modal="arrange-sheet"] .action-sheet-group:not(.cancel-group)')
        sizes = self.js("return {scroll: arguments[0].scrollHeight, client: arguments[0].clientHeight}", group)
        self.assertGreater(sizes["scroll"], sizes["client"] + 20, "the actions scroll")
        # Rows grow with the text: Title 3 at AX5 is 55 pt, far above the 57 pt row of Large.
        row = self.el('.presentation[data-modal="arrange-sheet"] .sheet-action:not(.cancel)')
        self.assertGreater(self.points(row)["h"], 90)
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).fontSize", row), "55px")
        cancel = self.el('.presentation[data-modal="arrange-sheet"] .sheet-action.cancel')
        self.assertLessEqual(self.points(cancel)["y"] + self.points(cancel)["h"], win["h"] - 7, "Cancel stays in view")
        # The last action is reached by scrolling the list, and it works.
        last = self.el('.presentation[data-modal="arrange-sheet"] [data-action-index="2"]')
        self.js("arguments[0].scrollTop = arguments[0].scrollHeight", group)
        self.wait_for("return arguments[0].scrollTop > 0", group)
        last.click()
        self.settle()
        self.assertEqual(self.stack(), [])
        self.tap('[data-id="arrange"]')
        self.screenshot("action-sheet-scrolling-ax5-iphone-se")

    def test_screen_content_follows_the_text_size_and_the_bars_do_not(self):
        # Body and Subheadline at xSmall, Large and AX5 (HIG "Typography", Dynamic Type sizes), in
        # CSS px of the unscaled device: computed sizes, which the frame's scaling doesn't touch.
        sizes = {"extraSmall": (14, 12), "large": (17, 15), "accessibilityExtraExtraExtraLarge": (53, 49)}
        rows = {}
        for size, (body, subheadline) in sizes.items():
            with self.subTest(size=size):
                self.open_with("mail", "iphone-16", contentSize=size)
                style = lambda css, prop="fontSize": self.js(
                    "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]", css, prop)
                self.assertEqual(style('[data-id="m1"] .row-title'), f"{body}px", "a row title is Body")
                self.assertEqual(style('[data-id="m1"] .row-subtitle'), f"{subheadline}px", "its subtitle Subheadline")
                self.assertEqual(style('[data-id="delete-all"]'), f"{body}px", "a button in content is Body")
                self.assertEqual(style(".app-layer .nav-title"), "17px", "the inline title stays 17 pt")
                device = self.el(".device")
                self.assertEqual(float(self.js("return getComputedStyle(arguments[0]).getPropertyValue('--body-size')",
                                               device).replace("px", "")), body)
                # The row holds its text: nothing clipped, at least the 44 pt hit target.
                row = self.el('[data-id="m1"]')
                box = self.points(row)
                text = self.points(self.el('[data-id="m1"] .row-text'))
                self.assertGreaterEqual(box["h"], 44 - 0.5)
                self.assertLessEqual(text["y"] + text["h"], box["y"] + box["h"] + 0.5, "the text ends inside its row")
                self.assertGreaterEqual(text["y"], box["y"] - 0.5)
                self.assertLessEqual(self.js("return arguments[0].scrollHeight - arguments[0].clientHeight", row), 0)
                # The list clips its rows' corners: it holds the whole row.
                rows_box = self.points(self.el('[data-id="messages"]'))
                self.assertLessEqual(box["y"] + box["h"], rows_box["y"] + rows_box["h"] + 0.5)
                self.assertGreaterEqual(text["h"], body * 1.1 + subheadline * 1.1, "two lines at least, at their sizes")
                rows[size] = box["h"]
                if size == "large":
                    # As the server's layout has it (ScreenLayout): 10 + 22 + 20 + 10 pt.
                    self.assertAlmostEqual(box["h"], 62, delta=1)
                # Pushed screen: its text is Body too.
                self.tap('[data-id="m1"]')
                self.wait_for("return !!document.querySelector('.app-layer [data-id=\"message-body\"]')")
                self.assertEqual(style('.app-layer [data-id="message-body"]'), f"{body}px", "text is Body")
                self.assertEqual(style(".app-layer .screen-view:not(.previous-screen) .nav-title"), "17px")
                self.assertEqual(style(".app-layer .screen-view:not(.previous-screen) .back-button"), "17px",
                                 "the back button stays 17 pt")
                if size == "accessibilityExtraExtraExtraLarge":
                    self.screenshot("text-size-content-ax5-iphone")
        self.assertGreater(rows["accessibilityExtraExtraExtraLarge"], rows["large"] + 40, "a row grows with its text")
        self.assertGreaterEqual(rows["large"], rows["extraSmall"])
        # A large title scales; a toolbar's titles don't (the Large Content Viewer stands in).
        for size, large_title in (("large", 34), ("accessibilityExtraExtraExtraLarge", 60)):
            with self.subTest(size=size):
                self.open_with("navigation", "iphone-16", contentSize=size)
                self.assertEqual(self.js("return getComputedStyle(document.querySelector('.app-layer .large-title')).fontSize"),
                                 f"{large_title}px")
                self.assertEqual(self.js("return getComputedStyle(document.querySelector('[data-id=\"count\"]')).fontSize"),
                                 "17px", "toolbar titles stay 17 pt")
        # Content taller than the screen scrolls, on the smallest iPhone and a tall one.
        for device in ("iphone-se-3", "iphone-16"):
            with self.subTest(device=device):
                self.open_with("mail", device, contentSize="accessibilityExtraExtraExtraLarge")
                content = self.el(".app-layer .screen-view:not(.previous-screen) > .content")
                sizes = self.js("return {scroll: arguments[0].scrollHeight, client: arguments[0].clientHeight}", content)
                self.assertGreater(sizes["scroll"], sizes["client"], "AX5 content is taller than the screen")
                self.js("arguments[0].scrollTop = arguments[0].scrollHeight", content)
                self.wait_for("return arguments[0].scrollTop > 0", content)
                last = self.points(self.el('[data-id="share-button"]'))
                area = self.points(content)
                self.assertLessEqual(last["y"] + last["h"], area["y"] + area["h"] + 0.5, "the last control scrolls into view")
                if device == "iphone-se-3":
                    self.screenshot("text-size-content-scrolled-ax5-iphone-se")

    def test_at_accessibility_sizes_subtitles_wrap_symbols_grow_and_menus_follow_the_text_size(self):
        large, ax5 = "large", "accessibilityExtraExtraExtraLarge"
        var = lambda name: float(self.js(
            "return getComputedStyle(document.querySelector('.device')).getPropertyValue(arguments[0])", name).replace("px", ""))
        size = lambda css: self.js("return getComputedStyle(document.querySelector(arguments[0])).fontSize", css)
        seen = {}
        for text_size in (large, ax5):
            with self.subTest(size=text_size):
                # A row's subtitle wraps (UIListContentConfiguration's secondary text has no line
                # limit) and its row holds it.
                self.open_with("mail", "iphone-16", contentSize=text_size)
                line = var("--subheadline-line")
                subtitle = self.points(self.el('[data-id="m1"] .row-subtitle'))
                row = self.el('[data-id="m1"]')
                box = self.points(row)
                self.assertLessEqual(self.js("return arguments[0].scrollHeight - arguments[0].clientHeight", row), 0,
                                     "nothing in the row is clipped")
                self.assertLessEqual(subtitle["y"] + subtitle["h"], box["y"] + box["h"] + 0.5, "the subtitle ends in its row")
                if text_size == ax5:
                    self.assertGreater(subtitle["h"], line + 0.5, "at AX5 the subtitle wraps")
                else:
                    self.assertAlmostEqual(subtitle["h"], line, delta=0.5, msg="at Large Mail's subtitle is one line")
                # A row's symbol and its disclosure chevron grow with Body.
                self.open_with("photos", "iphone-16", contentSize=text_size)
                glyph = self.points(self.el('[data-id="recents"] .row-icon .glyph'))
                chevron = self.points(self.el('[data-id="recents"] .chevron'))
                recents = self.el('[data-id="recents"]')
                self.assertLessEqual(self.js("return arguments[0].scrollHeight - arguments[0].clientHeight", recents), 0)
                self.assertAlmostEqual(glyph["w"], var("--symbol-size"), delta=0.5)
                # A menu: its items are Body in rows that grow, and the panel the browser draws is
                # the frame the server computed (its max-height), without scrolling.
                self.open_with("versions", "iphone-16", contentSize=text_size, targetOS=18)
                self.tap('[data-id="sort"]')
                body = var("--body-size")
                self.assertEqual(size('[data-menu-item="by-date"]'), f"{body:g}px", "a menu item is Body")
                panel = self.el(".menu-panel")
                drawn = self.points(panel)
                frame = float(self.js("return arguments[0].style.maxHeight", panel).replace("px", ""))
                self.assertAlmostEqual(drawn["h"], frame, delta=1, msg="the drawn menu is the server's frame")
                self.assertLessEqual(self.js("return arguments[0].scrollHeight - arguments[0].clientHeight", panel), 0)
                item = self.points(self.el('[data-menu-item="by-date"]'))
                self.assertAlmostEqual(item["h"], var("--menu-row"), delta=1, msg="an item's row is LayoutMetrics.menuRow")
                seen[text_size] = {"glyph": glyph["w"], "chevron": chevron["h"], "item": item["h"], "body": body}
                if text_size == ax5:
                    self.screenshot("text-size-menu-ax5-iphone")
        self.assertAlmostEqual(seen[large]["glyph"], 22, delta=0.5, msg="22 pt symbols at Large")
        self.assertGreater(seen[ax5]["glyph"], seen[large]["glyph"] * 2, "a row symbol grows at AX5")
        self.assertGreater(seen[ax5]["chevron"], seen[large]["chevron"] * 2, "so does the chevron")
        self.assertEqual(seen[ax5]["body"], 53)
        self.assertGreater(seen[ax5]["item"], seen[large]["item"] + 30, "a menu's rows grow")

    def test_at_accessibility_sizes_a_menu_widens_and_wraps_its_titles(self):
        # iOS's menus widen and wrap at the accessibility sizes instead of truncating a title to
        # "R…"; the panel the browser draws is the server's frame, each row as tall as measured.
        self.open_with("ledger", "iphone-16", contentSize="accessibilityExtraExtraExtraLarge")
        self.tap('[data-id="recent"]')
        panel = self.el(".menu-panel")
        self.assertGreater(self.points(panel)["w"], 300, "wider than the 250 pt of the smaller sizes")
        cut = self.js("""return [...arguments[0].querySelectorAll('.menu-item-title, .menu-title')]
            .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent.trim())""", panel)
        self.assertEqual(cut, [], "no title is cut")
        restore = self.points(self.el('[data-menu-item="restore"] .menu-item-title'))
        self.assertGreater(restore["h"], 2 * 53, "“Restore All Transactions” wraps")
        drawn = self.points(panel)
        frame = float(self.js("return arguments[0].style.maxHeight", panel).replace("px", ""))
        self.assertAlmostEqual(drawn["h"], frame, delta=1, msg="the drawn menu is the server's frame")
        self.assertEqual(self.d.find_elements("css selector", ".menu-panel .menu-check"), [],
                         "nothing is checkable: no checkmark column")
        self.screenshot("text-size-menu-wraps-ax5-iphone")
        # At Large a context menu whose only checkable item is off keeps no column either; a
        # single-selection menu with its choice does.
        self.open("versions", "iphone-16", target_os=18)
        self.hold(self.el('[data-id="photo-1"]'))
        self.wait_for("return document.querySelector('.menu-layer')?.dataset.menuKind === 'context'")
        self.settle()
        self.assertEqual(self.d.find_elements("css selector", ".menu-panel .menu-check"), [])
        title = self.points(self.el('[data-menu-item="favorite"] .menu-item-title'))
        self.assertAlmostEqual(title["x"] - self.points(self.el(".menu-panel"))["x"], 16, delta=1, msg="titles start 16 pt in")
        self.d.find_element("css selector", "[data-menu-backdrop]").click()
        self.settle()
        self.tap('[data-id="sort"]')
        self.assertEqual(len(self.d.find_elements("css selector", ".menu-panel .menu-check")), 3)

    def test_a_symbol_is_drawn_and_a_name_without_a_drawing_is_a_labelled_placeholder(self):
        self.open("studio", "iphone-16")
        # A drawn symbol: our own shapes, in the tint, at 22 pt, with visible strokes.
        glyph = self.el('[data-id="speed"] svg[data-symbol="gauge.with.dots.needle.33percent"]')
        box = self.points(glyph)
        self.assertAlmostEqual(box["w"], 22, delta=0.5)
        self.assertAlmostEqual(box["h"], 22, delta=0.5)
        painted = self.js("""const g = arguments[0], b = g.getBBox();
            return {w: b.width, h: b.height, stroke: getComputedStyle(g.querySelector('path')).stroke,
                    tint: getComputedStyle(g.closest('.device')).getPropertyValue('--tint').trim()}""", glyph)
        self.assertGreater(painted["w"], 12, "the drawing spans most of its box")
        self.assertGreater(painted["h"], 8)
        self.assertEqual(painted["stroke"], "rgb(88, 86, 214)", "stroked in the prototype's tint (#5856D6)")
        # A name the player has no drawing for: a dashed box that shows the name, escaped.
        self.open("hostile", "iphone-16")
        missing = self.el("[data-symbol-missing]")
        self.assertEqual(missing.get_attribute("data-symbol-missing"), "sparkle" + IMG)
        self.assertEqual(missing.get_attribute("role"), "img")
        self.assertIn("sparkle", missing.get_attribute("aria-label"))
        label = self.el("[data-symbol-missing] .symbol-missing-name")
        self.assertTrue(label.text.startswith("sparkle<img"), label.text)
        box = self.points(missing)
        self.assertGreaterEqual(box["w"], 22)
        self.assertGreaterEqual(box["h"], 21)
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).borderTopStyle", missing), "dashed")
        self.assertIsNone(self.js("return window.__pwned || null"), "the name is text, not markup")
        self.screenshot("symbol-placeholder-iphone")

    def test_the_popover_arrow_is_curved_and_the_popover_grows_from_its_tip(self):
        self.open("studio", "ipad-pro-11")
        self.el('[data-id="filter-button"]').click()
        # The popover grows out of the arrow: an animation scaling it up from the arrow's tip.
        growth = self.wait_for("""const a = document.getAnimations().find((a) => a.animationName === 'popover-in');
            if (!a) return null;
            const p = a.effect.target, cs = getComputedStyle(p);
            return {origin: cs.transformOrigin, offset: parseFloat(cs.getPropertyValue('--arrow-offset')),
                    arrow: p.dataset.arrow}""", message="the popover did not animate in")
        self.settle()
        self.assertEqual(growth["arrow"], "up")
        x, y = (float(v.replace("px", "")) for v in growth["origin"].split()[:2])
        self.assertAlmostEqual(x, growth["offset"] + 13, delta=0.5, msg="the origin is the tip, not the centre")
        self.assertAlmostEqual(y, -13, delta=0.5)
        pop = self.layer("filter")
        arrow, box = self.points(pop.find_element("css selector", ".popover-arrow")), self.points(pop)
        self.assertAlmostEqual(box["x"] + x, arrow["x"] + arrow["w"] / 2, delta=0.5)
        self.assertAlmostEqual(box["y"] + y, arrow["y"], delta=0.5)
        # A curved shape, not a square turned into a wedge: concave sides that meet in a round tip.
        shape = pop.find_element("css selector", ".popover-arrow .arrow-fill").get_attribute("d")
        self.assertGreaterEqual(shape.count("C") + shape.count("S"), 3, shape)
        tip = self.js("""const p = arguments[0].querySelector('.popover-arrow .arrow-fill'), n = p.getTotalLength();
            let top = {y: 99};
            for (let i = 0; i <= 200; i++) { const q = p.getPointAtLength(n * i / 200); if (q.y < top.y) top = q; }
            const side = p.getPointAtLength(n * 0.2);
            return {top: [top.x, top.y], side: [side.x, side.y]}""", pop)
        self.assertAlmostEqual(tip["top"][0], 13, delta=0.6, msg="the tip is in the middle of the base")
        self.assertLess(tip["top"][1], 2, "the tip reaches the end of the arrow's box")
        # On a straight wedge the point 20 % along would sit on the line from (0, 13) to (13, 0);
        # a concave side sits below it.
        sx, sy = tip["side"]
        self.assertGreater(sy, 13 - sx + 0.5, "the sides curve in")

    def test_the_presenting_view_scales_back_as_a_card_is_dragged_up(self):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        from selenium.webdriver.common.actions import interaction
        self.open("studio", "iphone-16")
        self.tap('[data-id="new-note"]')
        card = self.layer("note")
        self.assertEqual(card.get_attribute("data-detent"), "medium")
        self.assertEqual(card.get_attribute("data-beneath-push"), "0.92 59", "the push-back at the tallest detent")
        app = self.el(".app-layer")
        scale = lambda: self.js("""const m = new DOMMatrix(getComputedStyle(arguments[0]).transform);
            return {scale: m.a, y: m.f}""", app)
        self.assertEqual(scale()["scale"], 1, "at medium the app only dims")
        grabber = self.el("[data-grabber]")
        r = self.js("const r = arguments[0].getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}", grabber)
        k = self.js("const w = document.querySelector('[data-window]'); return w.getBoundingClientRect().width / w.offsetWidth")
        halfway = (783 - 426) / 2 * k  # half the way from medium (426 pt) to large (783 pt), in CSS px
        pointer = PointerInput(interaction.POINTER_MOUSE, "mouse")
        down = ActionBuilder(self.d, mouse=pointer, duration=16)
        down.pointer_action.move_to_location(int(r["x"]), int(r["y"]))
        down.pointer_action.pointer_down()
        for i in range(1, 9):
            down.pointer_action.move_to_location(int(r["x"]), int(r["y"] - halfway * i / 8))
        down.perform()
        mid = scale()
        # Halfway up, the app is about halfway to its pushed-back pose (0.92, 59 pt down).
        self.assertAlmostEqual(mid["scale"], 0.96, delta=0.012)
        self.assertAlmostEqual(mid["y"], 59 / 2, delta=6)
        up = ActionBuilder(self.d, mouse=pointer, duration=16)
        for i in range(1, 5):
            up.pointer_action.move_to_location(int(r["x"]), int(r["y"] - halfway - halfway * i / 4))
        up.pointer_action.pointer_up()
        up.perform()
        self.settle()
        self.assertEqual(self.state()["stack"][0]["detent"], "large")
        self.assertEqual(self.el(".app-layer").get_attribute("data-behind"), "card")
        end = self.js("return new DOMMatrix(getComputedStyle(document.querySelector('.app-layer')).transform).a")
        self.assertAlmostEqual(end, 0.92, delta=0.001)

    def test_the_iphone_se_status_bar_has_the_home_button_layout(self):
        self.open("studio", "iphone-se-3")
        bar = self.el(".status-bar")
        self.assertEqual(bar.get_attribute("data-status-layout"), "home-button")
        win = self.js("return document.querySelector('.device-screen').getBoundingClientRect().width")
        left = self.js("return document.querySelector('.device-screen').getBoundingClientRect().left")
        where = lambda css: self.js("""const r = document.querySelector(arguments[0]).getBoundingClientRect();
            return (r.left + r.width / 2 - arguments[1]) / arguments[2]""", css, left, win)
        self.assertLess(where(".status-bar .status-signal"), 0.2, "signal bars lead")
        self.assertLess(where(".status-bar .status-wifi"), 0.35, "Wi-Fi leads, after the carrier")
        self.assertAlmostEqual(where(".status-bar .status-time"), 0.5, delta=0.03, msg="the time is centred")
        self.assertGreater(where(".status-bar .status-battery"), 0.85, "the battery trails")
        self.assertEqual(self.el(".status-time").text, "9:41 AM")
        # A notched iPhone keeps every icon at the trailing side.
        self.open("studio", "iphone-16")
        self.assertIsNone(self.el(".status-bar").get_attribute("data-status-layout"))
        self.assertGreater(where(".status-bar .status-signal"), 0.6)
        # An iPad shows the date beside the time, as US English writes them, apart from it in
        # either direction.
        for direction in ("ltr", "rtl"):
            self.open_with("studio", "ipad-pro-11", layoutDirection=direction)
            self.assertEqual(self.js("return document.querySelector('.status-time').firstChild.textContent"), "9:41 AM")
            self.assertEqual(self.el(".status-date").text, "Mon Jun 9")
            time_box = self.js("""const t = document.querySelector('.status-time'), d = t.querySelector('.status-date');
                const r = document.createRange(); r.setStart(t.firstChild, 0); r.setEnd(t.firstChild, t.firstChild.length);
                const a = r.getBoundingClientRect(), b = d.getBoundingClientRect();
                return Math.max(b.left - a.right, a.left - b.right)""")
            self.assertGreater(time_box, 3, f"the date stands apart from the time ({direction})")

    def test_right_to_left_mirrors_leading_and_trailing(self):
        mirrored = lambda el: self.js("return new DOMMatrix(getComputedStyle(arguments[0]).transform).a", el) == -1
        self.open_with("mail", "iphone-16", layoutDirection="rtl")
        win = self.window_points()
        # The trailing Compose button is on the left; list rows' text is right-aligned, their
        # disclosure chevrons on the left and turned.
        compose = self.points(self.el('[data-id="compose"]'))
        self.assertLess(compose["x"] + compose["w"], win["w"] / 2)
        row, title = self.el('[data-id="m1"]'), self.el('[data-id="m1"] .row-title')
        chevron = self.el('[data-id="m1"] .chevron')
        self.assertEqual(self.js("return getComputedStyle(arguments[0]).textAlign", row), "right")
        self.assertGreater(self.points(title)["x"] + self.points(title)["w"], win["w"] - 40, "the title starts at the right")
        self.assertLess(self.points(chevron)["x"], 60)
        self.assertTrue(mirrored(chevron))
        # A pushed screen's back button is on the right, its chevron turned toward the right.
        self.tap('[data-id="m1"]')
        back = self.el(".app-layer [data-back]")
        self.assertGreater(self.points(back)["x"], win["w"] / 2)
        self.assertTrue(mirrored(back.find_element("css selector", ".back-chevron")))
        self.screenshot("rtl-push-iphone")
        # An alert's side-by-side buttons put Cancel on the right.
        self.open_with("studio", "iphone-16", layoutDirection="rtl")
        self.tap('[data-id="rename"]')
        cancel, rename = self.el(".alert-button.cancel"), self.el(".alert-button.bold")
        self.assertGreater(self.points(cancel)["x"], self.points(rename)["x"])
        self.screenshot("rtl-alert-iphone")
        # The English keyboard keeps its QWERTY order: q on the left, return on the right.
        self.wait_for("return document.querySelector('[data-keyboard]')")
        q, p = self.points(self.el('.kb-key[data-key="q"]')), self.points(self.el('.kb-key[data-key="p"]'))
        ret = self.points(self.el('.kb-key[data-key="return"]'))
        self.assertLess(q["x"], p["x"], "q left of p in a right-to-left app")
        self.assertGreater(ret["x"], win["w"] / 2, "return on the right")
        # On iPad, the leading Filter button is on the right and the server's layout (mirrored)
        # puts its popover's source exactly where the button is drawn.
        self.open_with("studio", "ipad-pro-11", layoutDirection="rtl")
        source = self.points(self.el('[data-id="filter-button"]'))
        self.assertGreater(source["x"], self.window_points()["w"] / 2)
        self.tap('[data-id="filter-button"]')
        pop = self.layer("filter")
        x, y, w, h = (float(v) for v in pop.get_attribute("data-source-rect").split())
        self.assertAlmostEqual(x + w / 2, source["x"] + source["w"] / 2, delta=1.5)
        self.assertAlmostEqual(y, source["y"], delta=1.5)
        arrow = self.points(pop.find_element("css selector", ".popover-arrow"))
        self.assertTrue(source["x"] <= arrow["x"] + arrow["w"] / 2 <= source["x"] + source["w"], "the arrow points at it")
        self.screenshot("rtl-popover-ipad")

    def test_dark_mode_draws_ios_dark_colours(self):
        colour = lambda el, prop="backgroundColor": self.js(f"return getComputedStyle(arguments[0]).{prop}", el)
        self.open_with("studio", "iphone-16", appearance="dark")
        device = self.el(".device")
        self.assertEqual(device.get_attribute("data-appearance"), "dark")
        self.assertEqual(colour(device, "colorScheme"), "dark")
        self.assertEqual(colour(self.el(".app-layer .screen-view")), "rgb(0, 0, 0)", "systemGroupedBackground, dark")
        self.assertEqual(colour(self.el('[data-id="flows"]')), "rgb(28, 28, 30)", "a cell: secondarySystemGroupedBackground")
        self.assertEqual(colour(self.el(".app-layer .nav-title"), "color"), "rgb(255, 255, 255)", "label, dark")
        # Presentations in front use the elevated colours; the alert its dark material.
        self.tap('[data-id="rename"]')
        alert = self.el(".alert-box")
        r, g, b = (int(v) for v in colour(alert).split("(")[1].split(",")[:3])
        self.assertLess(max(r, g, b), 80, "a dark alert material")
        self.assertEqual(colour(self.el(".alert-title"), "color"), "rgb(255, 255, 255)")
        self.press_escape_or_cancel()
        self.tap('[data-id="new-note"]')
        self.assertEqual(colour(self.el('.presentation[data-modal="note"] .screen-view')), "rgb(28, 28, 30)",
                         "an elevated sheet: systemGroupedBackground, dark elevated")
        self.screenshot("dark-card-iphone")
        # Light is the default and switches back through the toolbar.
        self.open("studio", "iphone-16")
        self.assertEqual(self.el(".device").get_attribute("data-appearance"), "light")
        self.assertEqual(colour(self.el(".app-layer .screen-view")), "rgb(242, 242, 247)")

    def press_escape_or_cancel(self):
        self.tap(".alert-button.cancel")

    def device_shot(self, name):
        """A picture of the device alone (docs/screenshots/forms/NAME.png when MODALLAB_SCREENSHOTS
        is docs/screenshots)."""
        import base64
        self.settle()
        folder = Harness.shots / "forms"
        folder.mkdir(parents=True, exist_ok=True)
        # The device as drawn (scaled to fit the stage), which an element screenshot would miss.
        r = self.js("""const r = document.querySelector('.device').getBoundingClientRect();
            return {x: r.left, y: r.top, width: r.width, height: r.height, scale: 1}""")
        shot = self.d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": r})
        (folder / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))

    def test_screenshots_of_every_form_light_and_dark_at_two_text_sizes(self):
        # Each form on iPhone and iPad, light and dark, at the default text size and an
        # accessibility size: what a designer compares with iOS.
        forms = [("sheet", "new-note", "note"), ("form-sheet", "settings-button", "settings"),
                 ("full-screen", "open-player", "player"), ("alert", "rename", "rename-alert"),
                 ("action-sheet", "arrange", "arrange-sheet"), ("activity", "share", "share-sheet"),
                 ("popover", "filter-button", "filter")]
        # A taller viewport draws the iPhone at one point per pixel.
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 1200, "height": 1100, "deviceScaleFactor": 1, "mobile": False})
        try:
            for device, short in (("iphone-16", "iphone"), ("ipad-pro-11", "ipad")):
                for appearance in ("light", "dark"):
                    for size, tag in (("large", "default"), ("accessibilityLarge", "ax")):
                        for name, control, modal in forms:
                            with self.subTest(device=device, appearance=appearance, size=size, form=name):
                                self.open_with("studio", device, appearance=appearance, contentSize=size)
                                self.tap(f'[data-id="{control}"]')
                                self.assertEqual(self.stack(), [modal])
                                self.assertEqual(self.el(".device").get_attribute("data-appearance"), appearance)
                                self.assertEqual(self.el(".device").get_attribute("data-content-size"), size)
                                self.device_shot(f"{name}-{short}-{appearance}-{tag}")
        finally:
            self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": False})

def scenarios(suite):
    """The test cases of `suite`, flattened."""
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from scenarios(t)
        else:
            yield t


def scenario_id(test):
    """`Class.test_name`: a scenario's id, for a test case or one of its subtests."""
    test = getattr(test, "test_case", test)
    return test.id().split(".", 1)[1] if test.id().startswith("__main__.") else test.id()


class RecordingResult(unittest.TextTestResult):
    """A text result that also keeps each scenario's outcome: passed, failed (with the first
    failure's traceback, subtests included) or skipped; failures outside any scenario (the
    module's set-up) are kept under "setUpModule"."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = {}

    def _fail(self, test, err):
        key = scenario_id(test) if isinstance(test, unittest.TestCase) else "setUpModule"
        if self.outcomes.get(key, {}).get("status") != "failed":
            self.outcomes[key] = {"status": "failed", "details": self._exc_info_to_string(err, test)}

    def startTest(self, test):
        super().startTest(test)
        self.outcomes.setdefault(scenario_id(test), {"status": "passed"})

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._fail(test, err)

    def addError(self, test, err):
        super().addError(test, err)
        self._fail(test, err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._fail(subtest, err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.outcomes[scenario_id(test)] = {"status": "skipped", "details": reason}



# ---------------------------------------------------------------------------------------------
# Usability studies: a participant link plays its tasks; client events say when and where
# ---------------------------------------------------------------------------------------------

def owner_api(method, path, body=None, headers=None):
    """A request to the server under test with the owner's token (and `headers`): (status, JSON or None)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(Harness.base + path, data=data, method=method, headers={
        "Authorization": f"Bearer {Harness.token}", "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            text = r.read().decode()
            if "ndjson" in r.headers.get("Content-Type", "") or not text.strip().startswith(("{", "[")):
                return r.status, text
            return r.status, json.loads(text)
    except urllib.error.HTTPError as e:
        return e.code, None


def install_prototype(test, doc):
    """Writes `doc` into the served prototypes folder as `<id>.json` and waits (at most 20 s)
    until the server has picked it up."""
    # Atomically, as an editor saves: the server polls the folder, and a half-written file it
    # happened to read first would be served (broken) until its next look.
    path = Harness.protos / f"{doc['id']}.json"
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(doc))
    os.replace(tmp, path)
    end = time.monotonic() + 20
    while owner_api("GET", f"/api/prototypes/{doc['id']}")[0] != 200:
        test.assertLess(time.monotonic(), end, f"the prototype {doc['id']} was not picked up")
        time.sleep(0.05)


class HotReloadTests(PlayerTestCase):
    """A change to the prototype's file reloads the player where the designer was."""

    def write(self, proto):
        path = Harness.protos / "keep.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(proto, indent=1))
        os.replace(tmp, path)  # atomically, as an editor saves

    def wait_reloaded(self):
        self.wait_for("return window.__beforeReload === undefined && "
                      "document.querySelector('.player')?.dataset.ready === 'true'", timeout=30,
                      message="the player did not reload after the file changed")
        self.settle()
        self.js("window.__beforeReload = true")

    def test_a_changed_file_keeps_the_place_and_says_what_no_longer_applies(self):
        proto = json.loads((ROOT / "Templates" / "prototypes" / "mail.json").read_text())
        proto["id"], proto["name"] = "keep", "Keep"
        self.write(proto)
        end = time.monotonic() + 20
        while owner_api("GET", "/api/prototypes/keep")[0] != 200:
            self.assertLess(time.monotonic(), end, "the server did not load keep.json")
            time.sleep(0.05)
        self.open("keep", "iphone-16")
        self.js("window.__beforeReload = true")
        self.tap('[data-id="compose"]')
        self.assertEqual(self.stack(), ["compose"])
        first = self.js("return window.modallab.session")

        proto["name"] = "Keep, renamed"
        self.write(proto)
        self.wait_reloaded()
        self.assertEqual(self.stack(), ["compose"], "the sheet is still up after the reload")
        self.assertTrue(self.layer("compose").is_displayed())
        self.assertNotEqual(self.js("return window.modallab.session"), first, "a new session continues the old one")
        self.assertIn("place is kept", self.el("#action-status").text)

        # The button the sheet came from is renamed: its tap no longer applies, and the status says so.
        proto["screens"][0]["navigationBar"]["trailing"][0]["id"] = "write"
        for task in proto.get("tasks", []):
            task["expectedPath"] = ["write" if step == "compose" else step for step in task["expectedPath"]]
        self.write(proto)
        self.wait_reloaded()
        self.assertEqual(self.stack(), [], "the tap on a control that is gone is dropped")
        status = self.el("#action-status").text
        self.assertIn("no longer apply", status)
        self.assertIn("compose", status)
        self.el('[data-id="write"]')  # the new version is drawn


class StudyTests(PlayerTestCase):
    def setUp(self):
        # The bundled mail prototype with a task, as a study the repository does not contain.
        doc = json.loads((ROOT / "Templates" / "prototypes" / "mail.json").read_text())
        doc["id"] = "study-mail"
        doc["tasks"] = [{"id": "send-new", "prompt": "Send a new message to anyone",
                         "success": {"dismissed": {"modal": "compose", "by": "send"}},
                         "expectedPath": ["compose", "send"]}]
        install_prototype(self, doc)

    def tearDown(self):
        # Back to the owner for the other scenarios.
        self.d.delete_all_cookies()
        self.d.get(Harness.owner_url)

    def test_a_participant_gets_a_prompt_misclicks_succeeds_and_the_events_say_when_and_where(self):
        status, share = owner_api("POST", "/api/shares", {"prototype": "study-mail", "role": "participant",
                                                          "tasks": ["send-new"]})
        self.assertEqual(status, 201, share)
        self.d.delete_all_cookies()  # a participant, not the owner
        self.d.get(share["url"])
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.assertEqual(self.el("[data-study-prompt]").text, "Send a new message to anyone")
        self.assertIn("1", self.el("[data-study-step]").text)
        # The participant sees the app and the task, not the designer's tools.
        for tool in ["#device-select", "#content-size-select", "button[data-orientation]", "[data-board]",
                     "#restart", "#state-json", "#prototype-diagnostics", "#comments-section"]:
            self.assertEqual(self.d.find_elements("css selector", tool), [], tool)
        self.assertTrue(self.el("#home-button").is_displayed())
        self.el("[data-study-start]").click()
        self.wait_for("return document.querySelector('[data-study-give-up]') && !document.querySelector('[data-study-give-up]').hidden")
        self.settle()
        sid = self.js("return window.modallab.session")
        self.assertEqual(self.state()["task"]["id"], "send-new")
        seq_seen = self.state()["seq"]
        # A click on the inbox's empty lower half hits nothing: a misclick.
        win = self.js("const r = document.querySelector('[data-window]').getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}")
        from selenium.webdriver.common.action_chains import ActionChains
        window = self.el("[data-window]")
        ActionChains(self.d).move_to_element_with_offset(window, 0, int(win["h"] / 2 - 120)).click().perform()
        self.settle()
        self.tap('[data-id="compose"]')
        self.tap('.presentation[data-modal="compose"] [data-id="send"]')
        self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.outcome === 'done'",
                      message="the panel did not say the task was done")
        self.assertIsNone(self.state()["task"])
        # The player sends its events within 2 s; the log is polled until the misclick is there.
        end = time.monotonic() + 15
        while True:
            status, text = owner_api("GET", f"/api/logs.ndjson?session={sid}")
            rows = [json.loads(line) for line in (text or "").splitlines() if line.strip()]
            misclicks = [r for r in rows if r["type"] == "misclick"]
            if misclicks:
                break
            self.assertLess(time.monotonic(), end, "no misclick reached the log")
            time.sleep(0.1)
        m = misclicks[0]
        start = next(r for r in rows if r["type"] == "session_start")
        task_start = next(r for r in rows if r["type"] == "task_start")
        compose = next(r for r in rows if r["type"] == "tap" and r["target"] == "compose")
        task_end = next(r for r in rows if r["type"] == "task_end")
        # Where: the screen and modal under the click, the frame the person saw, the task running.
        self.assertEqual((m["screen"], m["modal"], m["task"]), ("inbox", None, "send-new"))
        self.assertEqual(m["state_seq"], seq_seen)
        # When: between the task's start and the next tap, on the session's clock; its ts is the
        # session's start plus t_ms (never later than when it arrived).
        self.assertLessEqual(task_start["t_ms"], m["t_ms"])
        self.assertLessEqual(m["t_ms"], compose["t_ms"])
        def micros(ts):
            from datetime import datetime
            return int(datetime.strptime(ts, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp() * 1_000_000)
        self.assertAlmostEqual(micros(m["ts"]) - micros(start["ts"]), m["t_ms"] * 1000, delta=1000)
        self.assertLessEqual(micros(m["ts"]), micros(compose["ts"]))
        # What: a direct success, and the dismissal names the control that closed the sheet.
        self.assertEqual((task_end["outcome"], task_end["task"]), ("direct", "send-new"))
        dismiss = next(r for r in rows if r["type"] == "dismiss" and r["modal"] == "compose")
        self.assertEqual(dismiss["target"], "send")
        self.assertEqual(self.el("[data-study-step]").text, self.js("return JSON.parse(document.querySelector('[data-strings]').dataset.strings).studyComplete"))
        self.screenshot("study-participant-done")

    def test_on_a_phone_a_participant_answers_the_seq_and_the_sus_and_the_summary_has_them(self):
        # A study that asks: the SEQ and a comment after each task, the SUS at the end.
        doc = json.loads((ROOT / "Templates" / "prototypes" / "mail.json").read_text())
        doc["id"] = "study-asks"
        doc["tasks"] = [{"id": "send-new", "prompt": "Send a new message to anyone",
                         "success": {"dismissed": {"modal": "compose", "by": "send"}},
                         "expectedPath": ["compose", "send"]}]
        doc["questions"] = {"seq": True, "comment": True, "sus": True}
        install_prototype(self, doc)
        status, share = owner_api("POST", "/api/shares", {"prototype": "study-asks", "role": "participant",
                                                          "tasks": ["send-new"]})
        self.assertEqual(status, 201, share)
        self.d.delete_all_cookies()
        # A 390 × 844 phone's viewport.
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
        try:
            self.d.get(share["url"])
            self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
            self.settle()
            self.assertEqual(self.js("return innerWidth"), 390)
            # The prompt and Start are on screen without scrolling; the device fits beside them.
            def on_screen(css):
                return self.js("""const r = document.querySelector(arguments[0]).getBoundingClientRect();
                    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;""", css)
            for css in ["[data-study-prompt]", "[data-study-start]", "[data-window]"]:
                self.assertTrue(on_screen(css), css)
            self.assertEqual(self.js("return document.scrollingElement.scrollHeight <= innerHeight"), True)
            # Nothing is asked before the task.
            self.assertFalse(self.el("[data-study-after-task]").is_displayed())
            self.assertFalse(self.el("[data-study-sus]").is_displayed())
            self.screenshot("study-phone-task")
            self.el("[data-study-start]").click()
            self.wait_for("return !document.querySelector('[data-study-give-up]').hidden")
            self.settle()
            self.assertTrue(on_screen("[data-study-give-up]"))
            self.tap('[data-id="compose"]')
            self.tap('.presentation[data-modal="compose"] [data-id="send"]')
            self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.asking === 'task'",
                          message="the panel did not ask about the task")
            # The SEQ by keyboard: focus is on the scale, arrows move along it (6 = one left of 7).
            from selenium.webdriver.common.keys import Keys
            form = self.el("[data-study-after-task]")
            self.assertIn("how difficult or easy", form.find_element("css selector", "legend").text)
            first = self.js("return document.activeElement.name + '=' + document.activeElement.value")
            self.assertEqual(first, "seq=1")
            active = self.d.switch_to.active_element
            for _ in range(5):
                active.send_keys(Keys.ARROW_RIGHT)
                active = self.d.switch_to.active_element
            self.assertEqual(self.js("return document.querySelector('input[name=seq]:checked')?.value"), "6")
            form.find_element("css selector", "textarea").send_keys("Alex Kim was quick")
            self.el("[data-study-continue]").click()
            # The SUS: Brooke's ten items, answered 4 2 4 1 5 2 4 2 5 1 (a score of 85).
            self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.asking === 'sus'")
            answers = [4, 2, 4, 1, 5, 2, 4, 2, 5, 1]
            self.assertIn("use this system frequently", self.el('[data-sus-item="1"] legend').text)
            for n, a in enumerate(answers, 1):
                label = self.el(f'input[name="sus{n}"][value="{a}"]').find_element("xpath", "..")
                self.js("arguments[0].scrollIntoView({block: 'nearest'})", label)
                label.click()
            self.el("[data-study-sus-submit]").click()
            self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.complete === 'true'")
            self.settle()
            sid = self.js("return window.modallab.session")
            end = time.monotonic() + 15
            while True:
                status, summary = owner_api("GET", "/api/logs/summary.json?prototype=study-asks")
                sessions = [x for x in summary["sessions"] if x["session"] == sid]
                if sessions and sessions[0]["sus_score"] is not None:
                    break
                self.assertLess(time.monotonic(), end, "the answers did not reach the summary")
                time.sleep(0.1)
            task = next(t for t in summary["tasks"] if t["task"] == "send-new")
            self.assertEqual((task["seq_answers"], task["seq_mean"]), (1, 6))
            self.assertEqual(sessions[0]["sus_score"], 85)
            self.assertEqual(summary["sus"]["mean"], 85)
            # The comment's words are nowhere in the log: its length is.
            status, text = owner_api("GET", f"/api/logs.ndjson?session={sid}")
            self.assertNotIn("Alex Kim", text)
            comment = next(json.loads(l) for l in text.splitlines() if '"comment"' in l and '"answer"' in l)
            self.assertEqual(comment["props"]["length"], len("Alex Kim was quick"))
            self.screenshot("study-phone-answered")
        finally:
            self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


class StudyLinkTests(PlayerTestCase):
    """Links made, previewed, run and revoked in the UI (docs/studies.md): the gallery's Links
    dialog makes a participant link with a label, fixed device and the browser's appearance;
    its address is copied; the owner's preview is not logged; a participant with a pid runs the
    tasks, reloads and goes on in the same session; the dialog revokes the link."""

    def setUp(self):
        # The bundled mail prototype's tasks under another id, so that its log is this test's alone.
        doc = json.loads((ROOT / "Templates" / "prototypes" / "mail.json").read_text())
        doc["id"], doc["name"] = "study-links", "Study links"
        install_prototype(self, doc)

    def tearDown(self):
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "light"}]})
        self.d.delete_all_cookies()
        self.d.get(Harness.owner_url)

    def rows(self):
        status, text = owner_api("GET", "/api/logs.ndjson?prototype=study-links&audience=all")
        self.assertEqual(status, 200)
        return [json.loads(line) for line in (text or "").splitlines() if line.strip()]

    def send_a_message(self):
        """Starts the first task and does it: Compose, then Send, until the panel says done."""
        self.el("[data-study-start]").click()
        self.wait_for("return !document.querySelector('[data-study-give-up]').hidden")
        self.settle()
        self.tap('[data-id="compose"]')
        self.tap('.presentation[data-modal="compose"] [data-id="send"]')
        self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.outcome === 'done'")

    def open_dialog(self):
        self.d.get(Harness.base + "/")
        opener = self.el('[data-share-open="study-links"]')
        self.assertEqual(opener.get_attribute("aria-haspopup"), "dialog")
        opener.click()
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"]').open")
        # The list is loaded from GET /api/shares once the dialog opens.
        self.wait_for("const d = document.querySelector('dialog[data-share-manager=\"study-links\"]');"
                      "return !d.querySelector('[data-share-list]').hidden || !d.querySelector('[data-share-none]').hidden")
        return self.el('dialog[data-share-manager="study-links"]')

    def test_a_link_is_made_copied_previewed_run_and_revoked_in_the_ui(self):
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import Select
        self.d.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": Harness.base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        dialog = self.open_dialog()
        # Made by keyboard: the role, a label, the device fixed, the appearance left to the browser.
        role = dialog.find_element("css selector", "[data-share-role]")
        Select(role).select_by_value("participant")
        self.assertTrue(dialog.find_element("css selector", "[data-share-participant]").is_displayed())
        tasks = [e.get_attribute("value") for e in dialog.find_elements("css selector", 'input[name="task"]:checked')]
        self.assertEqual(tasks, ["send-draft", "share-inbox"])
        label = dialog.find_element("css selector", "[data-share-label]")
        label.send_keys("Round UI")
        Select(dialog.find_element("css selector", "[data-share-order]")).select_by_value("fixed")
        Select(dialog.find_element("css selector", '[data-share-fixed="device"]')).select_by_value("iphone-16")
        self.assertEqual(Select(dialog.find_element("css selector", '[data-share-fixed="appearance"]'))
                         .first_selected_option.get_attribute("value"), "")
        label.send_keys(Keys.ENTER)
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"] [data-share-url]').value.startsWith('http')",
                      message="the new link's address was not shown")
        url = dialog.find_element("css selector", "[data-share-url]").get_attribute("value")
        self.assertIn("/s/", url)
        dialog.find_element("css selector", "[data-share-copy]").click()
        copied = self.js("return JSON.parse(document.querySelector('[data-strings]').dataset.strings).shareCopied")
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"] [data-share-status]').textContent === arguments[0]",
                      copied, message="Copy did not say it copied")
        self.assertEqual(self.d.execute_async_script(
            "navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))"), url)
        # Listed with its label, role and state; Preview and Revoke are named by the label.
        row = self.wait_for("return [...document.querySelectorAll('dialog[data-share-manager=\"study-links\"] tr[data-share-id]')]"
                            ".find((r) => r.querySelector('[data-cell=label]').textContent === 'Round UI')")
        self.assertEqual(row.get_attribute("data-state"), "active")
        # What it gives its participants: the device fixed, by the name the dialog's (and the
        # player's) device menu gives it; the appearance the participant's browser's, the rest
        # the prototype's defaults (a participant has no menus); the order chosen.
        strings = self.js("return JSON.parse(document.querySelector('[data-strings]').dataset.strings)")
        device = dialog.find_element("css selector", '[data-share-fixed="device"] option[value="iphone-16"]').text
        self.assertEqual(device, "iPhone 16")
        self.assertEqual(row.find_element("css selector", "[data-cell=fixes]").text,
                         " · ".join([device, strings["shareFixesBrowserAppearance"], strings["shareFixesRest"],
                                     strings["shareFixesOrderFixed"]]))
        self.assertEqual(row.find_element("css selector", "[data-cell=fixes]").text,
                         "iPhone 16 · appearance: the participant's browser's setting · "
                         "other settings: the prototype's defaults · tasks in the order listed")
        # A menu's choice that fixes nothing names the prototype's default, not the participant.
        self.assertEqual(self.js("return arguments[0].options[0].text",
                                 dialog.find_element("css selector", '[data-share-fixed="orientation"]')),
                         "The prototype's default: Portrait")
        preview = row.find_element("css selector", "[data-share-preview]")
        self.assertIn("Round UI", preview.get_attribute("aria-label"))
        status, links = owner_api("GET", "/api/shares")
        link = next(l for l in links if l["label"] == "Round UI")
        self.assertEqual((link["role"], link["tasks"], link["taskOrder"], link["fixed"]),
                         ("participant", ["send-draft", "share-inbox"], "fixed", {"device": "iphone-16"}))
        self.screenshot_now("study-links-dialog")

        href = preview.get_attribute("href")
        # The player's toolbar opens the same dialog, listing the link.
        self.open("study-links", "iphone-16")
        self.el('.player-toolbar [data-share-open="study-links"]').click()
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"]').open && "
                      "[...document.querySelectorAll('dialog[data-share-manager=\"study-links\"] [data-cell=label]')]"
                      ".some((c) => c.textContent === 'Round UI')", message="the player's Links dialog did not list the link")
        self.d.find_element("css selector", 'dialog[data-share-manager="study-links"] [data-share-close]').click()
        self.wait_for("return !document.querySelector('dialog[data-share-manager=\"study-links\"]').open")
        self.d.get(Harness.base + "/")  # the player's page goes away before the log is read

        # The preview: the participant's page with its banner, played through, and nothing logged.
        self.assertTrue(href.endswith(f"/p/study-links?preview={link['id']}"), href)
        self.d.get(href)
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.assertIn("Round UI", self.el("[data-preview-banner]").text)
        self.assertEqual(self.d.find_elements("css selector", "#restart"), [])
        self.assertEqual(self.state()["device"], "iphone-16")
        self.send_a_message()
        self.d.get(Harness.base + "/")  # the preview's page goes away (its DELETE is not logged either)
        self.assertEqual([r for r in self.rows() if r["audience"] != "owner"], [], "a preview logs nothing")
        self.assertEqual([r["type"] for r in self.rows() if r["type"] in ("task_start", "task_end")], [],
                         "the preview's task is nowhere in the log")

        # A participant, with a pid, in a browser set to dark.
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark"}]})
        self.d.delete_all_cookies()
        self.d.get(url + "?pid=P42")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.assertIn("/p/study-links?pid=P42", self.d.current_url)
        self.assertEqual((self.state()["device"], self.state()["appearance"]), ("iphone-16", "dark"))
        self.assertEqual(self.d.find_elements("css selector", "[data-preview-banner]"), [])
        sid = self.js("return window.modallab.session")
        viewport = self.js("return {width: innerWidth, height: innerHeight}")
        self.send_a_message()
        # Reopening the link with the same pid goes on in the same session, at task 2.
        self.d.get(url + "?pid=P42")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.assertEqual(self.js("return window.modallab.session"), sid)
        self.assertEqual(self.el("[data-study-panel]").get_attribute("data-task"), "share-inbox")
        self.assertIn("2", self.el("[data-study-step]").text)
        self.el("[data-study-start]").click()
        self.wait_for("return !document.querySelector('[data-study-give-up]').hidden")
        self.settle()
        self.tap('[data-id="share-button"]')
        self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.complete === 'true'",
                      message="the second task did not end the study")
        rows = self.rows()
        starts = [r for r in rows if r["type"] == "session_start"]
        self.assertEqual([r["session"] for r in starts if r["audience"] != "owner"], [sid],
                         "one participant session: the preview's is not logged")
        start = next(r for r in starts if r["session"] == sid)
        self.assertEqual((start["pid"], start["share_label"], start["audience"]), ("P42", "Round UI", "participant"))
        self.assertEqual(start["props"]["browser"], "Chrome")
        self.assertEqual(start["props"]["viewport"], viewport)
        self.assertEqual(start["appearance"], "dark")
        ends = [(r["task"], r["outcome"]) for r in rows if r["type"] == "task_end"]
        self.assertEqual(ends, [("send-draft", "direct"), ("share-inbox", "direct")])

        # Revoked in the dialog, after its question: the link opens nothing any more.
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "light"}]})
        self.d.delete_all_cookies()
        self.d.get(Harness.owner_url)
        # P42's page has gone, so their session has ended; another participant is mid-study.
        end = time.monotonic() + 15
        while not [r for r in self.rows() if r["type"] == "session_end" and r["session"] == sid]:
            self.assertLess(time.monotonic(), end, "leaving the page did not end P42's session")
            time.sleep(0.1)
        token = url.rsplit("/s/", 1)[1]
        other = urllib.request.Request(Harness.base + "/api/sessions", method="POST",
                                       data=json.dumps({"prototype": "study-links", "pid": "P43"}).encode(), headers={
            "Cookie": f"modallab_share_{Harness.base.rsplit(':', 1)[1]}={token}", "Origin": Harness.base,
            "Content-Type": "application/json"})
        with urllib.request.urlopen(other, timeout=10) as r:
            self.assertEqual(r.status, 201)
        dialog = self.open_dialog()
        revoke = self.wait_for("return [...document.querySelectorAll('dialog[data-share-manager=\"study-links\"] [data-share-revoke]')]"
                               ".find((b) => b.getAttribute('aria-label').includes('Round UI'))")
        # Revoke asks first, naming the link and the one session that would end; Cancel is
        # focused, and cancelling keeps the link and its session.
        revoke.send_keys(Keys.ENTER)
        question = self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"] dialog[data-share-confirm]')?.open"
                                 " && document.querySelector('dialog[data-share-manager=\"study-links\"] dialog[data-share-confirm]')",
                                 message="Revoke did not ask first")
        self.assertEqual(question.find_element("css selector", "[data-share-confirm-heading]").text, "Revoke Round UI?")
        self.assertEqual(question.find_element("css selector", "[data-share-confirm-text]").text,
                         strings["shareRevokeConfirmOne"])
        self.assertTrue(self.js("return document.activeElement === arguments[0]",
                                question.find_element("css selector", "[data-share-confirm-cancel]")),
                        "Cancel is not focused first")
        self.screenshot_now("study-links-revoke-question")
        self.d.switch_to.active_element.send_keys(Keys.ENTER)
        self.wait_for("return !document.querySelector('dialog[data-share-manager=\"study-links\"] dialog[data-share-confirm]').open")
        self.assertTrue(self.js("return document.querySelector('dialog[data-share-manager=\"study-links\"]').open"),
                        "cancelling closed the links dialog too")
        self.assertEqual(dialog.find_element("css selector", "[data-share-status]").text, "Round UI was not revoked.")
        status, links = owner_api("GET", "/api/shares")
        kept = next(l for l in links if l["label"] == "Round UI")
        self.assertEqual((kept["active"], kept["revokedAt"], kept["sessionsRunning"]), (True, None, 1))
        with urllib.request.urlopen(urllib.request.Request(Harness.base + "/p/study-links", headers={
                "Cookie": other.get_header("Cookie")}), timeout=10) as r:
            self.assertEqual(r.status, 200, "a link kept still opens its player")
        # Escape keeps it too.
        revoke.send_keys(Keys.ENTER)
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"] dialog[data-share-confirm]').open")
        self.d.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait_for("return !document.querySelector('dialog[data-share-manager=\"study-links\"] dialog[data-share-confirm]').open")
        self.assertTrue(next(l for l in owner_api("GET", "/api/shares")[1] if l["label"] == "Round UI")["active"])
        # Yes: revoked, and its session ended.
        revoke.send_keys(Keys.ENTER)
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"] dialog[data-share-confirm]').open")
        question.find_element("css selector", "[data-share-confirm-revoke]").click()
        self.wait_for("return [...document.querySelectorAll('dialog[data-share-manager=\"study-links\"] tr[data-share-id]')]"
                      ".some((r) => r.querySelector('[data-cell=label]').textContent === 'Round UI' && r.dataset.state === 'revoked')",
                      message="the list did not show the link revoked")
        try:
            with urllib.request.urlopen(urllib.request.Request(url), timeout=10) as r:
                self.fail(f"a revoked link answered {r.status}")
        except urllib.error.HTTPError as e:
            self.assertEqual(e.code, 404)
        # The participant was through, so leaving the page ended the session: once.
        self.assertEqual(len([r for r in self.rows() if r["type"] == "session_end" and r["session"] == sid]), 1)

    def test_a_comment_links_preview_keeps_no_comment(self):
        from selenium.webdriver.common.action_chains import ActionChains
        status, made = owner_api("POST", "/api/shares", {"prototype": "study-links", "role": "comment", "label": "Reviewers"})
        self.assertEqual(status, 201, made)
        self.d.get(f"{Harness.base}/p/study-links?preview={made['id']}")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.assertIn("Reviewers", self.el("[data-preview-banner]").text)
        self.el("#comment-mode").click()
        ActionChains(self.d).move_to_element_with_offset(self.el('[data-id="compose"]'), 2, 2).click().perform()
        self.wait_for("return document.querySelector('.comment-form textarea')")
        self.el(".comment-form textarea").send_keys("Preview only")
        self.el(".comment-form button[type=submit]").click()
        not_saved = self.js("return JSON.parse(document.querySelector('[data-strings]').dataset.strings).commentPreviewNotSaved")
        self.wait_for("return document.getElementById('action-status')?.textContent === arguments[0]", not_saved,
                      message="the page did not say the comment was not saved")
        self.wait_for("return document.querySelectorAll('.comment-pin').length === 1",
                      message="the previewed comment is shown on the page")
        status, comments = owner_api("GET", "/api/comments?prototype=study-links")
        self.assertEqual((status, comments), (200, []), "a preview saves no comment")
        self.assertEqual([r for r in self.rows() if r["type"] == "comment"], [], "nor logs one")

    def test_a_participant_whose_link_is_revoked_is_told_so(self):
        status, made = owner_api("POST", "/api/shares", {"prototype": "study-links", "role": "participant",
                                                         "label": "Revoked mid-task", "tasks": ["send-draft"]})
        self.assertEqual(status, 201, made)
        self.d.delete_all_cookies()
        self.d.get(made["url"] + "?pid=P51")
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.el("[data-study-start]").click()
        self.wait_for("return !document.querySelector('[data-study-give-up]').hidden")
        self.settle()
        # The owner revokes the link while the participant is in a task: their next tap is
        # refused, and the study panel (a participant sees no status line) says why.
        self.assertEqual(owner_api("DELETE", f"/api/shares/{made['id']}")[0], 204)
        self.tap('[data-id="compose"]')
        self.wait_for("return document.querySelector('[data-study-panel]')?.dataset.stopped === 'true'",
                      message="the participant was not told the link stopped working")
        self.assertIn("no longer works", self.el("[data-study-step]").text)
        self.assertFalse(self.el("[data-study-give-up]").is_displayed())
        self.assertTrue(self.js("return document.getElementById('stage').inert"), "the device still takes taps")

    def test_text_sizes_are_named_in_the_player_and_the_links_dialog(self):
        from selenium.webdriver.support.ui import Select
        # The player's text-size menu names each size as a person reads it (UIKit's
        # UIContentSizeCategory constants' words), not by the API's value.
        self.open("study-links", "iphone-16")
        menu = Select(self.el("#content-size-select"))
        self.assertEqual(menu.first_selected_option.text, "Large (default)")
        self.assertEqual([o.text for o in menu.options][:4], ["Extra Small", "Small", "Medium", "Large (default)"])
        self.assertNotIn("accessibilityLarge", [o.text for o in menu.options])
        menu.select_by_visible_text("Accessibility Large")
        self.settle()
        self.wait_for("return window.modallab.state?.contentSize === 'accessibilityLarge'",
                      message="choosing Accessibility Large did not change the text size")
        self.assertEqual(Select(self.el("#content-size-select")).first_selected_option.text, "Accessibility Large")
        # The links dialog's menu and its list use the same names.
        status, made = owner_api("POST", "/api/shares", {"prototype": "study-links", "role": "participant",
                                                         "label": "Big text", "tasks": ["send-draft"],
                                                         "contentSize": "accessibilityMedium"})
        self.assertEqual(status, 201, made)
        dialog = self.open_dialog()
        # (the participant's part of the form is hidden until that role is chosen: read the words)
        options = self.js("return [...arguments[0].options].map((o) => o.textContent.trim())",
                          dialog.find_element("css selector", '[data-share-fixed="contentSize"]'))
        self.assertEqual(options[0], "The prototype's default: Large (default)")
        self.assertEqual(options[-1], "Accessibility Extra Extra Extra Large")
        row = self.wait_for("return [...document.querySelectorAll('dialog[data-share-manager=\"study-links\"] tr[data-share-id]')]"
                            ".find((r) => r.querySelector('[data-cell=label]').textContent === 'Big text')")
        self.assertIn("text size Accessibility Medium", row.find_element("css selector", "[data-cell=fixes]").text)
        self.assertNotIn("accessibilityMedium", row.find_element("css selector", "[data-cell=fixes]").text)
        # A link with one of the prototype's two tasks says which.
        self.assertEqual(row.find_element("css selector", "[data-cell=fixes]").text,
                         "text size Accessibility Medium · appearance: the participant's browser's setting · "
                         "other settings: the prototype's defaults · only 1 of the 2 tasks: send-draft · "
                         "tasks in the prototype's order")

    def test_a_link_that_asks_for_the_pid_asks_before_the_study(self):
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import Select
        # Made in the dialog with "Ask each participant for their participant ID" ticked.
        dialog = self.open_dialog()
        Select(dialog.find_element("css selector", "[data-share-role]")).select_by_value("participant")
        dialog.find_element("css selector", "[data-share-label]").send_keys("Asks pid")
        dialog.find_element("css selector", "[data-share-ask-pid]").click()
        dialog.find_element("css selector", "[data-share-create]").click()
        self.wait_for("return document.querySelector('dialog[data-share-manager=\"study-links\"] [data-share-url]').value.startsWith('http')",
                      message="the new link's address was not shown")
        url = dialog.find_element("css selector", "[data-share-url]").get_attribute("value")
        status, links = owner_api("GET", "/api/shares")
        self.assertTrue(next(l for l in links if l["label"] == "Asks pid")["askPid"])
        # The participant opens it without a pid: the form, focused, and no session yet.
        self.d.delete_all_cookies()
        self.d.get(url)
        field = self.wait_for("return document.querySelector('[data-study-pid-input]')", timeout=30)
        self.wait_for("return document.activeElement === document.querySelector('[data-study-pid-input]')",
                      message="the participant id field was not focused")
        self.assertEqual(self.el("label:has([data-study-pid-input])").text.strip(), "Participant ID")
        self.assertFalse(self.el("[data-study-panel]").is_displayed())
        self.assertEqual(self.js("return document.querySelector('.player').dataset.ready"), "starting")
        self.assertIsNone(self.js("return window.modallab.session ?? null"))
        # A malformed id is refused with its reason, by keyboard.
        field.send_keys("Alex Kim", Keys.ENTER)
        self.wait_for("return document.querySelector('[data-study-pid-error]').textContent.length > 0")
        self.assertEqual(field.get_attribute("aria-invalid"), "true")
        field.clear()
        field.send_keys("P9", Keys.ENTER)
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.settle()
        self.assertIn("pid=P9", self.d.current_url)
        self.assertFalse(self.el("[data-study-pid]").is_displayed())
        self.assertTrue(self.el("[data-study-panel]").is_displayed())
        sid = self.js("return window.modallab.session")
        self.send_a_message()
        start = next(r for r in self.rows() if r["type"] == "session_start" and r["session"] == sid)
        self.assertEqual((start["pid"], start["share_label"]), ("P9", "Asks pid"))
        self.assertNotIn("Alex", json.dumps(self.rows()), "what was typed into the field is not logged")
        # Reopened with the pid the page put on the address: the same session, no question.
        self.d.get(self.d.current_url)
        self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
        self.assertEqual(self.d.find_elements("css selector", "[data-study-pid]"), [])
        self.assertEqual(self.js("return window.modallab.session"), sid)


class ReplayTests(PlayerTestCase):
    """The replay page loads a session progressively (NDJSON, a step's change at a time, the
    next answer when the viewer gets near the end of what is loaded) and the watch page follows
    a running session."""

    def session_with_a_long_draft_and_refused_taps(self, typed, taps):
        status, started = owner_api("POST", "/api/sessions", {"prototype": "mail", "device": "iphone-16"})
        self.assertEqual(status, 201, started)
        sid = started["session"]
        self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/actions", {"type": "tap", "target": "compose"})[0], 200)
        self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/actions",
                                   {"type": "edit", "target": "to", "value": typed})[0], 200)
        for _ in range(taps):
            # Covered by the sheet: refused, logged, and nothing drawn changes.
            self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/actions",
                                       {"type": "tap", "target": "delete-all"})[0], 409)
        return sid

    def test_a_replay_loads_progressively_and_scrubs_through_refused_taps(self):
        typed = "draft " * 4000
        taps = 40
        sid = self.session_with_a_long_draft_and_refused_taps(typed, taps)
        total = 2 + taps
        # Small answers (1 KiB): the page starts with the first, and asks for the next ones
        # only as the viewer moves on.
        self.d.get(f"{Harness.base}/p/mail/sessions/{sid}?bytes=1024")
        self.wait_for("return document.querySelector('[data-replay]')?.dataset.ready === 'true'", timeout=30)
        self.wait_for("return Number(document.querySelector('[data-replay]').dataset.loaded) > 0")
        root = "document.querySelector('[data-replay]')"
        self.assertNotEqual(self.js(f"return {root}.dataset.complete"), "true")
        self.assertLess(int(self.js(f"return {root}.dataset.loaded")), total)
        self.assertEqual(int(self.js("return Number(document.querySelector('[data-replay-scrubber]').max)")), total)
        # The start: the inbox, no sheet.
        self.assertEqual(self.d.find_elements("css selector", '[data-replay-stage] .presentation[data-modal="compose"]'), [])
        # Step 2, the edit: the draft is drawn in its field.
        self.scrub(2)
        self.wait_for(f"return {root}.dataset.current === '2'")
        value = self.js("return document.querySelector('[data-replay-stage] [data-id=\"to\"] input, [data-replay-stage] [data-id=\"to\"]')?.value ?? document.querySelector('[data-replay-stage] [data-id=\"to\"]')?.textContent")
        # The log keeps typed text by its length: the replay types as many placeholders.
        self.assertIn("*" * 100, value or "")
        self.assertNotIn("draft", value or "", "a replay never shows what was typed")
        # The last step: loaded on the way there, a refused tap over the same frame.
        self.scrub(total)
        self.wait_for(f"return {root}.dataset.current === '{total}'", timeout=30,
                      message="the last step never arrived")
        self.wait_for(f"return {root}.dataset.complete === 'true'", timeout=30)
        self.assertEqual(int(self.js(f"return {root}.dataset.loaded")), total)
        self.assertIn("stack.presenter-visible", self.el("[data-replay-action]").text)
        self.assertTrue(self.d.find_elements("css selector", '[data-replay-stage] .presentation[data-modal="compose"]'))
        self.assertIn(f"{total}", self.el("[data-replay-position]").text)
        self.d.save_screenshot(str(Harness.shots / "replay-progressive.png"))

    def scrub(self, step):
        self.js("const s = document.querySelector('[data-replay-scrubber]'); s.value = String(arguments[0]);"
                " s.dispatchEvent(new Event('input'));", step)

    def test_a_watcher_sees_each_new_frame_and_the_end(self):
        status, started = owner_api("POST", "/api/sessions", {"prototype": "mail", "device": "iphone-16"})
        self.assertEqual(status, 201, started)
        sid = started["session"]
        self.d.get(f"{Harness.base}/p/mail/sessions/{sid}/watch")
        stage = "document.querySelector('[data-watch-stage]')"
        self.wait_for(f"return Number({stage}.dataset.frames) >= 1", timeout=30)
        self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/actions", {"type": "tap", "target": "compose"})[0], 200)
        self.wait_for(f"return {stage}.querySelector('.presentation[data-modal=\"compose\"]') !== null",
                      message="the watcher did not see the sheet")
        # One step is counted in the singular, as the misclicks are.
        self.wait_for("return document.querySelector('[data-watch-live]').textContent === '1 step · 0 misclicks'",
                      message="one step should read '1 step'")
        frames = int(self.js(f"return Number({stage}.dataset.frames)"))
        self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/actions",
                                   {"type": "edit", "target": "to", "value": "Alex"})[0], 200)
        self.wait_for(f"return Number({stage}.dataset.frames) > {frames}")
        self.wait_for(f"return {stage}.dataset.seq === '2'")
        # The sheet is still drawn: a frame without `html` keeps the one shown.
        self.assertTrue(self.d.find_elements("css selector", '[data-watch-stage] .presentation[data-modal="compose"]'))
        # The header counts the steps live (it said 0 steps before), and names a running task.
        self.wait_for("return document.querySelector('[data-watch-live]').dataset.steps === '2'",
                      message="the live step count did not follow")
        self.assertEqual(self.el("[data-watch-live]").text, "2 steps · 0 misclicks")
        self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/actions", {"type": "taskStart", "task": "send-draft"})[0], 200)
        self.wait_for("return document.querySelector('[data-watch-live]').textContent === '3 steps · 0 misclicks · task send-draft'",
                      message="the watcher did not see the task")
        # A misclick (a client event, which draws no frame) is counted live; a retried batch is not new.
        misclick = {"events": [{"event_id": "watch-miss-1", "type": "misclick", "t_ms": 1, "x": 20, "y": 400,
                                "screen": "inbox", "modal": "compose", "state_seq": 3}]}
        for _ in range(2):
            self.assertEqual(owner_api("POST", f"/api/sessions/{sid}/events", misclick)[0], 200)
        self.wait_for("return document.querySelector('[data-watch-live]').textContent === '3 steps · 1 misclick · task send-draft'",
                      message="the watcher did not see the misclick")
        # The header keeps what doesn't change: no step count there to contradict the live line.
        self.assertEqual(self.el(".site-header p").text, "iPhone 16, Portrait")
        self.assertEqual(owner_api("DELETE", f"/api/sessions/{sid}")[0], 204)
        self.wait_for("return document.querySelector('[data-watch]').dataset.ended === 'true'",
                      message="the watcher was not told the session ended")



# ---------------------------------------------------------------------------------------------
# Image screens: a designer's exported frames with hotspots (issue 26)
# ---------------------------------------------------------------------------------------------

class ImageScreenTests(PlayerTestCase):
    @classmethod
    def setUpClass(cls):
        # Uploaded through the API, as the editor will: 1179 × 3600 px at 3× is 393 × 1200 pt.
        light, dark = (246, 246, 248), (18, 18, 20)
        band = (300 * 3, 350 * 3, (0, 122, 255))
        assets = {"home@3x.png": png_bytes(1179, 3600, light, [band]),
                  "home-dark@3x.png": png_bytes(1179, 3600, dark, [band]),
                  "art@2x.png": png_bytes(200, 100, (255, 149, 0))}
        for name, data in assets.items():
            req = urllib.request.Request(f"{Harness.base}/api/prototypes/frames/assets/{name}", data=data,
                                         method="PUT", headers={"Authorization": f"Bearer {Harness.token}"})
            with urllib.request.urlopen(req, timeout=30) as r:
                assert r.status in (200, 201), r.status

    def picture(self):
        self.wait_for("const i = document.querySelector('.screen-image > img');"
                      " return i && i.complete && i.naturalWidth > 0", message="the screen's image did not load")
        return self.el(".screen-image > img")

    def test_an_image_screen_with_hotspots_presents_uikits_modals(self):
        for device in ("iphone-16", "ipad-pro-11"):
            for appearance in ("light", "dark"):
                with self.subTest(device=device, appearance=appearance):
                    self.open_with("frames", device, appearance=appearance)
                    img = self.picture()
                    source = img.get_attribute("currentSrc")
                    self.assertEqual("home-dark@3x.png" in source, appearance == "dark", source)
                    r = self.points(img)
                    self.assertAlmostEqual(r["w"], 393, delta=0.5, msg="1179 px at 3× is 393 pt")
                    self.assertAlmostEqual(r["h"], 1200, delta=0.5)
                    self.assertAlmostEqual(r["x"], 0, delta=0.5)
                    self.assertAlmostEqual(r["y"], 0, delta=0.5, msg="drawn from the screen's top-left corner")
                    compose = self.points(self.el('[data-id="compose"]'))
                    self.assertEqual([round(compose[k]) for k in ("x", "y", "w", "h")], [329, 62, 44, 44],
                                     "the hotspot where the layout put it, over the picture")
                    self.screenshot(f"image-screen-{device}-{appearance}")
                    # A hotspot presents a page sheet with its detents, as UIKit does.
                    self.tap('[data-id="compose"]')
                    self.assertEqual(self.stack(), ["editor"])
                    sheet = self.layer("editor")
                    self.assertEqual(sheet.get_attribute("data-form"),
                                     "card" if device == "iphone-16" else "centered")
                    if device == "iphone-16":
                        self.assertEqual(sheet.get_attribute("data-detent"), "medium")
                    art = sheet.find_element("css selector", '[data-id="art"] img')
                    self.wait_for("return arguments[0].complete && arguments[0].naturalWidth > 0", art)
                    self.tap('[data-id="cancel"]')
                    self.assertEqual(self.stack(), [])
                    # An action sheet from a hotspot: a popover anchored on it on iPad, from the
                    # bottom on iPhone.
                    self.tap('[data-id="share"]')
                    self.assertEqual(self.stack(), ["choices"])
                    layer = self.layer("choices")
                    if device == "ipad-pro-11":
                        self.assertEqual(layer.get_attribute("data-form"), "popover")
                        self.assertEqual(layer.get_attribute("data-source"), "share")
                        x, y, w, h = (float(v) for v in layer.get_attribute("data-source-rect").split())
                        self.assertEqual((x, y, w, h), (20, 300, 160, 50), "the hotspot's rect, from the layout")
                        box = self.points(layer)
                        self.assertTrue(box["y"] >= 350 or box["y"] + box["h"] <= 300,
                                        "the popover sits above or below its hotspot")
                    else:
                        self.assertEqual(layer.get_attribute("data-form"), "actionSheet")
                    self.screenshot(f"image-screen-{device}-{appearance}-share")
class ImageVariantTests(PlayerTestCase):
    """Per-device pictures of an image screen (issue 26): the iPhone draws the screen's own
    picture, the iPad its family's variant at 2× with the hotspot where that picture has it; and
    a replay shows a picture scrolled as it was when it was tapped, the tap's dot on the hotspot."""

    DOC = {
        "format": "modallab/1", "id": "variants", "name": "Variants", "devices": ["iphone-16", "ipad-pro-11"],
        "start": "home",
        "screens": [{"id": "home", "title": "Home",
                     "image": {"asset": "home@3x.png", "variants": [
                         {"family": "iPad", "asset": "home-ipad@2x.png",
                          "frames": {"compose": {"x": 770, "y": 30, "width": 44, "height": 44}}}]},
                     "hotspots": [
                         {"id": "compose", "frame": {"x": 329, "y": 62, "width": 44, "height": 44},
                          "action": {"present": "editor"}},
                         {"id": "deep", "frame": {"x": 20, "y": 300, "width": 160, "height": 50},
                          "action": {"present": "editor"}}]}],
        "modals": [{"id": "editor", "style": "pageSheet", "title": "New",
                    "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel",
                                                   "action": "dismiss"}]}}]}

    def upload(self, name, data):
        req = urllib.request.Request(f"{Harness.base}/api/prototypes/variants/assets/{name}", data=data,
                                     method="PUT", headers={"Authorization": f"Bearer {Harness.token}"})
        with urllib.request.urlopen(req, timeout=30) as r:
            self.assertIn(r.status, (200, 201))

    def picture(self):
        self.wait_for("const i = document.querySelector('.app-layer .screen-image > img');"
                      " return i && i.complete && i.naturalWidth > 0", message="the screen's image did not load")
        return self.el(".app-layer .screen-image > img")

    def test_each_device_draws_its_picture_and_a_replay_its_scrolled_tap(self):
        install_prototype(self, self.DOC)
        # 1179 × 3600 px at 3× is 393 × 1200 pt; 1668 × 2420 px at 2× is 834 × 1210 pt.
        self.upload("home@3x.png", png_bytes(1179, 3600, (246, 246, 248), [(900, 1050, (0, 122, 255))]))
        self.upload("home-ipad@2x.png", png_bytes(1668, 2420, (230, 240, 255), [(60, 148, (255, 149, 0))]))
        for device, name, width, compose in (("iphone-16", "home@3x.png", 393, [329, 62]),
                                             ("ipad-pro-11", "home-ipad@2x.png", 834, [770, 30])):
            with self.subTest(device=device):
                self.open_with("variants", device)
                img = self.picture()
                self.assertTrue(img.get_attribute("currentSrc").endswith("/" + name), img.get_attribute("currentSrc"))
                self.assertAlmostEqual(self.points(img)["w"], width, delta=0.5, msg="its size in points")
                r = self.points(self.el('[data-id="compose"]'))
                self.assertEqual([round(r["x"]), round(r["y"])], compose, "the hotspot where this picture has it")
                self.screenshot(f"image-variant-{device}")
        # On the iPhone, the picture scrolled 200 pt: the hotspot at y 300 is at 100 in the window.
        self.open_with("variants", "iphone-16")
        self.picture()
        self.js("const c = document.querySelector('.app-layer .image-screen'); c.scrollTop = 200;"
                " c.dispatchEvent(new Event('scroll'))")
        self.tap('[data-id="deep"]')
        self.assertEqual(self.stack(), ["editor"])
        sid = self.js("return window.modallab.session")
        # The replay's first frame: the picture scrolled as it was, the dot on the hotspot tapped.
        self.d.get(f"{Harness.base}/p/variants/sessions/{sid}")
        self.wait_for("return document.querySelector('[data-replay]')?.dataset.ready === 'true'", timeout=30)
        self.wait_for("const i = document.querySelector('[data-replay-stage] .app-layer .screen-image > img');"
                      " return i && i.complete && i.naturalWidth > 0", message="the replay's picture did not load")
        self.wait_for("return document.querySelector('[data-replay-stage] .app-layer .image-screen').scrollTop === 200",
                      message="the replay's picture is not scrolled as it was when tapped")
        dot = self.js("const c = document.querySelector('[data-replay-stage] .heat-dot.tap');"
                      " return c && [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]")
        self.assertIsNotNone(dot, "the tap has its dot")
        spot = self.points(self.el('[data-replay-stage] [data-id="deep"]'))
        self.assertTrue(spot["x"] <= dot[0] <= spot["x"] + spot["w"] and spot["y"] <= dot[1] <= spot["y"] + spot["h"],
                        f"the dot {dot} on the hotspot tapped {spot}")
        self.screenshot_now("image-variant-replay")


class AssetEditorTests(PlayerTestCase):
    """Issue 26's "Done when" in the editor: a designer uploads exported frames (the file field and
    a drop), makes them a screen's picture and its dark variant, draws hotspots over the live
    player and picks their actions in the inspector, then plays it on iPhone and iPad, light and
    dark, and the heat map shows the taps over the picture; a fake PNG, an SVG with script and a
    file over the limit are refused with their reasons and nothing is stored."""

    EDITOR = "document.querySelector('[data-editor]')"

    def saves(self):
        return int(self.js(f"return Number({self.EDITOR}.dataset.saves || 0)"))

    def wait_saved(self, before, message="the change was not saved"):
        self.wait_for(f"return Number({self.EDITOR}.dataset.saves || 0) > {before}", message=message)
        self.wait_for(f"return {self.EDITOR}.dataset.busy !== 'true'")

    def doc(self):
        return self.js("return window.modallabEditor.model.doc")

    def assets_loaded(self, before):
        self.wait_for(f"return Number({self.EDITOR}.dataset.assetsReady || 0) > {before}",
                      message="the asset list was not read again")

    def listed(self):
        return self.js("return [...document.querySelectorAll('[data-asset-list] li')].map(l => l.dataset.asset)")

    def upload(self, *paths):
        before = int(self.js(f"return Number({self.EDITOR}.dataset.assetsReady || 0)"))
        self.el("[data-asset-upload]").send_keys("\n".join(str(p) for p in paths))
        self.assets_loaded(before)

    def select_node(self, path):
        label = self.el(f'[role=treeitem][data-path="{path}"] > .node-label')
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", label)
        label.click()
        self.wait_for(f"return document.querySelector('[data-inspecting]')?.dataset.inspecting === {json.dumps(path)}")

    def mark_player(self):
        self.js("const d = document.querySelector('[data-player]').contentDocument;"
                " if (d) d.documentElement.dataset.testMark = 'before'")

    def player_reloaded(self):
        """Waits for the live player to load the saved change (it reloads on the server's event)."""
        self.wait_for("const d = document.querySelector('[data-player]').contentDocument;"
                      " return d && !d.documentElement.dataset.testMark && d.querySelector('.player')?.dataset.ready === 'true'",
                      timeout=30, message="the player did not reload after the change")

    def choose(self, name, value):
        from selenium.webdriver.support.ui import Select
        f = self.el(f'[data-inspector] [data-field="{name}"]')
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", f)
        before = self.saves()
        self.mark_player()
        Select(f).select_by_value(value)
        self.wait_saved(before)
        self.player_reloaded()

    def picture_in_player(self):
        """The player's picture box: its rectangle in the editor page's CSS px and its points."""
        self.wait_for("const d = document.querySelector('[data-player]').contentDocument;"
                      " const i = d?.querySelector('.screen-image > img');"
                      " return i && i.complete && i.naturalWidth > 0 && d.querySelector('.player')?.dataset.ready === 'true'",
                      timeout=30, message="the player did not draw the screen's picture")
        return self.js("""
            const f = document.querySelector('[data-player]'), d = f.contentDocument;
            const box = d.querySelector('.screen-image'), fr = f.getBoundingClientRect(), r = box.getBoundingClientRect();
            return {left: fr.left + r.left, top: fr.top + r.top, scale: r.width / box.offsetWidth,
                    w: box.offsetWidth, h: box.offsetHeight};""")

    def mouse(self, kind, x, y, buttons=0):
        """A mouse event through DevTools, at (x, y) CSS px of the editor page."""
        self.d.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" or buttons else "none",
            "buttons": buttons, "clickCount": 0 if kind == "mouseMoved" else 1, "pointerType": "mouse"})

    def draw(self, x, y, w, h):
        """Drags over the player's picture from (x, y) to (x + w, y + h), in the picture's points."""
        self.js("document.querySelector('[data-player]').scrollIntoView({block: 'nearest'})")
        box = self.picture_in_player()
        to = lambda px, py: (box["left"] + px * box["scale"], box["top"] + py * box["scale"])
        before = self.saves()
        x0, y0 = to(x, y)
        x1, y1 = to(x + w, y + h)
        self.mouse("mouseMoved", x0, y0)
        self.mouse("mousePressed", x0, y0, 1)
        for i in range(1, 7):
            self.mouse("mouseMoved", x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6, 1)
        self.mark_player()
        self.mouse("mouseReleased", x1, y1)
        self.wait_saved(before, "the drawn hotspot was not saved")
        self.player_reloaded()

    def test_done_when_a_designer_uploads_frames_draws_hotspots_and_plays_them(self):
        pid = "frames-" + secrets.token_hex(3)
        proto = {
            "format": "modallab/1", "id": pid, "name": "Designer's frames", "devices": ["iphone-16", "ipad-pro-11"],
            "start": "home", "screens": [{"id": "home", "title": "Home"}],
            "modals": [
                {"id": "editor", "style": "pageSheet", "title": "New note", "detents": ["medium", "large"],
                 "grabber": True, "tint": "#FF2D55",
                 "navigationBar": {"leading": [{"id": "cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}]},
                 "content": [{"type": "text", "id": "body", "text": "Note"}]}]}
        status, _ = owner_api("PUT", f"/api/prototypes/{pid}", proto)
        self.assertIn(status, (200, 201))
        folder = Harness.tmp / "uploads"
        folder.mkdir(exist_ok=True)
        band = (300 * 3, 350 * 3, (0, 122, 255))
        files = {"home@3x.png": png_bytes(1179, 3600, (246, 246, 248), [band]),
                 "home-dark@3x.png": png_bytes(1179, 3600, (18, 18, 20), [band]),
                 "Detail Screen@3x.png": png_bytes(1179, 2556, (250, 240, 230))}
        for name, data in files.items():
            (folder / name).write_bytes(data)
        # What the designer gets wrong: a text file named .png, an SVG with a script, a file past 10 MiB.
        (folder / "notes.png").write_bytes(b"meeting notes, not a picture\n")
        (folder / "logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
        (folder / "huge.png").write_bytes(png_bytes(1, 1, (0, 0, 0)) + bytes(10 * 1024 * 1024))

        self.d.get(f"{Harness.base}/p/{pid}/edit")
        self.wait_for(f"return {self.EDITOR}?.dataset.ready === 'true' && Number({self.EDITOR}.dataset.assetsReady || 0) > 0",
                      timeout=60, message="the editor did not load")
        # Three exported frames through the file field; a name a file system allows but an asset
        # name doesn't is made one.
        self.upload(*(folder / n for n in files))
        self.assertEqual(self.listed(), ["Detail-Screen@3x.png", "home-dark@3x.png", "home@3x.png"])
        self.assertEqual(self.el('[data-asset="home@3x.png"] .asset-size').text[:16], "1179 × 3600 px, ")
        self.assertFalse(self.el("[data-asset-error]").is_displayed())
        # A file dropped on the editor is uploaded too.
        before = int(self.js(f"return Number({self.EDITOR}.dataset.assetsReady || 0)"))
        self.js("""
            const bytes = Uint8Array.from(atob(arguments[0]), c => c.charCodeAt(0));
            const dt = new DataTransfer();
            dt.items.add(new File([bytes], 'sheet@2x.png', {type: 'image/png'}));
            const target = document.querySelector('[data-outline]');
            for (const type of ['dragenter', 'dragover', 'drop'])
              target.dispatchEvent(new DragEvent(type, {dataTransfer: dt, bubbles: true, cancelable: true}));""",
                base64.b64encode(png_bytes(40, 20, (255, 149, 0))).decode())
        self.assets_loaded(before)
        self.assertIn("sheet@2x.png", self.listed())

        # The three refusals: each with its reason, nothing stored.
        for name, words in (("notes.png", "named as a PNG image but its bytes are"),
                            ("logo.svg", "SVG"), ("huge.png", "10485760")):
            with self.subTest(refused=name):
                self.upload(folder / name)
                error = self.el("[data-asset-error]")
                self.assertTrue(error.is_displayed(), f"{name} was not refused on screen")
                self.assertIn(name, error.text)
                self.assertIn(words, error.text)
                self.assertEqual(error.get_attribute("role"), "alert")
        status, body = owner_api("GET", f"/api/prototypes/{pid}/assets")
        self.assertEqual([a["name"] for a in body["assets"]],
                         ["Detail-Screen@3x.png", "home-dark@3x.png", "home@3x.png", "sheet@2x.png"])
        on_disk = sorted(p.name for p in (Harness.protos / "assets" / pid).iterdir())
        self.assertEqual(on_disk, ["Detail-Screen@3x.png", "home-dark@3x.png", "home@3x.png", "sheet@2x.png"],
                         "nothing of the refused files, not even a temporary file")

        # A font for the app's content: the bundled Inter, uploaded under the designer's name.
        shutil.copy(ROOT / "Public" / "fonts" / "Inter-roman.var.woff2", folder / "Brand.woff2")
        self.upload(folder / "Brand.woff2")
        self.assertFalse(self.el("[data-asset-error]").is_displayed())
        before = self.saves()
        self.mark_player()
        self.el('[data-asset="Brand.woff2"] [data-asset-use-font]').click()
        self.wait_saved(before)
        self.player_reloaded()
        self.assertEqual(self.doc()["font"], "Brand.woff2")
        self.assertFalse(self.el('[data-asset="Brand.woff2"]').find_elements("css selector", "[data-asset-use]"),
                         "a font is no screen's picture")

        # The screen's picture and its dark variant, from the list.
        self.select_node("/screens/0")
        for asset, button in (("home@3x.png", "use"), ("home-dark@3x.png", "use-dark")):
            before = self.saves()
            self.mark_player()
            self.el(f'[data-asset="{asset}"] [data-asset-{button}]').click()
            self.wait_saved(before)
            self.player_reloaded()
            if button == "use":
                # A picture named alone takes its object form (where variants go) typed in its field.
                self.assertEqual(self.doc()["screens"][0]["image"], "home@3x.png")
                from selenium.webdriver.common.keys import Keys
                f = self.el('[data-inspector] [data-field="image"]')
                self.js("arguments[0].scrollIntoView({block: 'nearest'})", f)
                before = self.saves()
                self.mark_player()
                f.send_keys(Keys.CONTROL, "a")
                f.send_keys('{"asset": "home@3x.png"}', Keys.TAB)
                self.wait_saved(before, "the typed object form was not saved")
                self.player_reloaded()
                self.assertEqual(self.doc()["screens"][0]["image"], {"asset": "home@3x.png"})
        self.assertEqual(self.doc()["screens"][0]["image"], {"asset": "home@3x.png", "dark": "home-dark@3x.png"})

        # Hotspots drawn over the live player, in the picture's points; their actions picked in
        # the inspector.
        draw = self.el("[data-draw-hotspot]")
        draw.click()
        self.assertEqual(draw.get_attribute("aria-pressed"), "true")
        box = self.picture_in_player()
        self.assertAlmostEqual(box["w"], 393, delta=0.5, msg="1179 px at 3x is 393 pt")
        self.assertAlmostEqual(box["h"], 1200, delta=0.5)
        self.draw(329, 62, 44, 44)
        hotspot = self.doc()["screens"][0]["hotspots"][0]
        for k, v in {"x": 329, "y": 62, "width": 44, "height": 44}.items():
            self.assertAlmostEqual(hotspot["frame"][k], v, delta=1, msg=f"the drawn hotspot's {k}")
        self.assertEqual(self.js("return document.querySelector('[data-inspecting]').dataset.inspecting"),
                         "/screens/0/hotspots/0", "the new hotspot is selected")
        self.assertEqual(self.state_in_editor_stack(), [], "drawing over the player taps nothing")
        self.choose("action", "present:editor")
        self.draw(20, 300, 160, 50)
        second = self.doc()["screens"][0]["hotspots"][1]
        # An action sheet anchored on the first hotspot (a popover on iPad), written elsewhere:
        # the editor reads it in; its source is moved to the second hotspot in the inspector.
        self.mark_player()
        status, body = owner_api("GET", f"/api/prototypes/{pid}")
        patch = [{"op": "add", "path": "/modals/-", "value": {
            "id": "choices", "style": "actionSheet", "title": "Share", "source": hotspot["id"],
            "actions": [{"title": "Copy"}, {"title": "Cancel", "role": "cancel"}]}}]
        req = urllib.request.Request(f"{Harness.base}/api/prototypes/{pid}", data=json.dumps(patch).encode(),
                                     method="PATCH", headers={"Authorization": f"Bearer {Harness.token}",
                                                              "Content-Type": "application/json-patch+json",
                                                              "If-Match": body["etag"]})
        with urllib.request.urlopen(req, timeout=10) as r:
            self.assertEqual(r.status, 200)
        self.wait_for("return window.modallabEditor.model.doc.modals.length === 2", timeout=30,
                      message="the editor did not read the change made elsewhere")
        self.player_reloaded()
        # The source picker offers the image screen's hotspots, as it does the other controls.
        self.select_node("/modals/1")
        offered = self.js("return [...document.querySelectorAll('[data-inspector] [data-field=\"source\"] option')].map(o => o.value)")
        self.assertIn(second["id"], offered, "a hotspot not yet anyone's source is offered as one")
        self.assertIn("cancel", offered, "and the other controls")
        self.choose("source", second["id"])
        self.assertEqual(self.doc()["modals"][1]["source"], second["id"])
        self.select_node("/screens/0/hotspots/1")
        self.wait_for("return document.querySelector('[data-inspector] [data-field=\"action\"] option[value=\"present:choices\"]')",
                      message="the inspector does not offer the new action sheet")
        self.choose("action", "present:choices")
        # The keyboard's way: the frame's numbers in the inspector.
        from selenium.webdriver.common.keys import Keys
        for key, value in (("x", "20"), ("y", "300"), ("width", "160"), ("height", "50")):
            f = self.el(f'[data-inspector] [data-field="{key}"]')
            self.js("arguments[0].scrollIntoView({block: 'nearest'})", f)
            if f.get_attribute("value") == value:
                continue
            before = self.saves()
            self.mark_player()
            f.send_keys(Keys.CONTROL, "a")
            f.send_keys(value, Keys.TAB)
            self.wait_saved(before)
            self.player_reloaded()
        self.screenshot_now("designer-frames-editor")
        draw.click()
        self.assertEqual(draw.get_attribute("aria-pressed"), "false")
        first = self.doc()["screens"][0]["hotspots"][0]
        self.assertEqual(first["action"], {"present": "editor"})
        self.assertEqual(self.doc()["screens"][0]["hotspots"][1]["frame"],
                         {"x": 20, "y": 300, "width": 160, "height": 50})
        errors = self.js("return window.modallabEditor.model.diagnostics.filter(d => d.severity === 'error')")
        self.assertEqual(errors, [], "lints clean")

        # Played on iPhone and iPad, light and dark.
        for device in ("iphone-16", "ipad-pro-11"):
            for appearance in ("light", "dark"):
                with self.subTest(device=device, appearance=appearance):
                    self.open_with(pid, device, appearance=appearance)
                    self.wait_for("const i = document.querySelector('.screen-image > img');"
                                  " return i && i.complete && i.naturalWidth > 0")
                    src = self.el(".screen-image > img").get_attribute("currentSrc")
                    self.assertEqual("home-dark@3x.png" in src, appearance == "dark", src)
                    spot = self.points(self.el(f'[data-id="{first["id"]}"]'))
                    self.assertEqual([round(spot[k]) for k in ("x", "y", "w", "h")],
                                     [round(first["frame"][k]) for k in ("x", "y", "width", "height")])
                    self.tap(f'[data-id="{first["id"]}"]')
                    self.assertEqual(self.stack(), ["editor"])
                    sheet = self.layer("editor")
                    self.assertEqual(sheet.get_attribute("data-form"), "card" if device == "iphone-16" else "centered")
                    if device == "iphone-16":
                        self.assertEqual(sheet.get_attribute("data-detent"), "medium")
                    # The sheet's own accent (its tint) on its bar button.
                    self.assertEqual(self.el('[data-id="cancel"]').value_of_css_property("color"), "rgba(255, 45, 85, 1)")
                    # The app font on the sheet's content, the system's on its bar (as on iOS).
                    self.wait_for("return document.fonts.check('17px \"ModalLab App Font\"')",
                                  message="the app font did not load")
                    body = self.el('.presentation[data-modal="editor"] .content [data-id="body"]')
                    self.assertIn("ModalLab App Font", body.value_of_css_property("font-family"))
                    self.assertNotIn("ModalLab App Font", self.el('[data-id="cancel"]').value_of_css_property("font-family"))
                    self.tap('[data-id="cancel"]')
                    if device == "iphone-16" and appearance == "light":
                        # The tall picture scrolled 200 pt: the second hotspot (y 300) is at 100
                        # in the window, and the heat map must still draw its tap at 300.
                        self.js("const c = document.querySelector('.image-screen'); c.scrollTop = 200;"
                                " c.dispatchEvent(new Event('scroll'))")
                        self.assertAlmostEqual(self.points(self.el(f'[data-id="{second["id"]}"]'))["y"], 100, delta=1)
                    self.tap(f'[data-id="{second["id"]}"]')
                    layer = self.layer("choices")
                    if device == "ipad-pro-11":
                        self.assertEqual(layer.get_attribute("data-form"), "popover")
                        self.assertEqual(layer.get_attribute("data-source"), second["id"])
                    else:
                        self.assertEqual(layer.get_attribute("data-form"), "actionSheet")
                    copy = layer.find_element("css selector", "button")
                    self.assertNotIn("ModalLab App Font", copy.value_of_css_property("font-family"),
                                     "an action sheet keeps the system font")
                    self.screenshot(f"designer-frames-{device}-{appearance}")

        # The heat map draws the taps over the picture, on the hotspots tapped.
        self.d.get(f"{Harness.base}/p/{pid}/heatmaps?audience=all&device=iphone-16")
        card = self.el(f'[data-heatmap-screen="home"][data-heatmap-modal=""]')
        self.assertTrue(card.find_elements("css selector", ".screen-image > img"), "the heat map is over the picture")
        dots = self.js("return [...arguments[0].querySelectorAll('.heat-dot.tap')]"
                       ".map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])", card)
        def on(f):
            return any(f["x"] - 8 <= x <= f["x"] + f["width"] + 8 and f["y"] - 8 <= y <= f["y"] + f["height"] + 8
                       for x, y in dots)
        self.assertTrue(on(first["frame"]), f"a tap on {first['frame']}: {dots}")
        second_frame = self.doc_on_disk(pid)["screens"][0]["hotspots"][1]["frame"]
        self.assertTrue(on(second_frame), dots)
        self.assertFalse(any(abs(y - 125) < 10 for _, y in dots), f"the scrolled tap is not drawn where it was in the window: {dots}")
        self.js("arguments[0].scrollIntoView({block: 'start'})", card)
        self.screenshot_now("designer-frames-heatmap")
        # The picture is drawn whole under the dots, so each sits on the part of it tapped.
        picture = self.js("const i = arguments[0].querySelector('.screen-image > img'), w = arguments[0].querySelector('[data-window]');"
                          " const a = i.getBoundingClientRect(), b = w.getBoundingClientRect(), s = b.width / w.offsetWidth;"
                          " return {top: (a.top - b.top) / s, h: a.height / s}", card)
        self.assertEqual(self.js("return arguments[0].querySelector('.heatmap-frame').dataset.tall", card), "true")
        clipping = self.js("const f = arguments[0].querySelector('.heatmap-frame'), out = [];"
                           " for (let e = f.querySelector('.screen-image'); e && e !== f; e = e.parentElement)"
                           "   if (getComputedStyle(e).overflowY !== 'visible') out.push(e.className);"
                           " return out", card)
        self.assertEqual(clipping, [], "nothing clips the picture's part below the screen")
        room = self.js("const f = arguments[0].querySelector('.heatmap-frame'), i = f.querySelector('.screen-image > img');"
                       " return f.getBoundingClientRect().bottom + parseFloat(getComputedStyle(f).marginBottom) - i.getBoundingClientRect().bottom", card)
        self.assertGreaterEqual(room, -1, "the page leaves room for it")
        self.assertAlmostEqual(picture["top"], 0, delta=1)
        self.assertAlmostEqual(picture["h"], 1200, delta=1)

    def state_in_editor_stack(self):
        return self.js("const w = document.querySelector('[data-player]').contentWindow;"
                       " return (w.modallab?.state?.stack ?? []).map(e => e.modal)")

    def doc_on_disk(self, pid):
        status, body = owner_api("GET", f"/api/prototypes/{pid}")
        return body["definition"]


# ---------------------------------------------------------------------------------------------
# The editor (issue 25): outline, inspector, palette, findings, undo and redo, the live player
# ---------------------------------------------------------------------------------------------

class EditorTests(PlayerTestCase):
    """The editor page: `/p/{id}/edit`. Its markup contract: outline nodes `[data-path]` (JSON
    Pointers), inspector fields `[data-field]`, palette entries `[data-add]`."""

    EDITOR = "document.querySelector('[data-editor]')"

    def open_editor(self, pid):
        self.d.get(f"{Harness.base}/p/{pid}/edit")
        self.wait_for(f"return {self.EDITOR}?.dataset.ready === 'true'", timeout=30, message="the editor did not load")

    def saves(self):
        return int(self.js(f"return Number({self.EDITOR}.dataset.saves || 0)"))

    def idle(self):
        self.wait_for(f"return {self.EDITOR}.dataset.busy !== 'true'", message="a change is still being saved")

    def wait_saved(self, before, message="the change was not saved"):
        self.wait_for(f"return Number({self.EDITOR}.dataset.saves || 0) > {before}", message=message)
        self.idle()

    def node(self, path):
        return self.el(f'[role=treeitem][data-path="{path}"]')

    def selected(self):
        return self.js("return document.querySelector('[role=treeitem][aria-selected=true]')?.dataset.path")

    def select_node(self, path):
        label = self.node(path).find_element("css selector", ":scope > .node-label")
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", label)
        label.click()
        self.wait_for(f"return document.querySelector('[data-inspecting]')?.dataset.inspecting === {json.dumps(path)}")

    def field(self, name):
        return self.el(f'[data-inspector] [data-field="{name}"]')

    def type_into(self, name, text):
        """Replaces a text field's value by typing, then leaves it (its change event)."""
        from selenium.webdriver.common.keys import Keys
        f = self.field(name)
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", f)
        f.click()
        f.send_keys(Keys.CONTROL, "a")
        f.send_keys(Keys.DELETE)
        f.send_keys(text)
        f.send_keys(Keys.TAB)

    def choose(self, name, value):
        from selenium.webdriver.support.ui import Select
        f = self.field(name)
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", f)
        Select(f).select_by_value(value)

    def on_disk(self, pid):
        status, body = owner_api("GET", f"/api/prototypes/{pid}")
        self.assertEqual(status, 200, body)
        return json.loads(Path(ROOT / body["file"] if not body["file"].startswith("/") else body["file"]).read_text())

    def create_from_gallery(self, name, source=""):
        from selenium.webdriver.support.ui import Select
        self.d.get(Harness.base + "/")
        self.el("[data-new-name]").send_keys(name)
        Select(self.el("[data-new-from]")).select_by_value(source)
        pid = self.el("[data-new-id]").get_attribute("value")
        self.el('[data-new-prototype] button[type="submit"]').click()
        self.wait_for(f"return location.pathname === '/p/{pid}/edit'", timeout=30, message="no editor after New prototype")
        self.wait_for(f"return {self.EDITOR}?.dataset.ready === 'true'", timeout=30)
        return pid

    def test_a_new_prototype_is_edited_field_by_field_and_a_refused_edit_is_kept_with_its_path(self):
        from selenium.webdriver.common.keys import Keys
        pid = self.create_from_gallery("Field Notes " + secrets.token_hex(3))
        self.assertRegex(pid, r"^field-notes-[0-9a-f]{6}$")
        # The outline: a tree, the prototype at its root, its screen beneath.
        self.assertEqual(self.el("[data-outline]").get_attribute("role"), "tree")
        self.assertEqual(self.node("").get_attribute("aria-level"), "1")
        self.assertEqual(self.node("/screens/0").get_attribute("role"), "treeitem")
        self.assertTrue(self.node("/screens/0").get_attribute("aria-labelledby"))
        # The inspector of the prototype: the schema's members, with their lines of docs/format.md.
        self.assertEqual(self.field("targetOS").tag_name, "input")
        self.assertIn("The iOS version the app targets, major version 7–99", self.field("targetOS").find_element("xpath", "..").text)
        self.assertEqual(self.field("start").tag_name, "select", "an id is picked from the ids there are")
        # A field changed is one PATCH; the file on disk says so.
        self.select_node("/screens/0")
        before = self.saves()
        self.type_into("title", "Notebook")
        self.wait_saved(before)
        self.assertEqual(self.on_disk(pid)["screens"][0]["title"], "Notebook")
        self.assertIn("Notebook", self.node("/screens/0").text)
        # A boolean is a switch.
        self.assertEqual(self.field("largeTitle").get_attribute("role"), "switch")
        before = self.saves()
        self.field("largeTitle").click()
        self.wait_saved(before)
        self.assertIs(self.on_disk(pid)["screens"][0]["largeTitle"], True)
        # An edit that breaks the format (an id that is no id) is refused: its path is shown,
        # the typed id stays in its field, nothing is saved.
        before = self.saves()
        self.type_into("id", "Journal Notes")
        self.wait_for("return !document.querySelector('[data-editor-error]').hidden", message="no refusal shown")
        self.idle()
        self.assertEqual(self.saves(), before)
        paths = self.js("return [...document.querySelectorAll('[data-editor-error] [data-error-path], [data-editor-error] [data-pointer]')].map(e => e.dataset.errorPath || e.dataset.pointer)")
        self.assertTrue(any(p.endswith("id") for p in paths), paths)
        self.assertEqual(self.field("id").get_attribute("value"), "Journal Notes")
        self.assertEqual(self.on_disk(pid)["screens"][0]["id"], "home")
        # Undo puts the field back as saved.
        self.node("/screens/0").send_keys(Keys.CONTROL, "z")
        self.wait_for("return document.querySelector('[data-editor-error]').hidden")
        self.assertEqual(self.field("id").get_attribute("value"), "home")
        # A valid new id renames the screen, and the start screen follows in the same change.
        self.select_node("/screens/0")
        before = self.saves()
        self.type_into("id", "journal")
        self.wait_saved(before)
        self.assertEqual(self.saves(), before + 1)
        disk = self.on_disk(pid)
        self.assertEqual((disk["screens"][0]["id"], disk["start"]), ("journal", "journal"))

    def add(self, kind):
        """Clicks the palette's entry for `kind` and waits for the new node to be saved and selected."""
        before = self.saves()
        entry = self.el(f'[data-add="{kind}"]')
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", entry)
        entry.click()
        self.wait_saved(before, message=f"adding {kind} was not saved")
        return self.selected()

    def edit(self, name, text):
        before = self.saves()
        self.type_into(name, text)
        self.wait_saved(before, message=f"{name} = {text!r} was not saved")

    def pick(self, name, value):
        before = self.saves()
        self.choose(name, value)
        self.wait_saved(before, message=f"{name} = {value!r} was not saved")

    def toggle(self, name, value=None):
        before = self.saves()
        f = self.el(f'[data-inspector] [data-field="{name}"]' + (f' [data-value="{value}"]' if value else ""))
        self.js("arguments[0].scrollIntoView({block: 'nearest'})", f)
        f.click()
        self.wait_saved(before, message=f"{name} {value or ''} was not saved")

    def keys(self, *keys):
        """Presses `keys` together on the focused element: modifiers held, the others typed."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        modifiers = [k for k in keys if k in (Keys.CONTROL, Keys.SHIFT, Keys.ALT, Keys.META)]
        chain = ActionChains(self.d)
        for m in modifiers:
            chain.key_down(m)
        chain.send_keys(*[k for k in keys if k not in modifiers])
        for m in reversed(modifiers):
            chain.key_up(m)
        chain.perform()

    def findings(self):
        return self.js("return [...document.querySelectorAll('[data-findings] [data-finding]')].map(f => [f.dataset.rule, f.dataset.pointer])")

    def test_done_when_a_designer_builds_plays_undoes_and_redoes_a_prototype_by_clicks_and_typing(self):
        """Issue 25's "Done when", from New prototype to the file on disk."""
        from selenium.webdriver.common.keys import Keys
        pid = self.create_from_gallery("Trip " + secrets.token_hex(3))
        # A screen with a button that presents a page sheet with medium and large detents.
        self.select_node("/screens/0")
        self.assertEqual(self.add("button"), "/screens/0/content/0")
        self.edit("title", "Plan Trip")
        self.assertEqual(self.add("pageSheet"), "/modals/0")
        self.edit("title", "Trip")
        self.toggle("detents", "medium")
        self.toggle("detents", "large")
        self.toggle("grabber")
        self.select_node("/screens/0/content/0")
        self.pick("action", "present:page-sheet")
        # A navigation push inside the sheet.
        self.select_node("/modals/0")
        self.assertEqual(self.add("screen"), "/modals/0/screens/0")
        self.edit("title", "Details")
        self.select_node("/modals/0")
        self.assertEqual(self.add("button"), "/modals/0/content/0")
        self.edit("title", "Details")
        self.pick("action", "push:screen")
        # An alert with two buttons, Cancel first (moved up by keyboard), presented from the sheet.
        self.assertEqual(self.add("alert"), "/modals/1")
        self.edit("title", "Delete this trip?")
        self.assertEqual(self.add("button"), "/modals/1/actions/1")
        self.edit("title", "Cancel")
        self.pick("role", "cancel")
        before = self.saves()
        self.node("/modals/1/actions/1").send_keys(Keys.ALT, Keys.ARROW_UP)
        self.wait_saved(before, message="Alt+Up did not move the button")
        self.assertEqual(self.selected(), "/modals/1/actions/0")
        self.select_node("/modals/1/actions/1")
        self.edit("title", "Delete")
        self.pick("role", "destructive")
        self.select_node("/modals/0/content/0")
        self.assertEqual(self.add("button"), "/modals/0/content/1")
        self.edit("title", "Delete")
        self.pick("action", "present:alert")
        # An action sheet from a Share button: a popover on iPad.
        self.select_node("/screens/0/content/0")
        self.assertEqual(self.add("button"), "/screens/0/content/1")
        self.edit("title", "Share")
        self.assertEqual(self.add("actionSheet"), "/modals/2")
        self.pick("source", "button-4")
        self.select_node("/modals/2/actions/0")
        self.edit("title", "Remove Trip")
        self.pick("role", "destructive")
        self.select_node("/screens/0/content/1")
        self.pick("action", "present:action-sheet")
        # A task.
        self.assertEqual(self.add("task"), "/tasks/0")
        self.edit("prompt", "Plan a trip")
        # It lints clean, and the file on disk is that prototype.
        self.wait_for(f"return {self.EDITOR}.dataset.findings === '0'",
                      message=f"findings: {self.findings()} in {json.dumps(self.on_disk(pid))}")
        expected = {
            "format": "modallab/1", "id": pid, "name": self.on_disk(pid)["name"], "start": "home",
            "screens": [{"id": "home", "title": self.on_disk(pid)["name"], "content": [
                {"type": "button", "id": "button", "title": "Plan Trip", "action": {"present": "page-sheet"}},
                {"type": "button", "id": "button-4", "title": "Share", "action": {"present": "action-sheet"}}]}],
            "modals": [
                {"id": "page-sheet", "style": "pageSheet", "title": "Trip",
                 "navigationBar": {
                     "leading": [{"id": "page-sheet-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                     "trailing": [{"id": "page-sheet-done", "title": "Done", "role": "done", "action": "dismiss"}]},
                 "content": [
                     {"type": "button", "id": "button-2", "title": "Details", "action": {"push": "screen"}},
                     {"type": "button", "id": "button-3", "title": "Delete", "action": {"present": "alert"}}],
                 "screens": [{"id": "screen", "title": "Details"}],
                 "detents": ["medium", "large"], "grabber": True},
                {"id": "alert", "style": "alert", "title": "Delete this trip?",
                 "actions": [{"title": "Cancel", "role": "cancel"}, {"title": "Delete", "role": "destructive"}]},
                {"id": "action-sheet", "style": "actionSheet", "source": "button-4",
                 "actions": [{"title": "Remove Trip", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}],
            "tasks": [{"id": "task", "prompt": "Plan a trip", "success": {"screen": "home"}}],
        }
        self.assertEqual(self.on_disk(pid), expected)
        # Undo and redo, by keys, with the file following.
        self.node("/tasks/0").click()
        self.keys(Keys.CONTROL, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '1'", message="Ctrl+Z did not undo")
        self.idle()
        self.assertEqual(self.on_disk(pid)["tasks"][0]["prompt"], "Task")
        self.keys(Keys.CONTROL, Keys.SHIFT, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '0'", message="Ctrl+Shift+Z did not redo")
        self.idle()
        self.assertEqual(self.on_disk(pid), expected)
        self.keys(Keys.CONTROL, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '1'")
        self.keys(Keys.CONTROL, "y")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '0'", message="Ctrl+Y did not redo")
        self.idle()
        self.assertEqual(self.on_disk(pid), expected)
        # Undo lasts the session: after a reload of the page, Ctrl+Z still undoes the prompt.
        steps = int(self.js(f"return Number({self.EDITOR}.dataset.undo)"))
        self.open_editor(pid)
        self.assertEqual(int(self.js(f"return Number({self.EDITOR}.dataset.undo)")), steps)
        self.node("").click()
        self.keys(Keys.CONTROL, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '1'", message="Ctrl+Z after a reload did not undo")
        self.idle()
        self.assertEqual(self.on_disk(pid)["tasks"][0]["prompt"], "Task")
        self.keys(Keys.CONTROL, Keys.SHIFT, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '0'")
        self.idle()
        self.assertEqual(self.on_disk(pid), expected)
        # A sheet presented from inside a popover: the refusal and its rule show before saving.
        self.select_node("/modals/2")
        self.assertEqual(self.add("popover"), "/modals/3")
        self.pick("source", "button")
        self.assertEqual(self.add("button"), "/modals/3/content/0")
        self.assert_refused_before_saving(pid, "/modals/3/content/0", "action", "present:page-sheet")
        for _ in range(3):  # the button, the source, the popover
            self.keys(Keys.CONTROL, "z")
            self.idle()
        self.wait_for(f"return {self.EDITOR}.dataset.undo !== undefined && {self.EDITOR}.dataset.redo === '3'")
        self.idle()
        self.assertEqual(self.on_disk(pid), expected)
        # It plays: on iPhone the button presents the sheet, whose button pushes; on iPad the
        # action sheet is a popover.
        self.open(pid, "iphone-16")
        self.tap('[data-id="button"]')
        self.assert_layer("page-sheet", "card")
        self.tap('[data-id="button-2"]')
        self.wait_for("return document.querySelector('.presentation[data-modal=\"page-sheet\"] [data-screen=\"screen\"]') !== null",
                      message="the push inside the sheet did not show its screen")
        self.open(pid, "ipad-pro-11")
        self.tap('[data-id="button-4"]')
        self.assert_layer("action-sheet", "popover")

    def refusal_shown(self):
        return self.js("return !document.querySelector('[data-editor-refusal]').hidden")

    def assert_refused_before_saving(self, pid, node, name, value):
        """Picks `value` for field `name` of the button at `node`, which makes it present a sheet
        over a popover: the refusal, its rule's id, name and message are shown on the node, the
        field and in the refusal panel, and nothing is written; Ctrl+Z discards it."""
        from selenium.webdriver.common.keys import Keys
        before_disk = self.on_disk(pid)
        before = self.saves()
        self.choose(name, value)
        self.wait_for("return !document.querySelector('[data-editor-refusal]').hidden",
                      message=f"no refusal before saving: {self.findings()}")
        self.idle()
        self.assertEqual(self.saves(), before, "the refused change was saved")
        self.assertEqual(self.on_disk(pid), before_disk, "the file changed")
        panel = self.el("[data-editor-refusal]")
        item = panel.find_element("css selector", '[data-finding][data-rule="popover.no-modal-over"]')
        self.assertEqual(item.get_attribute("data-pointer"), node)
        self.assertIn("Nothing over a popover", item.text)
        self.assertIn("dismiss the popover first", item.text)
        self.assertIn("UIKit", panel.find_element("css selector", "h2").text)
        self.assertEqual(self.js("return document.activeElement?.dataset.command"), "discard",
                         "the panel takes the focus, on its safe choice")
        # On the node (its badge) and in the inspector's field, marked as not saved.
        badge = self.node(node).find_element("css selector", ":scope > .node-badge")
        self.assertIn("popover.no-modal-over", badge.get_attribute("title"))
        self.assertTrue(self.d.find_elements("css selector",
                        f'[data-inspector] [data-finding][data-unsaved][data-rule="popover.no-modal-over"]'),
                        "the inspector of the button shows the rule")
        self.assertEqual(self.field(name).get_attribute("value"), value, "the choice stays in its field")
        self.d.save_screenshot(str(Harness.shots / "editor-refusal.png"))
        # Ctrl+Z discards it: the panel goes, the field is as saved, still nothing written.
        self.node(node).click()
        self.keys(Keys.CONTROL, "z")
        self.wait_for("return document.querySelector('[data-editor-refusal]').hidden", message="Ctrl+Z kept the refusal")
        self.idle()
        self.assertEqual(self.on_disk(pid), before_disk)
        self.assertFalse(self.d.find_elements("css selector", "[data-finding][data-unsaved]"))

    def test_a_flow_uikit_refuses_is_shown_with_its_rule_before_saving_and_can_be_saved_anyway(self):
        """Issue 25: "Trying to make the sheet present a second sheet over a popover shows the
        refusal and its rule before saving", on a prototype the repository doesn't contain."""
        from selenium.webdriver.common.keys import Keys
        pid = "refuse-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "Refusals"})[0], 201)
        self.open_editor(pid)
        self.select_node("/screens/0")
        self.assertEqual(self.add("button"), "/screens/0/content/0")
        self.edit("title", "Sort")
        self.assertEqual(self.add("pageSheet"), "/modals/0")
        self.assertEqual(self.add("formSheet"), "/modals/1")
        self.assertEqual(self.add("popover"), "/modals/2")
        self.pick("source", "button")
        self.select_node("/screens/0/content/0")
        self.pick("action", "present:popover")
        self.select_node("/modals/2")
        self.assertEqual(self.add("button"), "/modals/2/content/0")
        self.edit("title", "Options")
        # The popover's button presents a sheet: refused before saving, and discarded.
        self.assert_refused_before_saving(pid, "/modals/2/content/0", "action", "present:page-sheet")
        # Presenting an alert from it is fine: saved at once.
        self.assertEqual(self.add("alert"), "/modals/3")
        self.select_node("/modals/2/content/0")
        self.pick("action", "present:alert")
        self.assertEqual(self.on_disk(pid)["modals"][2]["content"][0]["action"], {"present": "alert"})
        # Refused again with the second sheet; saved anyway, as a work in progress, and undoable.
        before = self.saves()
        undo = int(self.js(f"return Number({self.EDITOR}.dataset.undo)"))
        self.choose("action", "present:form-sheet")
        self.wait_for("return !document.querySelector('[data-editor-refusal]').hidden", message="no refusal")
        self.idle()
        self.assertEqual(self.on_disk(pid)["modals"][2]["content"][0]["action"], {"present": "alert"})
        self.el('[data-editor-refusal] [data-command="saveAnyway"]').click()
        self.wait_saved(before, message="Save anyway did not save")
        self.assertEqual(self.on_disk(pid)["modals"][2]["content"][0]["action"], {"present": "form-sheet"})
        self.assertFalse(self.refusal_shown())
        self.wait_for("return [...document.querySelectorAll('[data-findings] [data-finding]')]"
                      ".some(f => f.dataset.rule === 'popover.no-modal-over' && f.dataset.pointer === '/modals/2/content/0' && !('unsaved' in f.dataset))",
                      message=f"the saved finding: {self.findings()}")
        self.assertEqual(int(self.js(f"return Number({self.EDITOR}.dataset.undo)")), undo + 1)
        self.node("/modals/2/content/0").click()
        self.keys(Keys.CONTROL, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '1'", message="Ctrl+Z did not undo the change saved anyway")
        self.idle()
        self.assertEqual(self.on_disk(pid)["modals"][2]["content"][0]["action"], {"present": "alert"})

    def test_renaming_an_id_renames_every_reference_in_one_change(self):
        from selenium.webdriver.common.keys import Keys
        pid = "rename-" + secrets.token_hex(3)
        doc = {
            "format": "modallab/1", "id": pid, "name": "Rename", "start": "home",
            "screens": [
                {"id": "home", "title": "Home", "content": [
                    {"type": "button", "id": "open", "title": "Open", "action": {"present": "sheet"}},
                    {"type": "button", "id": "share", "title": "Share", "action": {"present": "actions"}}]},
                {"id": "other", "title": "Other"}],
            "modals": [
                {"id": "sheet", "style": "pageSheet", "title": "Sheet",
                 "navigationBar": {"leading": [{"id": "sheet-cancel", "title": "Cancel", "role": "cancel", "action": "dismiss"}],
                                   "trailing": [{"id": "sheet-done", "title": "Done", "role": "done", "action": "dismiss"}]},
                 "content": [{"type": "button", "id": "more", "title": "More", "action": {"push": "detail"}}],
                 "screens": [{"id": "detail", "title": "Detail"}]},
                {"id": "actions", "style": "actionSheet", "source": "share",
                 "actions": [{"title": "Delete", "role": "destructive"}, {"title": "Cancel", "role": "cancel"}]}],
            "tasks": [
                {"id": "t1", "prompt": "Open the sheet", "start": {"screen": "home"}, "success": {"modal": "sheet"},
                 "expectedPath": ["open"]},
                {"id": "t2", "prompt": "Close it", "start": {"screen": "home", "present": ["sheet"]},
                 "success": {"dismissed": {"modal": "sheet"}}, "expectedPath": ["sheet-done"]},
                {"id": "t3", "prompt": "Share", "success": {"modal": "actions"}, "expectedPath": ["share"]}],
        }
        status, body = owner_api("PUT", f"/api/prototypes/{pid}", doc)
        self.assertIn(status, (200, 201), body)
        self.open_editor(pid)
        # The sheet: its id, the button's present, the task's start, success and dismissal.
        self.select_node("/modals/0")
        before, undo = self.saves(), int(self.js(f"return Number({self.EDITOR}.dataset.undo)"))
        self.type_into("id", "trip-sheet")
        self.wait_saved(before)
        self.assertEqual(self.saves(), before + 1, "one change")
        self.assertEqual(int(self.js(f"return Number({self.EDITOR}.dataset.undo)")), undo + 1)
        disk = self.on_disk(pid)
        self.assertEqual(disk["modals"][0]["id"], "trip-sheet")
        self.assertEqual(disk["screens"][0]["content"][0]["action"], {"present": "trip-sheet"})
        self.assertEqual(disk["tasks"][0]["success"], {"modal": "trip-sheet"})
        self.assertEqual(disk["tasks"][1]["start"], {"screen": "home", "present": ["trip-sheet"]})
        self.assertEqual(disk["tasks"][1]["success"], {"dismissed": {"modal": "trip-sheet"}})
        self.assertIn("trip-sheet", self.el("[data-editor-status]").text)
        # A screen: the start, a task's start, a push target inside a modal.
        self.select_node("/screens/0")
        self.edit("id", "start-screen")
        self.select_node("/modals/0/screens/0")
        self.edit("id", "trip-detail")
        # A control: a source and a task's expected path; a title in the path is left alone.
        self.select_node("/screens/0/content/1")
        self.edit("id", "share-button")
        disk = self.on_disk(pid)
        self.assertEqual(disk["start"], "start-screen")
        self.assertEqual(disk["tasks"][0]["start"]["screen"], "start-screen")
        self.assertEqual(disk["modals"][0]["content"][0]["action"], {"push": "trip-detail"})
        self.assertEqual(disk["modals"][1]["source"], "share-button")
        self.assertEqual(disk["tasks"][2]["expectedPath"], ["share-button"])
        self.assertEqual(disk["tasks"][1]["expectedPath"], ["sheet-done"])
        self.assertEqual(disk["screens"][1]["id"], "other")
        self.wait_for(f"return {self.EDITOR}.dataset.errors === '0'", message=f"findings: {self.findings()}")
        # One undo puts the control and its references back.
        self.node("/screens/0/content/1").click()
        self.keys(Keys.CONTROL, "z")
        self.wait_for(f"return {self.EDITOR}.dataset.redo === '1'")
        self.idle()
        disk = self.on_disk(pid)
        self.assertEqual((disk["screens"][0]["content"][1]["id"], disk["modals"][1]["source"], disk["tasks"][2]["expectedPath"]),
                         ("share", "share", ["share"]))

    def test_a_change_made_while_the_file_changed_on_disk_is_made_again_on_the_new_version(self):
        pid = "conflict-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "Conflict"})[0], 201)
        self.open_editor(pid)
        self.select_node("/screens/0")
        stale = self.js(f"return window.modallabEditor.model.etag")
        # Someone else changes the file (another tab, a script); the page may not have heard yet.
        status, body = owner_api("GET", f"/api/prototypes/{pid}")
        self.assertEqual(status, 200)
        status, body = owner_api("PATCH", f"/api/prototypes/{pid}", [{"op": "replace", "path": "/name", "value": "Changed on disk"}],
                                 headers={"If-Match": body["etag"], "Content-Type": "application/json-patch+json"})
        self.assertEqual(status, 200, body)
        # The page hears of it and reads it in; until then its tag is the stale one anyway.
        self.wait_for("return window.modallabEditor.model.doc.name === 'Changed on disk'", message="the change was not read in")
        self.idle()
        self.js("window.modallabEditor.model.etag = arguments[0]", stale)
        conflicts = int(self.js(f"return Number({self.EDITOR}.dataset.conflicts || 0)"))
        before = self.saves()
        self.type_into("title", "Made again")
        self.wait_saved(before, message="the change was lost after the 412")
        self.assertEqual(int(self.js(f"return Number({self.EDITOR}.dataset.conflicts || 0)")), conflicts + 1, "no 412 was met")
        disk = self.on_disk(pid)
        self.assertEqual((disk["name"], disk["screens"][0]["title"]), ("Changed on disk", "Made again"))
        self.assertIn("new version", self.el("[data-editor-status]").text)
        # A change that no longer applies on the new version is kept in its field, with why.
        stale = self.js(f"return window.modallabEditor.model.etag")
        self.select_node("/screens/0")
        status, body = owner_api("GET", f"/api/prototypes/{pid}")
        status, body = owner_api("PATCH", f"/api/prototypes/{pid}", [{"op": "add", "path": "/screens/-", "value": {"id": "journal", "title": "Journal"}}],
                                 headers={"If-Match": body["etag"], "Content-Type": "application/json-patch+json"})
        self.assertEqual(status, 200, body)
        self.wait_for("return window.modallabEditor.model.doc.screens.length === 2", message="the change was not read in")
        self.idle()
        self.js("window.modallabEditor.model.etag = arguments[0]", stale)
        before = self.saves()
        self.type_into("id", "journal")
        self.wait_for("return !document.querySelector('[data-editor-error]').hidden", message="no word on the lost replay")
        self.idle()
        self.assertEqual(self.saves(), before)
        self.assertIn("changed elsewhere", self.el("[data-editor-error]").text)
        self.assertEqual(self.field("id").get_attribute("value"), "journal", "the typed id is kept")
        self.assertEqual(self.field("id").get_attribute("aria-invalid"), "true")
        self.assertEqual([s["id"] for s in self.on_disk(pid)["screens"]], ["home", "journal"])

    def test_keyboard_alone_adds_edits_duplicates_reorders_deletes_undoes_and_redoes(self):
        from selenium.webdriver.common.keys import Keys
        pid = "keys-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "Keys"})[0], 201)
        self.open_editor(pid)
        self.node("").send_keys(Keys.ARROW_DOWN)  # the screens
        self.wait_for("return document.activeElement?.dataset.path === '/screens'")
        self.keys(Keys.ARROW_DOWN)
        self.wait_for("return document.activeElement?.dataset.path === '/screens/0'")
        self.assertEqual(self.selected(), "/screens/0")
        # To the palette and back, by Tab alone.
        for _ in range(40):
            if self.js("return document.activeElement?.dataset.add === 'button'"):
                break
            self.keys(Keys.SHIFT, Keys.TAB)
        self.assertEqual(self.js("return document.activeElement?.dataset.add"), "button")
        before = self.saves()
        self.keys(Keys.ENTER)
        self.wait_saved(before)
        self.wait_for("return document.activeElement?.dataset.path === '/screens/0/content/0'",
                      message="the new node does not have the focus")
        # Enter edits the node: Tab to its title, type, Return saves.
        self.keys(Keys.ENTER)
        for _ in range(10):
            if self.js("return document.activeElement?.dataset.field === 'title'"):
                break
            self.keys(Keys.TAB)
        self.assertEqual(self.js("return document.activeElement?.dataset.field"), "title")
        before = self.saves()
        self.keys(Keys.CONTROL, "a")
        self.keys("Go")
        self.keys(Keys.ENTER)
        self.wait_saved(before)
        self.assertEqual(self.on_disk(pid)["screens"][0]["content"][0]["title"], "Go")
        # Escape goes back to the node; Ctrl+D duplicates it, Alt+Up moves the copy first.
        self.keys(Keys.ESCAPE)
        self.wait_for("return document.activeElement?.dataset.path === '/screens/0/content/0'")
        before = self.saves()
        self.keys(Keys.CONTROL, "d")
        self.wait_saved(before)
        self.wait_for("return document.activeElement?.dataset.path === '/screens/0/content/1'")
        before = self.saves()
        self.keys(Keys.ALT, Keys.ARROW_UP)
        self.wait_saved(before)
        self.wait_for("return document.activeElement?.dataset.path === '/screens/0/content/0'")
        content = self.on_disk(pid)["screens"][0]["content"]
        self.assertEqual([c["id"] for c in content], ["button-2", "button"])
        self.assertEqual([c["title"] for c in content], ["Go", "Go"])
        # Delete removes it; Ctrl+Z brings it back, Ctrl+Shift+Z removes it again.
        before = self.saves()
        self.keys(Keys.DELETE)
        self.wait_saved(before)
        self.assertEqual([c["id"] for c in self.on_disk(pid)["screens"][0]["content"]], ["button"])
        before = self.saves()
        self.keys(Keys.CONTROL, "z")
        self.wait_saved(before)
        self.assertEqual([c["id"] for c in self.on_disk(pid)["screens"][0]["content"]], ["button-2", "button"])
        before = self.saves()
        self.keys(Keys.CONTROL, Keys.SHIFT, "z")
        self.wait_saved(before)
        self.assertEqual([c["id"] for c in self.on_disk(pid)["screens"][0]["content"]], ["button"])

    def test_dragging_a_node_reorders_its_array(self):
        pid = "drag-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "Drag", "from": "mail"})[0], 201)
        self.open_editor(pid)
        before = self.saves()
        # HTML drag and drop, as the browser dispatches it (WebDriver's pointer actions don't start one).
        self.js("""
            const from = document.querySelector('[data-path="/modals/1/actions/0"]');
            const to = document.querySelector('[data-path="/modals/1/actions/2"]');
            const dt = new DataTransfer();
            from.dispatchEvent(new DragEvent('dragstart', {bubbles: true, dataTransfer: dt}));
            to.dispatchEvent(new DragEvent('dragover', {bubbles: true, cancelable: true, dataTransfer: dt}));
            to.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true, dataTransfer: dt}));
            from.dispatchEvent(new DragEvent('dragend', {bubbles: true, dataTransfer: dt}));""")
        self.wait_saved(before)
        original = json.loads((ROOT / "Templates" / "prototypes" / "mail.json").read_text())["modals"][1]["actions"]
        moved = self.on_disk(pid)["modals"][1]["actions"]
        self.assertEqual(moved, original[1:3] + original[:1])
        self.assertEqual(self.selected(), "/modals/1/actions/2")

    def test_hostile_text_is_text_in_the_outline_and_inspector_and_a_change_on_disk_is_read_in(self):
        self.open_editor("hostile")
        self.assertIsNone(self.js("return window.__pwned ?? null"))
        self.assertIn(SCRIPT, self.node("/modals/0").text)
        self.assertFalse(self.d.find_elements("css selector", "[data-outline] script, [data-outline] img, [data-inspector] img"))
        self.select_node("/screens/0/content/0")
        self.assertEqual(self.field("text").get_attribute("value"), "Text " + SCRIPT + IMG + ATTR + JS + CSS + RLO)
        self.assertIsNone(self.js("return window.__pwned ?? null"))
        SafetyTests.assert_isolated(self)
        # The file changed on disk: the editor reads it in.
        pid = "disk-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "Disk"})[0], 201)
        self.open_editor(pid)
        status, body = owner_api("GET", f"/api/prototypes/{pid}")
        doc = body["definition"]
        doc["screens"][0]["title"] = "Changed on disk"
        Path(body["file"]).write_text(json.dumps(doc, indent=2))
        self.wait_for("return document.querySelector('[data-path=\"/screens/0\"]')?.textContent.includes('Changed on disk')",
                      timeout=30, message="the editor did not read the file changed on disk")

    def test_the_palette_offers_every_control_type_and_modal_style_of_the_schema_and_each_adds_its_kind(self):
        schema = json.loads((ROOT / "Schema" / "prototype.schema.json").read_text())
        types = schema["$defs"]["control"]["properties"]["type"]["enum"]
        styles = schema["$defs"]["modal"]["properties"]["style"]["enum"]
        pid = "palette-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "Palette"})[0], 201)
        self.open_editor(pid)
        offered = self.js("return [...document.querySelectorAll('[data-add]')].map(b => b.dataset.add)")
        self.assertEqual(offered, types + styles + ["screen", "menu", "task"])
        for i, kind in enumerate(types):
            self.select_node("/screens/0")
            path = self.add(kind)
            self.assertEqual(path, f"/screens/0/content/{i}")
            self.assertEqual(self.on_disk(pid)["screens"][0]["content"][i]["type"], kind)
            self.assertIn(kind, self.node(path).text)
        for i, style in enumerate(styles):
            self.select_node("")
            self.assertEqual(self.add(style), f"/modals/{i}")
            self.assertEqual(self.on_disk(pid)["modals"][i]["style"], style)
        # A menu goes onto the selected button, and another item into that menu.
        self.select_node("/screens/0/content/0")
        self.assertEqual(self.add("menu"), "/screens/0/content/0/menu")
        self.assertEqual(self.add("menu"), "/screens/0/content/0/menu/children/1")
        self.assertEqual(len(self.on_disk(pid)["screens"][0]["content"][0]["menu"]["children"]), 2)
        self.assertEqual(self.add("task"), "/tasks/0")
        self.assertEqual(self.on_disk(pid)["tasks"][0]["success"], {"screen": "home"})
        # A task's success is one of screen, modal or dismissed: choosing a modal replaces the screen.
        before = self.saves()
        from selenium.webdriver.support.ui import Select
        Select(self.el('[data-inspector] [data-field="success"] [data-field="modal"]')).select_by_value("alert")
        self.wait_saved(before)
        self.assertEqual(self.on_disk(pid)["tasks"][0]["success"], {"modal": "alert"})
        self.assertEqual(self.add("screen"), "/screens/1")

    def test_the_history_lists_each_version_and_restoring_one_is_undoable(self):
        from selenium.webdriver.common.keys import Keys
        pid = "history-" + secrets.token_hex(3)
        self.assertEqual(owner_api("POST", "/api/prototypes", {"id": pid, "name": "History"})[0], 201)
        self.open_editor(pid)
        self.select_node("/screens/0")
        for title in ("First", "Second"):
            before = self.saves()
            self.type_into("title", title)
            self.wait_saved(before)
        self.wait_for("return document.querySelectorAll('[data-history] li').length >= 3",
                      message="the history does not list the creation and both edits")
        self.assertEqual(self.js("return document.querySelector('[data-history] li').getAttribute('aria-current')"), "true")
        # The version before the last edit: its title was First.
        before = self.saves()
        self.el("[data-history] li:nth-child(2) [data-restore]").click()
        self.wait_saved(before)
        self.assertEqual(self.on_disk(pid)["screens"][0]["title"], "First")
        self.assertIn("First", self.node("/screens/0").text)
        self.node("").click()
        before = self.saves()
        self.keys(Keys.CONTROL, "z")
        self.wait_saved(before)
        self.assertEqual(self.on_disk(pid)["screens"][0]["title"], "Second")

    def test_a_click_in_the_player_selects_its_node_and_a_change_redraws_the_player(self):
        pid = "mail-" + secrets.token_hex(3)
        status, body = owner_api("POST", "/api/prototypes", {"id": pid, "name": "Mail copy", "from": "mail"})
        self.assertEqual(status, 201, body)
        self.open_editor(pid)
        frame = self.el("[data-player]")
        self.d.switch_to.frame(frame)
        try:
            self.wait_for("return document.querySelector('.player')?.dataset.ready === 'true'", timeout=30)
            self.settle()
            self.tap('[data-id="compose"]')
        finally:
            self.d.switch_to.default_content()
        doc = self.on_disk(pid)
        nav = doc["screens"][0]["navigationBar"]
        side = "trailing" if any(b["id"] == "compose" for b in nav.get("trailing", [])) else "leading"
        index = next(i for i, b in enumerate(nav[side]) if b["id"] == "compose")
        path = f"/screens/0/navigationBar/{side}/{index}"
        self.wait_for(f"return document.querySelector('[data-inspecting]')?.dataset.inspecting === {json.dumps(path)}",
                      message="the click in the player did not select the control's node")
        self.assertEqual(self.selected(), path)
        self.d.save_screenshot(str(Harness.shots / "editor.png"))
        before = self.saves()
        self.type_into("title", "Write")
        self.wait_saved(before)
        self.d.switch_to.frame(self.el("[data-player]"))
        try:
            self.wait_for("return document.querySelector('[data-id=\"compose\"]')?.textContent.includes('Write')"
                          " || document.querySelector('[data-id=\"compose\"]')?.getAttribute('aria-label')?.includes('Write')",
                          timeout=30, message="the player did not redraw the change")
        finally:
            self.d.switch_to.default_content()


if __name__ == "__main__":
    if "--check" in sys.argv:
        missing = missing_dependencies()
        for m in missing:
            print("missing:", m)
        if missing:
            print(INSTALL)
        sys.exit(MISSING_EXIT if missing else 0)
    if "--list" in sys.argv:
        for t in scenarios(unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])):
            print(scenario_id(t))
        sys.exit(0)
    argv = list(sys.argv)
    report = None
    if "--report" in argv:
        i = argv.index("--report")
        report = argv[i + 1]
        del argv[i:i + 2]
    runner = unittest.TextTestRunner(resultclass=RecordingResult, verbosity=2)
    program = unittest.main(argv=argv, testRunner=runner, exit=False)
    if report:
        Path(report).write_text(json.dumps(program.result.outcomes, indent=1))
    sys.exit(0 if program.result.wasSuccessful() else 1)
