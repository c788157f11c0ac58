import StrataData

extension CardRows {
    /// The most raw rows a card reads: a screenful many times over, and
    /// quick to read back from a sorted file.
    public static let limit = 2000

    /// How the card gets a period's raw rows: read back from the inputs by
    /// `locator`, or a note saying why there are none.
    public static func reader(_ locator: RowLocator) -> StrataApp.RowReader {
        guard locator.keepsRows else {
            let note = "rows from \(locator.unkeptInputs.joined(separator: ", ")) are not kept"
            return { _, _, _ in CardRowsRead(note: note) }
        }
        return { start, end, series in
            let fetch = locator.fetch(from: start, to: end, series: series)
            let fields = locator.recordFields()
            return CardRowsRead { limit, keepGoing in
                do throws(ReadError) {
                    let rows = try fetch.next(limit: limit, progress: keepGoing)
                    // The file's name, as the header names it: a path would crowd out the record.
                    return (rows.map { CardRow(location: "\($0.file.split(separator: "/").last ?? ""):\($0.line)", text: $0.text,
                                               fields: fields.fields(of: $0), pretty: fields.prettyJSON(of: $0)) },
                            fetch.isFinished)
                } catch {
                    return nil
                }
            }
        }
    }
}
