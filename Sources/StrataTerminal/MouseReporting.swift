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
        // Made now: a signal handler may write it, and must not allocate.
        _ = offSequence
        reporting = true
    }

    static func disable() {
        reporting = false
        _ = Glibc.write(STDOUT_FILENO, offSequence.baseAddress, offSequence.count)
    }

    /// From a signal handler (SIGINT, SIGTERM, SIGHUP, a crash): the
    /// terminal stops reporting before the process goes. Only `write(2)`.
    static func disableFromHandler() {
        guard reporting else { return }
        reporting = false
        _ = Glibc.write(STDOUT_FILENO, offSequence.baseAddress, offSequence.count)
    }

    private static func write(_ sequence: String) {
        var bytes = Array(sequence.utf8)
        _ = Glibc.write(STDOUT_FILENO, &bytes, bytes.count)
    }
}

/// Whether the terminal was asked to report the mouse: read by signal handlers.
nonisolated(unsafe) private var reporting = false
/// The sequence that stops the reports, in memory that is never freed.
nonisolated(unsafe) private let offSequence: UnsafeBufferPointer<UInt8> = {
    let bytes = Array("\u{1B}[?1006l\u{1B}[?1002l".utf8)
    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = memory.initialize(from: bytes)
    return UnsafeBufferPointer(memory)
}()
