/// The copies a load makes of its inputs that can be read only once (a
/// pipe, gzip): each is copied as it is read (`Spool`), and once the read
/// has ended, or stopped on an error, the copies stand in for them, so the
/// load is made again as a plain file's would be.
final class InputCopies: @unchecked Sendable {
    private let sources: [InputSource]
    /// Per input: its stream once the read opened it, and the copy made of it.
    private var streams: [ByteStream?]
    private var spools: [Spool?]
    /// An input read once but not copied (the temporary folder took no file).
    private var uncopied: String?

    init(_ sources: [InputSource]) {
        self.sources = sources
        streams = Array(repeating: nil, count: sources.count)
        spools = streams.map { _ in nil }
    }

    /// The read opened input `index` as `stream`: copied as it is read when it can be read only once.
    func opened(_ stream: ByteStream, at index: Int) {
        streams[index] = stream
        guard stream.fileRange == nil else { return }
        guard let spool = Spool(name: stream.name, modified: stream.modified) else {
            uncopied = stream.name
            return
        }
        stream.spool = spool
        spools[index] = spool
    }

    /// Once the read has ended or stopped: every input copied to its end,
    /// and the inputs to read instead (copies in place of streams); nil
    /// when one could not be copied whole, and the notes that say why.
    func complete() -> (sources: [InputSource]?, notes: [String]) {
        var again: [InputSource] = []
        var notes: [String] = uncopied.map { ["\($0): no copy kept (the temporary folder takes no file): read once, picks from its first rows"] } ?? []
        for (index, source) in sources.enumerated() {
            // An input the read did not reach (it stopped on an earlier one) is copied whole now.
            if streams[index] == nil, let stream = try? ByteStream.open(source) { opened(stream, at: index) }
            guard let stream = streams[index] else { return (nil, notes) }
            stream.finish()
            if let copy = spools[index] {
                if let note = copy.note { notes.append(note) }
                again.append(.spooled(copy))
            } else if stream.fileRange != nil {
                again.append(source)
            }
        }
        return (notes.isEmpty && again.count == sources.count ? again : nil, notes)
    }
}
