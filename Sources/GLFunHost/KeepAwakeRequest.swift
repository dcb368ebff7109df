/// What an app has asked of its host about the screen blanking (`HostEffect.keepAwake`), so
/// that it asks once per change and not with every event: the app says after each event
/// whether it wants the screen awake, and gets the effect to send only when that changed.
/// It starts as a host starts: not asked.
public struct KeepAwakeRequest: Equatable, Sendable {
    /// Whether the app last asked to keep the screen awake.
    public private(set) var asked = false

    /// Not asked yet.
    public init() {}

    /// `[.keepAwake(wanted)]` when `wanted` differs from what was last asked, else none.
    public mutating func effects(wanted: Bool) -> [HostEffect] {
        guard wanted != asked else { return [] }
        asked = wanted
        return [.keepAwake(wanted)]
    }
}
