/// Server options that change the engine's choices.
public struct EngineOptions: Sendable, Equatable {
    /// What a presentation over a popover does (README, “The command line” `--on-popover-conflict`).
    public enum PopoverConflict: String, Sendable, CaseIterable { case refuse, closeFirst = "close-first" }

    /// `refuse` (the default): 409 under `popover.no-modal-over` / `popover.one-at-a-time`;
    /// `close-first`: the popover closes, keeping its work, and the presentation goes ahead
    /// (`popover.close-then-present`).
    public var popoverConflict: PopoverConflict
    /// Animation time of a present or dismiss in ms; a present, dismiss, push or pop inside it is
    /// refused under `stack.transition-in-progress`. 0 (the default) turns the check off, so
    /// scripted clients are deterministic.
    public var transitionMs: Int

    /// The options; the defaults refuse popover conflicts and check no transition time.
    public init(popoverConflict: PopoverConflict = .refuse, transitionMs: Int = 0) {
        self.popoverConflict = popoverConflict
        self.transitionMs = transitionMs
    }
}
