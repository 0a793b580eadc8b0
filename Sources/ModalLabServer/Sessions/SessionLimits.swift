import JSON
import Presentation

/// How large one viewing session's state may grow, so that a session's memory is bounded
/// whatever its viewer sends: the text typed into its controls and the screens on its
/// navigation paths (the engine lets a prototype's cycles push without end). An action that
/// would take the state past a limit is refused with a 422 problem naming the limit, and
/// nothing changes (nothing is logged).
///
/// Ours, not Apple's: far above what a person types or navigates in a review.
enum SessionLimits {
    /// UTF-8 bytes of the values a session keeps (text typed into fields and areas, the app's
    /// and every presented modal's): 1 MiB.
    static let valueBytes = 1 << 20
    /// Screens on a session's navigation paths, the app's and every presented modal's.
    static let screens = 1_000

    /// The problem for `state` when it is beyond a limit, else nil. O(values + screens).
    static func check(_ state: PresentationState) -> Problem? {
        var bytes = size(state.appValues)
        var screens = state.appScreens.count
        for entry in state.stack {
            bytes += size(entry.values)
            screens += entry.screens.count
        }
        if bytes > valueBytes {
            return problem(
                "valueBytes", valueBytes,
                "the session would keep \(bytes) bytes of typed values, more than the \(valueBytes) one session may keep"
            )
        }
        if screens > self.screens {
            return problem(
                "screens", self.screens,
                "the session's navigation paths would hold \(screens) screens, more than the \(self.screens) one session may hold"
            )
        }
        return nil
    }

    private static func size(_ values: [String: JSONValue]) -> Int {
        values.reduce(0) { total, item in
            if case .string(let s) = item.value { return total + item.key.utf8.count + s.utf8.count }
            return total + item.key.utf8.count + 8
        }
    }

    private static func problem(_ name: String, _ value: Int, _ detail: String) -> Problem {
        Problem(
            .unprocessableContent, title: "Session too large", detail: detail + "; nothing changed",
            extensions: ["limit": .string(name), "value": .int(value)])
    }
}
