import StrataUI

#if canImport(Glibc)
import Glibc
#endif

/// Mouse reporting without ncurses' mouse layer: the terminal is asked for
/// button and drag reports (1002) in the SGR encoding (1006), which has no
/// limit on the screen size; terminals without 1006 send X10 reports. They
/// arrive as input after an ESC, where `MouseDecoder` reads them.
enum MouseReporting {
    static func enable() {
        write("\u{1B}[?1002h\u{1B}[?1006h")
    }

    static func disable() {
        write("\u{1B}[?1006l\u{1B}[?1002l")
    }

    private static func write(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        _ = Glibc.write(STDOUT_FILENO, &bytes, bytes.count)
    }
}
