import Testing
@testable import StrataData

/// The map's shading range: from the lowest cell to the 99th percentile,
/// so one extreme cell does not wash out the rest.
@Suite("Heat scale")
struct HeatScaleTests {
    @Test func oneOutlierDoesNotStretchTheRamp() {
        let scale = HeatScale(values: (1...200).map(Double.init) + [1_000_000])
        #expect(scale.low == 1)
        #expect(scale.high == 199) // rank ⌈0.99 × 201⌉ = 199
        #expect(scale.max == 1_000_000)
        #expect(scale.cutsOutliers)
        #expect(scale.fraction(1) == 0)
        #expect(scale.fraction(100) == 99.0 / 198)
        #expect(scale.fraction(199) == 1)
        #expect(scale.fraction(1_000_000) == nil)
    }

    @Test func anEvenSpreadKeepsItsTop() {
        // Nothing stands out: the ramp runs to the largest cell and nothing is marked.
        let scale = HeatScale(values: (1...200).map(Double.init))
        #expect(scale.high == 200 && !scale.cutsOutliers)
    }

    @Test func selectFindsTheKthSmallest() {
        var random = SplitMix64(seed: 7)
        for n in [1, 2, 3, 10, 101, 1000] {
            let values = (0..<n).map { _ in Double(random.next() % 50) }
            for k in [0, n / 2, n - 1] {
                var scratch = values
                #expect(HeatScale.select(k, in: &scratch) == values.sorted()[k])
            }
        }
    }

    @Test func flatAndEmptyData() {
        let flat = HeatScale(values: [5, 5, 5])
        #expect(flat.fraction(5) == 1)
        #expect(!flat.cutsOutliers)
        let none = HeatScale(values: [])
        #expect(none.low == 0 && none.high == 0)
    }

    @Test func aLevelsScaleCoversEverySubBucketAndIsRemembered() {
        // Three days of hourly base buckets: the day level's cells are the hours.
        let calendar = CalendarSystem(zone: .utc)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        for hour in 0..<72 { accumulator.add(seconds: Int64(hour) * 3600, value: Double(hour % 24)) }
        let dataset = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t", valueName: "v"), levels: [.day, .week])
        let scale = dataset.heatScale(.day, aggregate: .sum, series: 0, value: 0)
        #expect(scale.low == 0 && scale.max == 23)
        #expect(dataset.heatScale(.day, aggregate: .sum, series: 0, value: 0) == scale)
        // A week's cells are its days: sums of 0 + 1 + … + 23.
        #expect(dataset.heatScale(.week, aggregate: .sum, series: 0, value: 0).low == 276)
    }

    @Test func periodsTheDataCoversInPartAreLeftOutOfASeriesMapsSums() {
        // Two series, one row a day from Sunday 2024-01-07 to Wednesday 2024-01-24:
        // the first week holds one day, the last three.
        let calendar = CalendarSystem(zone: .utc)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .day)
        let sunday = Int64(1_704_585_600)
        for day in 0..<18 { for s in 0..<2 { accumulator.add(seconds: sunday + Int64(day) * 86_400, value: 10, series: s) } }
        let rows = LoadResult(accumulator: accumulator, sourceName: "t", valueName: "v", seriesNames: ["a", "b"])
        let dataset = Dataset(loaded: rows, levels: [.week, .month])
        // Whole weeks only: 70 each.
        let sums = dataset.seriesHeatScale(.week, aggregate: .sum, value: 0)
        #expect(sums.low == 70 && sums.high == 70)
        // Means are not cut short by a partial week.
        #expect(dataset.seriesHeatScale(.week, aggregate: .mean, value: 0).low == 10)
        // When every period is partial, they are all there is.
        #expect(dataset.seriesHeatScale(.month, aggregate: .sum, value: 0).low == 180)
    }
}
