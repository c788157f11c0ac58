#if canImport(Glibc)
import Glibc
#endif

/// While ncurses owns the screen, anything written to stderr (a warning,
/// Swift's "Fatal error: ..." line before a crash) would scribble over the
/// frame and then vanish with the alternate screen. Hold it in an unlinked
/// temporary file instead and replay it once the terminal is restored.
enum StderrHold {
    static func begin() {
        guard originalStderr < 0 else { return }
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory.isEmpty ? "/tmp" : directory)/strata-stderr-XXXXXX".utf8CString)
        let file = mkstemp(&template)
        guard file >= 0 else { return } // no temporary file: leave stderr alone
        unlink(template)
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            close(file)
            return
        }
        holdFile = file
        originalStderr = saved
    }

    static func end() {
        releaseHeldStderr()
    }
}

nonisolated(unsafe) private var originalStderr: Int32 = -1
nonisolated(unsafe) private var holdFile: Int32 = -1
/// Allocated up front: the replay may run inside a signal handler.
nonisolated(unsafe) private let replayBuffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)

/// Points stderr back at the terminal and writes out what was held.
/// Uses only async-signal-safe calls (dup2, lseek, read, write, close).
func releaseHeldStderr() {
    guard originalStderr >= 0 else { return }
    let saved = originalStderr, file = holdFile
    originalStderr = -1
    holdFile = -1
    dup2(saved, STDERR_FILENO)
    close(saved)
    lseek(file, 0, SEEK_SET)
    while true {
        let count = read(file, replayBuffer, 4096)
        if count <= 0 { break }
        var written = 0
        while written < count {
            let step = write(STDERR_FILENO, replayBuffer + written, count - written)
            if step <= 0 { break }
            written += step
        }
        if written < count { break }
    }
    close(file)
}
