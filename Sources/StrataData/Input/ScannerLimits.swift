/// Sizes of a scanner's buffer: the usual chunk, the longest record it
/// will hold, and how many bytes of records a sample may hold before the
/// one it is reading (which may be up to `maxRecord` on its own).
public struct ScannerLimits: Sendable {
    public var chunk = 256 << 10
    public var maxRecord = 32 << 20
    public var sampleWindow = 4 << 20

    public init() {}

    /// Small buffers, so that a fuzzer's short inputs reach what a long record does.
    public init(chunk: Int, maxRecord: Int, sampleWindow: Int) {
        self.chunk = chunk
        self.maxRecord = maxRecord
        self.sampleWindow = sampleWindow
    }
}
