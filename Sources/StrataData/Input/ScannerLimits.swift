/// Sizes of a scanner's buffer: the usual chunk, the longest record it
/// will hold, and how many bytes of records a sample may hold before the
/// one it is reading (which may be up to `maxRecord` on its own).
struct ScannerLimits: Sendable {
    var chunk = 256 << 10
    var maxRecord = 32 << 20
    var sampleWindow = 4 << 20
}
