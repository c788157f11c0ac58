import CNcurses
@testable import StrataTerminal
import StrataUI
import Testing

@Suite("Input reader")
struct InputReaderTests {
    typealias Step = ScriptedTerminal.Step

    /// The inputs the reader makes of `script`, read until it runs dry
    /// (blocking reads, as the run loop's when nothing moves).
    func inputs(_ script: [Step], size: Size = Size(width: 80, height: 24)) -> [BackendInput] {
        var reader = InputReader(source: ScriptedTerminal(size: size, script))
        var inputs: [BackendInput] = []
        while true {
            let input = reader.next(timeoutMilliseconds: nil)
            if input == .closed { return inputs }
            inputs.append(input)
        }
    }

    func keys(_ text: String) -> [BackendInput] {
        text.map { .event(.key(.character($0))) }
    }

    static let escape = BackendInput.event(.key(.escape))

    @Test func anEscAloneIsTheEscKeyAndTheLookAheadDoesNotWait() {
        var reader = InputReader(source: ScriptedTerminal([.escape]))
        #expect(reader.next(timeoutMilliseconds: nil) == Self.escape)
        #expect(reader.source.timeouts == [reader.idleWakeMilliseconds, 0])
    }

    /// The resize arrives within Esc's delay, so the look-ahead reads it: it comes next.
    @Test func aResizeRightAfterAnEscIsAnInputOfItsOwn() {
        let small = Size(width: 20, height: 6), huge = Size(width: 400, height: 120)
        #expect(inputs([.escape, .resize(huge)], size: small) == [Self.escape, .event(.resize(huge))])
        #expect(inputs([.escape, .pause, .resize(small)], size: huge) == [Self.escape, .event(.resize(small))])
        #expect(inputs([.escape, .resize(huge), .resize(small)], size: small)
            == [Self.escape, .event(.resize(huge)), .event(.resize(small))])
    }

    @Test func aKeyRightAfterAnEscIsKeptToo() {
        #expect(inputs([.escape, .functionKey(KEY_LEFT)]) == [Self.escape, .event(.key(.left))])
        #expect(inputs([.escape, .escape]) == [Self.escape, Self.escape])
        #expect(inputs([.escape] + Step.text("q")) == [Self.escape] + keys("q"))
        // `ESC [ A` with keypad off: no report, so three keys.
        #expect(inputs([.escape] + Step.text("[A")) == [Self.escape] + keys("[A"))
    }

    @Test func aMouseReportAfterAnEscIsOneInput() {
        #expect(inputs([.escape] + Step.text("[<0;5;3Mq"))
            == [.event(.mouse(MouseEvent(.press(.left), x: 4, y: 2)))] + keys("q"))
        #expect(inputs([.escape] + Step.text("[M ") + [.input(.character(37)), .input(.character(35))])
            == [.event(.mouse(MouseEvent(.press(.left), x: 4, y: 2)))])
        // A whole report the app has no use for reads as Esc, and is gone.
        #expect(inputs([.escape] + Step.text("[<35;1;1Mq")) == [Self.escape] + keys("q"))
    }

    /// What was read of a report before a resize cut it off is given back in order, then the resize.
    @Test func aResizeInsideAReportEndsTheLookAhead() {
        let wide = Size(width: 120, height: 40)
        #expect(inputs([.escape] + Step.text("[<0;5") + [.resize(wide)])
            == [Self.escape] + keys("[<0;5") + [.event(.resize(wide))])
        // A look-ahead that starts on given-back input reads the rest as it comes.
        #expect(inputs([.escape, .escape] + Step.text("[<0;1;1M"))
            == [Self.escape, .event(.mouse(MouseEvent(.press(.left), x: 0, y: 0)))])
    }

    @Test func controlCodesWithNoKeyAreSkipped() {
        #expect(inputs([.input(.character(1)), .functionKey(KEY_F0 + 1)] + Step.text("a")) == keys("a"))
    }

    @Test func aReadThatTimesOutIsATick() {
        var reader = InputReader(source: ScriptedTerminal([.pause] + Step.text("a")))
        #expect(reader.next(timeoutMilliseconds: 40) == .timeout)
        #expect(reader.next(timeoutMilliseconds: 40) == .event(.key(.character("a"))))
        #expect(reader.source.timeouts == [40, 40])
    }

    /// Blocking reads that keep failing mean the terminal is gone; a key in between starts the count again.
    @Test func blockingReadsThatKeepFailingCloseTheInput() {
        let almost = Array(repeating: Step.pause, count: InputReader<ScriptedTerminal>.maxFailedReads - 1)
        var reader = InputReader(source: ScriptedTerminal(almost + Step.text("a") + almost))
        #expect(reader.next(timeoutMilliseconds: nil) == .event(.key(.character("a"))))
        #expect(reader.next(timeoutMilliseconds: nil) == .closed)
        #expect(reader.source.timeouts.count == 2 * almost.count + 2)
    }

    /// Waiting for ever, the reader wakes to read again: a resize that
    /// ncurses saw too late for one read is the next read's, not the next key's.
    /// Quiet reads are not failures, however many.
    @Test func waitingForEverWakesAndReadsAgain() {
        let wide = Size(width: 120, height: 40)
        let quiet = Array(repeating: Step.quiet, count: InputReader<ScriptedTerminal>.maxFailedReads + 2)
        var reader = InputReader(source: ScriptedTerminal(quiet + [.resize(wide)]), idleWakeMilliseconds: 4)
        #expect(reader.next(timeoutMilliseconds: nil) == .event(.resize(wide)))
        #expect(Set(reader.source.timeouts) == [4])
    }

    /// A frame that wakes far ahead (its clock's next tick) does not make
    /// a read wait that long: the reader reads again every wake, so such a
    /// resize comes within one, not with the next key.
    @Test func aFarWakeUpStillReadsAgainEveryWake() {
        let wide = Size(width: 120, height: 40)
        var reader = InputReader(source: ScriptedTerminal([.quiet, .quiet, .resize(wide)]), idleWakeMilliseconds: 4)
        #expect(reader.next(timeoutMilliseconds: 60_000) == .event(.resize(wide)))
        #expect(Set(reader.source.timeouts) == [4])
        // A wake-up sooner than that is kept to.
        var soon = InputReader(source: ScriptedTerminal([.quiet]), idleWakeMilliseconds: 1000)
        #expect(soon.next(timeoutMilliseconds: 3) == .timeout)
        #expect(soon.source.timeouts.allSatisfy { $0 <= 3 })
    }

    @Test func aStopIsReportedSoTheLoopMeasuresAgain() {
        #expect(inputs([.stop] + Step.text("a")) == [.continued] + keys("a"))
    }
}
