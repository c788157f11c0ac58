/// What the command line fixed before reading; what it leaves nil is
/// picked from the data (see `DataLoader.load(_:options:setup:)`).
public struct LoadSetup: Sendable {
    /// `--tz`; nil: the offset every time carries, else `fallbackZone`.
    public var zone: ZoneRules?
    /// `TZ`, else the system zone.
    public var fallbackZone: ZoneRules = .system
    public var weekStart: WeekStart = .monday
    /// `--levels`; nil: fitted to the spacing and span of the times.
    public var levels: [Level]?
    /// `--level`: added to the levels when it is not one of them.
    public var startLevel: Level?

    public init() {}
}
