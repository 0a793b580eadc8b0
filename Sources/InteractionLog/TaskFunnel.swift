/// A task's funnel along its expected path, as summaries carry it (`funnel` of a task in
/// `GET /api/logs/summary.json`, the `funnel` rows of `summary.csv`): how many of the task's
/// attempts tapped the first `k` steps of its expected path in order, other taps between them
/// allowed, and how many stopped before each step. Steps are those the engine counts for
/// `direct` (``EventSchema/EventFields/pathStep(after:)``: a tap, a person's focus of a text
/// field, a person's edit of a toggle or segmented control). The counts are those of the insights page's
/// funnels: both come from ``StudyAggregates`` (``TaskPaths/funnel``).
public struct TaskFunnel: Sendable, Equatable {
    /// The task's expected path: the ids of the controls (or an alert's or action sheet's
    /// button's id or title) tapped on the intended route.
    public var expectedPath: [String]
    /// `reached[k]`: the attempts that tapped the path's first `k` steps in order;
    /// `reached[0]` is every attempt. One more element than ``expectedPath``.
    public var reached: [Int]
    /// Attempts that succeeded (`direct` or `indirect`).
    public var succeeded: Int

    /// `dropped[k]`: the attempts that tapped the first `k - 1` steps but not step `k` (0 for
    /// `k` = 0), the drop-off before each step.
    public var dropped: [Int] {
        reached.indices.map { $0 == 0 ? 0 : reached[$0 - 1] - reached[$0] }
    }

    /// A funnel of `expectedPath` with these counts.
    public init(expectedPath: [String], reached: [Int], succeeded: Int) {
        self.expectedPath = expectedPath
        self.reached = reached
        self.succeeded = succeeded
    }

    /// The funnel of `paths` (one task's, aggregated with `expectedPath` as its expected path)
    /// along `expectedPath`; every count 0 when `paths` has no funnel (no attempt was read).
    public init(_ paths: TaskPaths?, expectedPath: [String]) {
        self.expectedPath = expectedPath
        if let f = paths?.funnel, f.count == expectedPath.count + 1 {
            reached = f
        } else {
            reached = Array(repeating: 0, count: expectedPath.count + 1)
        }
        succeeded = (paths?.outcomes["direct"] ?? 0) + (paths?.outcomes["indirect"] ?? 0)
    }
}

extension LogSource {
    /// The summary of the sessions `filter` selects (``summary(filter:)``), each task with an
    /// expected path given its ``TaskSummary/funnel``: `expectedPaths` is prototype id → task id →
    /// expected path (the prototypes' files say them; the log doesn't). The funnels count the
    /// same sessions as the summary (the filter's whole-session criteria, through
    /// ``studyAggregates(filter:_:each:)``, as the insights page counts them): one more read of
    /// the log per prototype with such a task.
    public func summary(filter: LogFilter, expectedPaths: [String: [String: [String]]]) throws -> LogSummary {
        var summary = try summary(filter: filter)
        let prototypes = Set(summary.tasks.compactMap(\.prototype)).filter { expectedPaths[$0]?.isEmpty == false }
        for id in prototypes.sorted() {
            guard let paths = expectedPaths[id] else { continue }
            var one = filter
            one.prototype = id
            var aggregates = StudyAggregates()
            aggregates.expectedPaths = paths.filter { !$0.value.isEmpty }
            let taskPaths = try studyAggregates(filter: one, aggregates).paths
            for i in summary.tasks.indices where summary.tasks[i].prototype == id {
                guard let path = paths[summary.tasks[i].task], !path.isEmpty else { continue }
                summary.tasks[i].funnel = TaskFunnel(
                    taskPaths.first { $0.task == summary.tasks[i].task }, expectedPath: path)
            }
        }
        return summary
    }
}
