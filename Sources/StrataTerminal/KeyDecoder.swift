import CNcurses
import StrataUI

/// What one read means, before the reader adds what only it knows (the
/// new size after a resize, a mouse report after an Esc).
enum InputEvent: Equatable {
    case key(Key)
    case resize
    case timeout
    case ignored
}

/// Turns reads into keys. Pure, so it holds no ncurses state.
enum KeyDecoder {
    static func decode(_ input: RawInput) -> InputEvent {
        switch input {
        case .functionKey(let code): functionKey(code)
        case .character(let code): character(code)
        case .nothing: .timeout
        }
    }

    private static func character(_ code: UInt32) -> InputEvent {
        switch code {
        case 3: return .key(.ctrlC) // only arrives when ISIG is off
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter) // 13 with `nonl`
        case 27: return .key(.escape)
        case 32: return .key(.space)
        case 0..<32, 0x80..<0xA0: return .ignored // other control codes
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    private static func functionKey(_ code: Int32) -> InputEvent {
        switch code {
        case KEY_LEFT, KEY_SLEFT: .key(.left)
        case KEY_RIGHT, KEY_SRIGHT: .key(.right)
        case KEY_UP, KEY_SR: .key(.up)
        case KEY_DOWN, KEY_SF: .key(.down)
        // Keypad corners and the rxvt/PuTTY names stand in for Home/End/PgUp/PgDn.
        case KEY_HOME, KEY_A1, KEY_FIND, KEY_SHOME: .key(.home)
        case KEY_END, KEY_C1, KEY_SELECT, KEY_SEND: .key(.end)
        case KEY_PPAGE, KEY_A3, KEY_SPREVIOUS: .key(.pageUp)
        case KEY_NPAGE, KEY_C3, KEY_SNEXT: .key(.pageDown)
        case KEY_ENTER: .key(.enter)
        case KEY_BTAB: .key(.backTab)
        case KEY_BACKSPACE: .key(.backspace)
        case KEY_RESIZE: .resize
        default: .ignored
        }
    }
}
