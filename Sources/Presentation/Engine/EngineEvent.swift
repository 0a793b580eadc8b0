import EventSchema

/// A log-worthy event produced by the engine: the interaction log's own columns
/// (``EventFields``), with a typed `type` (one of ``LogEventType/engineTypes``). The engine sets
/// where it happened and what it did (`screen`, `modal`, `target`, `style`, `requestedStyle`,
/// `how` and `durationMs` on `dismiss`, `rule` and `severity` on `refused`, `adapted` and
/// `diagnostic`, `x`, `y`, `props`); the server adds session, time and device and appends it.
public typealias EngineEvent = EventFields
