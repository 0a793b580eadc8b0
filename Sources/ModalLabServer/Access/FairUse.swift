import HTTPServer
import JSON
import Sharing

/// The log events share links' viewers may write (``FairLimits/eventsPerSecondPerShare``,
/// ``FairLimits/eventsPerSecondPerAddress``): a token bucket per link and per client address.
/// The owner is not counted.
final class EventBudget: Sendable {
    let perShare: RateLimiter
    let perAddress: RateLimiter
    let limits: FairLimits

    init(_ limits: FairLimits) {
        self.limits = limits
        perShare = RateLimiter(
            rate: limits.eventsPerSecondPerShare,
            burst: max(1, limits.eventsPerSecondPerShare * FairLimits.burstSeconds))
        perAddress = RateLimiter(
            rate: limits.eventsPerSecondPerAddress,
            burst: max(1, limits.eventsPerSecondPerAddress * FairLimits.burstSeconds))
    }

    /// How many events a request of `bytes` bytes carrying `events` events costs: each event,
    /// and one more for every ``bytesPerEvent`` of the request, so that the budget bounds the
    /// bytes a link writes to the log as well as its lines.
    static func cost(events: Int, bytes: Int) -> Int { events + bytes / bytesPerEvent }

    /// The request bytes that count as one more event (4 KiB: a few log lines' worth).
    static let bytesPerEvent = 4096

    /// Spends `count` events of `viewer`'s budgets (its link's and its address's), or spends
    /// nothing and throws 429 with `Retry-After` when either can't pay for them now.
    func charge(_ viewer: Viewer, address: String, count: Int) throws(Problem) {
        guard let share = viewer.shareID, count > 0 else { return }
        let cost = Double(count)
        let linkWait = perShare.wait(share, cost: cost)
        let addressWait = perAddress.wait(address, cost: cost)
        if linkWait != nil || addressWait != nil {
            let wait = max(linkWait ?? 0, addressWait ?? 0)
            let (who, rate) =
                (linkWait ?? 0) >= (addressWait ?? 0)
                ? ("this share link", limits.eventsPerSecondPerShare)
                : ("this address (\(address))", limits.eventsPerSecondPerAddress)
            throw Problem.tooMany(
                title: "Too many events",
                detail:
                    "\(who) may log \(Self.number(rate)) events a second (\(Self.number(rate * FairLimits.burstSeconds)) at once); "
                    + "\(count == 1 ? "this request logs 1" : "these \(count) are") over it. Try again in \(wait) s.",
                retryAfter: wait, limit: who == "this share link" ? "eventsPerShare" : "eventsPerAddress")
        }
        perShare.take(share, cost: cost)
        perAddress.take(address, cost: cost)
    }

    /// `20`, `2.5`: a rate as people write it.
    static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}

extension Problem {
    /// 429 Too Many Requests (RFC 6585 §4) with `Retry-After` (RFC 9110 §10.2.3) in seconds and
    /// the limit's name as the `limit` extension member.
    /// 429 for a share link that already holds `limit` event streams (reloads or watches).
    static func tooManyStreams(limit: Int) -> Problem {
        tooMany(
            title: "Too many streams",
            detail: "this share link may hold \(limit) event streams at once (one per open page); close a page or retry",
            retryAfter: 5, limit: "streamsPerShare")
    }

    static func tooMany(title: String, detail: String, retryAfter seconds: Int, limit: String) -> Problem {
        Problem(
            .tooManyRequests, title: title, detail: detail, extensions: ["limit": .string(limit)],
            headers: ["Retry-After": String(max(1, seconds))])
    }
}
