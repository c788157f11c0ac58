import Testing
@testable import StrataUI

@Suite("Mouse reports")
struct MouseReportTests {
    @Test func sgrPressDragReleaseAndModifiers() {
        #expect(MouseReport.sgr("0;10;5M") == MouseEvent(.press(.left), x: 9, y: 4))
        #expect(MouseReport.sgr("2;1;1M") == MouseEvent(.press(.right), x: 0, y: 0))
        #expect(MouseReport.sgr("32;11;5M") == MouseEvent(.drag(.left), x: 10, y: 4))
        #expect(MouseReport.sgr("0;11;5m") == MouseEvent(.release, x: 10, y: 4))
        #expect(MouseReport.sgr("4;300;100M") == MouseEvent(.press(.left), x: 299, y: 99, modifiers: .shift))
        #expect(MouseReport.sgr("24;3;3M") == MouseEvent(.press(.left), x: 2, y: 2, modifiers: [.alt, .control]))
    }

    @Test func sgrWheelInFourDirections() {
        #expect(MouseReport.sgr("64;5;6M") == MouseEvent(.wheel(.up), x: 4, y: 5))
        #expect(MouseReport.sgr("65;5;6M") == MouseEvent(.wheel(.down), x: 4, y: 5))
        #expect(MouseReport.sgr("66;5;6M") == MouseEvent(.wheel(.left), x: 4, y: 5))
        #expect(MouseReport.sgr("67;5;6M") == MouseEvent(.wheel(.right), x: 4, y: 5))
        let shifted = MouseReport.sgr("68;5;6M")
        #expect(shifted == MouseEvent(.wheel(.up), x: 4, y: 5, modifiers: .shift))
        #expect(shifted?.effectiveWheel == .left)
    }

    @Test func x10ReportsAreOffsetBy32() {
        #expect(MouseReport.x10([32, 33 + 9, 33 + 4]) == MouseEvent(.press(.left), x: 9, y: 4))
        #expect(MouseReport.x10([35, 40, 40]) == MouseEvent(.release, x: 7, y: 7))
        #expect(MouseReport.x10([96, 40, 40]) == MouseEvent(.wheel(.up), x: 7, y: 7))
        #expect(MouseReport.x10([64, 40, 40]) == MouseEvent(.drag(.left), x: 7, y: 7))
    }

    @Test func malformedReportsAreNotEvents() {
        for body in ["", "0;10M", "0;10;5", "a;b;cM", "0;0;5M", "0;10;5;7M", "35;10;5M", "128;1;1M"] {
            #expect(MouseReport.sgr(body) == nil, "\(body)")
        }
        #expect(MouseReport.x10([32, 33]) == nil)
        #expect(MouseReport.x10([32, 10, 40]) == nil)
    }
}
