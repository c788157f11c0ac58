@testable import StrataTerminal
import StrataUI
import Testing

@Suite("Mouse decoder")
struct MouseDecoderTests {
    /// Every step, one per code fed after the ESC.
    func steps(_ codes: [UInt32]) -> [MouseDecoder.Step] {
        var decoder = MouseDecoder()
        return codes.map { decoder.feed($0) }
    }

    func steps(_ text: String) -> [MouseDecoder.Step] {
        steps(text.unicodeScalars.map(\.value))
    }

    func needingMore(_ count: Int, then last: MouseDecoder.Step) -> [MouseDecoder.Step] {
        Array(repeating: .needsMore, count: count) + [last]
    }

    @Test func sgrReportsAreReadToTheirFinalLetter() {
        #expect(steps("[<0;5;3M") == needingMore(7, then: .report(MouseEvent(.press(.left), x: 4, y: 2))))
        #expect(steps("[<2;1;1M") == needingMore(7, then: .report(MouseEvent(.press(.right), x: 0, y: 0))))
        #expect(steps("[<0;5;3m") == needingMore(7, then: .report(MouseEvent(.release, x: 4, y: 2))))
        #expect(steps("[<32;10;4M") == needingMore(9, then: .report(MouseEvent(.drag(.left), x: 9, y: 3))))
        #expect(steps("[<65;200;100M") == needingMore(12, then: .report(MouseEvent(.wheel(.down), x: 199, y: 99))))
    }

    /// Motion with no button held was not asked for: a whole report, with no event.
    @Test func aWholeReportTheAppHasNoUseFor() {
        #expect(steps("[<35;1;1M") == needingMore(8, then: .report(nil)))
    }

    @Test func x10ReportsAreThreeBytesAfterTheM() {
        #expect(steps([91, 77, 32, 33 + 4, 33 + 2]) == needingMore(4, then: .report(MouseEvent(.press(.left), x: 4, y: 2))))
        #expect(steps([91, 77, 35, 33, 33]) == needingMore(4, then: .report(MouseEvent(.release, x: 0, y: 0))))
        // Bytes below 32 are not an X10 report.
        #expect(steps([91, 77, 32, 10, 33]) == needingMore(4, then: .notAReport))
    }

    @Test func otherSequencesAreNotReports() {
        #expect(steps("q") == [.notAReport])
        #expect(steps([27]) == [.notAReport])
        #expect(steps("[A") == [.needsMore, .notAReport])
        // A lone surrogate cannot be part of a report.
        #expect(steps([91, 60, 0xD800]) == [.needsMore, .needsMore, .notAReport])
    }

    @Test func anSGRReportLongerThanAnyRealOneIsGivenUp() {
        let digits = String(repeating: "1", count: MouseDecoder.maxReportLength)
        #expect(steps("[<" + digits) == needingMore(MouseDecoder.maxReportLength + 1, then: .notAReport))
    }
}
