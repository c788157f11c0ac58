import CNcurses
@testable import StrataTerminal
import StrataUI
import Testing

@Suite("Key decoder")
struct KeyDecoderTests {
    @Test("characters", arguments: [
        (UInt32(3), InputEvent.key(.ctrlC)),
        (8, .key(.backspace)), (127, .key(.backspace)),
        (9, .key(.tab)), (10, .key(.enter)), (13, .key(.enter)),
        (27, .key(.escape)), (32, .key(.space)),
        (UInt32(UInt8(ascii: "q")), .key(.character("q"))),
        (0xE9, .key(.character("é"))), (0x65E5, .key(.character("日"))),
        (1, .ignored), (31, .ignored), (0x85, .ignored),
        (0xD800, .ignored), // a lone surrogate is no character
    ])
    func character(code: UInt32, event: InputEvent) {
        #expect(KeyDecoder.decode(.character(code)) == event)
    }

    @Test("function keys", arguments: [
        (KEY_LEFT, InputEvent.key(.left)), (KEY_SLEFT, .key(.left)),
        (KEY_RIGHT, .key(.right)), (KEY_SRIGHT, .key(.right)),
        (KEY_UP, .key(.up)), (KEY_SR, .key(.up)),
        (KEY_DOWN, .key(.down)), (KEY_SF, .key(.down)),
        (KEY_HOME, .key(.home)), (KEY_A1, .key(.home)), (KEY_FIND, .key(.home)), (KEY_SHOME, .key(.home)),
        (KEY_END, .key(.end)), (KEY_C1, .key(.end)), (KEY_SELECT, .key(.end)), (KEY_SEND, .key(.end)),
        (KEY_PPAGE, .key(.pageUp)), (KEY_A3, .key(.pageUp)), (KEY_SPREVIOUS, .key(.pageUp)),
        (KEY_NPAGE, .key(.pageDown)), (KEY_C3, .key(.pageDown)), (KEY_SNEXT, .key(.pageDown)),
        (KEY_ENTER, .key(.enter)), (KEY_BTAB, .key(.backTab)), (KEY_BACKSPACE, .key(.backspace)),
        (KEY_RESIZE, .resize),
        (KEY_F0 + 1, .ignored), (KEY_DC, .ignored),
    ])
    func functionKey(code: Int32, event: InputEvent) {
        #expect(KeyDecoder.decode(.functionKey(code)) == event)
    }

    @Test func nothingReadIsATimeout() {
        #expect(KeyDecoder.decode(.nothing) == .timeout)
    }
}
