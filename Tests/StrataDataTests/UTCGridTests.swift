import Testing
@testable import StrataData

/// The UTC grid a database groups by holds every bucket's start: the
/// strides and origins below are worked out by hand from the zones' offsets.
struct UTCGridTests {
    static func grid(_ unit: TimeUnit, _ zone: String, _ from: Int64, _ to: Int64) -> UTCGrid {
        UTCGrid(unit: unit, zone: ZoneRules(named: zone)!, over: from...to)
    }

    @Test func wholeHourZonesKeepUTCsHoursAndKolkataHalfPastThem() {
        // 2024, across both of Berlin's changes: hours on UTC's hours; its days start at 22:00 or 23:00 UTC.
        #expect(Self.grid(.hour, "Europe/Berlin", 1_704_067_200, 1_735_689_599) == UTCGrid(stride: 3600, origin: 0))
        #expect(Self.grid(.day, "Europe/Berlin", 1_704_067_200, 1_735_689_599) == UTCGrid(stride: 3600, origin: 0))
        #expect(Self.grid(.day, "UTC", 1_704_067_200, 1_735_689_599) == UTCGrid(stride: 86_400, origin: 0))
        // +05:30: an hour starts at :30 UTC, a day at 18:30 UTC.
        #expect(Self.grid(.hour, "Asia/Kolkata", 1_704_067_200, 1_735_689_599) == UTCGrid(stride: 3600, origin: 1800))
        #expect(Self.grid(.day, "Asia/Kolkata", 1_704_067_200, 1_735_689_599) == UTCGrid(stride: 86_400, origin: 66_600))
    }

    @Test func partHourChangesNarrowTheGrid() {
        // Kathmandu, +05:30 then +05:45 from 1985-12-31 18:30 UTC: hours at :30 and :15 UTC, so quarters.
        #expect(Self.grid(.hour, "Asia/Kathmandu", 504_000_000, 505_000_000) == UTCGrid(stride: 900, origin: 0))
        // St John's, 3 Apr 1988: -03:30 to -01:30 at 00:01 local, 03:31 UTC: the change cuts an hour a minute past a grid line.
        #expect(Self.grid(.hour, "America/St_Johns", 576_000_000, 577_000_000) == UTCGrid(stride: 60, origin: 0))
        // Monrovia, -00:44:30 until 7 Jan 1972 (00:44:30 UTC): minutes at :30 seconds before, whole after.
        #expect(Self.grid(.minute, "Africa/Monrovia", 63_000_000, 63_700_000) == UTCGrid(stride: 30, origin: 0))
        // Outside the change each is its own grid: -00:44:30's minutes start 30 s past UTC's.
        #expect(Self.grid(.minute, "Africa/Monrovia", 0, 86_400) == UTCGrid(stride: 60, origin: 30))
    }
}
