import Foundation

/// One input as the card reads it back: where it is, how its records were
/// read, and its checkpoints. Standard input and pipes cannot be read
/// again, so their rows are not kept.
struct RowSource: Sendable {
    /// A regular file's size and modification time: one that changed after
    /// loading is not read back (its offsets would point anywhere).
    struct Stamp: Sendable, Equatable {
        let size: Int64
        let seconds: Int
        let nanoseconds: Int

        /// Nil unless `path` is a regular file.
        init?(path: String) {
            var st = stat()
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
            size = Int64(st.st_size)
            seconds = st.st_mtim.tv_sec
            nanoseconds = st.st_mtim.tv_nsec
        }
    }

    /// The name in messages: the path as given, or `stdin`.
    let name: String
    /// Nil when the rows are not kept.
    private(set) var path: String?
    let stamp: Stamp?
    let plan: RecordPlan
    /// Where the reader dated times without a year from (`InputReader.years`).
    let years: SyslogYears
    let mode: RecordScanner.Mode
    /// A W3C or Zeek log's last rows came under the `#Fields` line of this
    /// line, which names other fields than those read (`FileFollower` starts there).
    let otherFieldsLine: Int?
    private(set) var index: RowIndex
    /// A gzip file: read again by decompressing it from its start.
    let isCompressed: Bool
    /// Bytes of the input, decompressed.
    private(set) var length: Int64
    /// The copy of an input read once, kept open while its rows may be read back.
    private let copy: Spool?
    /// A followed file (`FileFollower`), read back through its descriptor:
    /// it may have grown past `length` since, which leaves the bytes read
    /// back as they were (a cut is the follower's to see, and start over).
    private(set) var grows = false

    /// The input as it is read again from its start: its copy, or the file at its path.
    var input: InputSource { copy.map(InputSource.spooled) ?? .file(path ?? name) }

    /// Call once `stream` has been read to its end.
    init(input: InputSource, stream: ByteStream, plan: RecordPlan, years: SyslogYears, mode: RecordScanner.Mode,
         otherFieldsLine: Int?, index: RowIndex) {
        name = stream.name
        var kept: (String, Stamp)?
        switch input {
        case .file(let path) where path != "-": kept = Stamp(path: path).map { (path, $0) }
        case .spooled(let copy): kept = Stamp(path: copy.path).map { (copy.path, $0) }
        default: break
        }
        if case .spooled(let copy) = input { self.copy = copy } else { copy = nil }
        path = kept?.0
        stamp = kept?.1
        self.plan = plan
        self.years = years
        self.mode = mode
        self.otherFieldsLine = otherFieldsLine
        self.index = index
        isCompressed = path != nil && stream.fileRange == nil
        length = stream.fileRange?.upperBound ?? stream.position
    }
}

extension RowSource {
    /// Whether the file at `path` still holds the bytes the checkpoints point into.
    func unchanged(at path: String) -> Bool {
        guard let now = Stamp(path: path) else { return false }
        return grows ? now.size >= length : now == stamp
    }

    /// The same input followed (`-f`) and read back through `descriptorPath`
    /// (`/proc/self/fd/N` of the follower's open file), which reaches the
    /// file read whatever is renamed, removed or written at its name.
    func followed(through descriptorPath: String) -> RowSource {
        var followed = self
        followed.path = descriptorPath
        followed.grows = true
        return followed
    }

    /// The same followed input once more of it has been read: its new
    /// length, and the checkpoints of the rows appended (their lines after `lineOffset`).
    func grown(to length: Int64, adding later: RowIndex, lineOffset: Int) -> RowSource {
        var grown = self
        grown.length = length
        grown.index.extend(with: later, lineOffset: lineOffset)
        return grown
    }

    /// A new file at the followed name (rotated in, or the file cut and
    /// written again), read back through `descriptorPath`, nothing of it read yet.
    func restarted(through descriptorPath: String) -> RowSource {
        var next = followed(through: descriptorPath)
        next.length = 0
        next.index = RowIndex()
        return next
    }
}
