import EventSchema
import Foundation
import InteractionLog
import Prototype
import Sharing

/// The order a participant link's participants play its tasks in (a prototype's `taskOrder`).
///
/// `fixed`: the link's order. `counterbalanced`: a balanced Latin square (Williams, E. J. 1949,
/// "Experimental designs balanced for the estimation of residual effects of treatments"), one
/// row per participant in the order they start: each task comes first, second, … equally often
/// and follows each other task equally often once every row is used (n rows for n tasks when n
/// is even; 2n when n is odd, each row and its reverse). We chose the square over a seeded
/// shuffle because a study has few participants: a square balances order effects after n (or
/// 2n) participants, a shuffle only on average. The row is the link's count of participant
/// sessions before this one (the log's count of the link's acknowledged starts, read from its
/// memory the first time, never its files, so this may run on an event loop; then kept here,
/// so that participants starting at once get different rows), and it is logged
/// (`session_start`'s `orderRow`), so the order can be checked after the fact.
final class TaskOrdering: @unchecked Sendable {
    private let lock = NSLock()
    /// Participant sessions started so far, per link id.
    private var started: [String: Int] = [:]

    /// The tasks `link` plays for its next participant, and the row of the square (`nil` for a
    /// fixed order). Tasks the prototype doesn't have are left out.
    func order(of link: ShareLink, prototype p: Prototype, log: LogStore) -> (tasks: [String], row: Int?) {
        let tasks = link.tasks.filter { p.task($0) != nil }
        guard Self.order(of: link, prototype: p) == .counterbalanced, tasks.count > 1 else { return (tasks, nil) }
        let n = lock.withLock { () -> Int in
            let n = started[link.id] ?? log.loggedStarts(share: link.id)
            started[link.id] = n + 1
            return n
        }
        let row = n % Self.rows(tasks.count)
        return (Self.row(row, of: tasks.count).map { tasks[$0] }, row)
    }

    /// The order a link's participants play its tasks in: the link's `taskOrder` when it says
    /// one (``ShareLink/taskOrder``), else the prototype's.
    static func order(of link: ShareLink?, prototype p: Prototype) -> TaskOrder {
        link?.taskOrder.flatMap(TaskOrder.init(rawValue:)) ?? p.taskOrder
    }

    /// How many rows the balanced Latin square of `n` tasks has.
    static func rows(_ n: Int) -> Int { n % 2 == 0 ? n : 2 * n }

    /// Row `r` of the balanced Latin square of `n` tasks: indices into the tasks. The first row
    /// is 0, 1, n−1, 2, n−2, …; row r adds r to each (mod n); for odd n, rows n…2n−1 are rows
    /// 0…n−1 reversed.
    static func row(_ r: Int, of n: Int) -> [Int] {
        guard n > 0 else { return [] }
        var first: [Int] = []
        var low = 0
        var high = n - 1
        for j in 0..<n {
            if j == 0 {
                first.append(0)
                low = 1
            } else if j % 2 == 1 {
                first.append(low)
                low += 1
            } else {
                first.append(high)
                high -= 1
            }
        }
        let shift = r % n
        let row = first.map { ($0 + shift) % n }
        return r >= n ? row.reversed() : row
    }
}
