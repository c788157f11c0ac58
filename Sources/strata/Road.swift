import StrataData
import StrataUI

/// One input as the runner opens it, a file's or a database's alike: the
/// `Source` whose periods it loads, and the few things that differ by
/// kind of input. `Runner.openDataset` takes every road the same way.
struct Road {
    let source: any Source
    /// Called once the load has ended, finished or failed (from the load's
    /// thread): a line on stderr goes, a database's Ctrl-C stops cancelling.
    let ended: @Sendable () -> Void
    /// Whether a loaded result's ranges can be read again: a page's finer
    /// bars, a running period's rows (a file read in place, a table).
    let readsRangesAgain: @Sendable (LoadResult) -> Bool
    /// Where the card reads a loaded result's raw rows back.
    let rows: @Sendable (LoadResult) -> any RowReading
    /// What the footer says once the load ends (a pipe ends: `input ended`).
    let endNotice: String?
    /// Starts following a loaded result as its file grows (`-f`), its
    /// dataset's finer pages (if it reads them back) told what changes;
    /// nil where nothing grows (a database's query is whole when it returns).
    let follow: (@Sendable (LoadResult, DatasetFeed, LatestLoad, FinePages?) -> Void)?
    /// What a read error becomes on the command line (a cancelled query exits 130).
    let failure: @Sendable (ReadError) -> Failure
    /// Stops the load if it still runs: a reload replaced it.
    var stop: @Sendable () -> Void = {}
    /// The name of a pipe among the inputs (stdin, `<(tail -f log)`): it may never end, so `e` is not kept waiting for its load.
    var pipe: String?
}
