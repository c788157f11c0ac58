import StrataUI

/// A clock tests move by hand: wall time for "now", milliseconds for animation.
final class TestClock: AppClock, @unchecked Sendable {
    var wall: Int64
    var time: Int64 = 0
    let moves: Bool

    init(now: Int64, moves: Bool = false) {
        self.wall = now
        self.moves = moves
    }

    func wallSeconds() -> Int64 { wall }
    func milliseconds() -> Int64 { time }
    var wallTimeMoves: Bool { moves }
}
