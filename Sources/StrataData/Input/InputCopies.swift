/// The copies a load makes of its inputs that can be read only once (a
/// pipe, gzip), so that the load is made of the copies as a plain file's
/// would be. With a screen waiting, each is copied as it is read (`Spool`)
/// and the copies stand in once the read has ended or stopped on an error;
/// with nobody waiting (a dump, an export), each is only copied, then read.
final class InputCopies: @unchecked Sendable {
    private let sources: [InputSource]
    /// Per input: its stream once opened, and the copy made of it.
    private var streams: [ByteStream?]
    private var spools: [Spool?]
    /// Why an input is read once, not copied (no temporary file, a full disk).
    private var notes: [String] = []

    init(_ sources: [InputSource]) {
        self.sources = sources
        streams = Array(repeating: nil, count: sources.count)
        spools = streams.map { _ in nil }
    }

    /// Input `index`, opened: what `copyWhole` left of it (its copy, or a
    /// stream to be read once after all), else the input, copied as it is read.
    func open(_ index: Int) throws(ReadError) -> ByteStream {
        if let stream = streams[index] { return stream }
        if let copy = spools[index] { return try ByteStream.open(.spooled(copy)) }
        let stream = try ByteStream.open(sources[index])
        streams[index] = stream
        guard stream.fileRange == nil else { return stream }
        guard let spool = Spool(name: stream.name, modified: stream.modified) else {
            notes.append(Spool.uncopied(stream.name, why: "the temporary folder takes no file"))
            return stream
        }
        stream.spool = spool
        spools[index] = spool
        return stream
    }

    /// Copies every input that can be read only once, reading none: the
    /// inputs to read instead (copies in place of streams). Nil when a copy
    /// stopped part-way (a full disk): that input is then read once after
    /// all, its copied bytes first (`ByteStream.resume`), through `open`.
    func copyWhole() throws(ReadError) -> [InputSource]? {
        var copied: [InputSource] = []
        for index in sources.indices {
            let stream = try open(index)
            guard let copy = stream.spool else {
                copied.append(sources[index])
                continue
            }
            copy.givesRoomBack = false
            let pending = try copy.drain(stream)
            if let note = copy.note {
                stream.resume(after: copy, pending: pending)
                spools[index] = nil
                notes.append(note)
                return nil
            }
            stream.finish()
            // Read from its copy from now on.
            streams[index] = nil
            copied.append(.spooled(copy))
        }
        return notes.isEmpty ? copied : nil
    }

    /// Once the read has ended or stopped: every input copied to its end,
    /// and the inputs to read instead (copies in place of streams); nil
    /// when one could not be copied whole, and the notes that say why.
    func complete() -> (sources: [InputSource]?, notes: [String]) {
        var again: [InputSource] = []
        var notes = self.notes
        for index in sources.indices {
            // An input the read did not reach (it stopped on an earlier one) is copied whole now.
            guard let stream = try? open(index) else { return (nil, notes) }
            stream.finish()
            if let copy = spools[index] {
                if let note = copy.note { notes.append(note) }
                again.append(.spooled(copy))
            } else if stream.fileRange != nil {
                again.append(sources[index])
            }
        }
        return (notes.isEmpty && again.count == sources.count ? again : nil, notes)
    }
}
