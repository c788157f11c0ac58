/// What frames remember of their work across frames, one memo per kind of
/// work (the overview's mini cards, the map's rows): the app keeps one for
/// its dataset, and a new environment starts with an empty one.
final class FrameMemory: Sendable {
    let miniCards = MiniCards()
    let mapRows = MapRows()
}
