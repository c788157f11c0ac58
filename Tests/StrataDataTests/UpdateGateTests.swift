import Foundation
import Testing
@testable import StrataData

/// A load's updates in order: a progress told from another thread as the
/// load ends never arrives after the end (it replaced the finished dataset
/// on screen, which then said `reading … 100%` for good).
struct UpdateGateTests {
    final class Received: @unchecked Sendable {
        let lock = NSLock()
        var kinds: [String] = []
        func add(_ update: BackgroundLoad.Update) {
            let kind = switch update {
            case .partial: "partial"
            case .finished: "finished"
            case .failed: "failed"
            }
            lock.withLock { kinds.append(kind) }
        }
    }

    @Test func nothingPassesAfterTheEnd() {
        let result = LoadResult(accumulator: Accumulator(calendar: CalendarSystem(zone: .utc), baseUnit: .hour), sourceName: "t.csv", valueName: "v")
        for _ in 0..<200 {
            let received = Received()
            let gate = UpdateGate { received.add($0) }
            let teller = Thread {
                for _ in 0..<50 { gate.pass(.partial(result)) }
            }
            teller.start()
            gate.end(.finished(result))
            while teller.isExecuting || !teller.isFinished { usleep(50) }
            gate.pass(.partial(result))
            #expect(received.kinds.last == "finished")
            #expect(received.kinds.filter { $0 == "finished" }.count == 1)
        }
    }
}
