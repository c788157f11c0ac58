/// The map's rows of cells already worked out: a key redraws some fifty
/// rows that mostly did not change, and building each period's page again
/// was most of a frame. Rows kept at most 8,192 (a few hundred bytes each).
typealias MapRows = PeriodMemo<[MapGrid.Cell]>

extension PeriodMemo where Value == [MapGrid.Cell] {
    convenience init() {
        self.init(limit: 8192)
    }
}
