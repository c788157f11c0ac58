import Foundation
import StrataData

/// Looks at a followed input (`-f`) now and then and posts each fuller
/// dataset to the app's feed, with a notice when it was rotated,
/// truncated, removed or came back. `start` runs it on a thread of its
/// own; `step` is one look, for tests that move time by hand.
public final class FollowLoop: @unchecked Sendable {
    /// How often the file is looked at: appended rows reach the screen within 250 ms.
    public static let spacing = 0.1

    private let input: any GrowingInput
    private let feed: DatasetFeed
    private let name: String
    /// The pages the dataset reads back, which rows added or a file replaced make stale.
    private let finePages: FinePages?
    /// Whether a fuller result's dataset reads pages back (`finePages`): a
    /// file that grew past its budget does from then on.
    private let readsPages: @Sendable (LoadResult) -> Bool
    /// Told of each fuller result before its dataset is posted: what a dump says on stderr comes from the last.
    private let observe: @Sendable (LoadResult) -> Void

    public init(_ input: any GrowingInput, name: String, feed: DatasetFeed, finePages: FinePages? = nil,
                readsPages: @escaping @Sendable (LoadResult) -> Bool = { _ in true },
                observe: @escaping @Sendable (LoadResult) -> Void = { _ in }) {
        self.input = input
        self.name = name
        self.feed = feed
        self.finePages = finePages
        self.readsPages = readsPages
        self.observe = observe
    }

    /// One look at the file: posts what changed; false once it has failed (the failure is posted).
    @discardableResult
    public func step() -> Bool {
        do throws(ReadError) {
            guard let growth = try input.grow() else { return true }
            let grown = growth.result
            observe(grown)
            // A file rotated or cut holds other rows anywhere: every page is read again.
            if let times = growth.change?.replacesRows ?? false ? Int64.min...Int64.max : growth.added {
                finePages?.readAgain(overlapping: times)
            }
            feed.post(.dataset(Dataset(loaded: grown, levels: grown.levels, finePages: readsPages(grown) ? finePages : nil),
                               rows: CardRows.reader(growth.rows),
                               notice: growth.change.map(notice)))
            return true
        } catch {
            feed.post(.failed(message: error.bareMessage, exitCode: error.exitCode))
            return false
        }
    }

    /// Looks every `spacing` seconds on a thread below the screen's, as the load's are,
    /// until the input fails or its feed is closed (a reload replaced the load it follows).
    public func start() {
        let thread = Thread { [self] in
            repeat { Thread.sleep(forTimeInterval: Self.spacing) } while !feed.isClosed && step()
        }
        thread.qualityOfService = .utility
        thread.start()
    }

    /// What the footer says of a change, until the next key.
    func notice(_ change: InputChange) -> String {
        switch change {
        case .rotated: "\(name) rotated: following the new file"
        case .truncated: "\(name) was truncated: read again from its start"
        case .removed: "\(name) was removed: waiting for it"
        case .back: "\(name) is back: following it"
        case .coarsened(let unit): "\(name) grew past --memory: \(unit.name)s kept, finer bars read back"
        }
    }
}
