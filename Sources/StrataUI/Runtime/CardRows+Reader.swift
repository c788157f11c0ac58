import StrataData

extension CardRows {
    /// The most raw rows a card reads: a screenful many times over, and
    /// quick to read back from a sorted file.
    public static let limit = 2000

    /// How the card gets a period's raw rows: read back from where `rows`
    /// says (a file's inputs, a table), or a note saying why there are none.
    public static func reader(_ rows: any RowReading) -> StrataApp.RowReader {
        if let note = rows.rowsNotKept { return { _, _, _ in CardRowsRead(note: note) } }
        return { start, end, series in
            let slices = rows.rowSlices(from: start, to: end, series: series)
            return CardRowsRead { limit, keepGoing throws(ReadError) in
                let read = try slices.next(limit: limit, progress: keepGoing)
                // The file's name, as the header names it: a path would crowd out the record.
                return (read.map { CardRow(location: "\($0.file.split(separator: "/").last ?? ""):\($0.line)", text: $0.text,
                                           fields: slices.fields(of: $0), pretty: slices.prettyJSON(of: $0)) },
                        slices.isFinished)
            }
        }
    }
}
