import StrataData

/// Everything that changes while strata runs, as one value: the shared
/// navigation, the screen on show (the route), an overlay over it, and a
/// running transition. Only `reduce` changes it.
public struct AppState: Equatable, Sendable {
    /// Drawn over any route; closing it shows the route as it was.
    public enum Overlay: Equatable, Sendable {
        /// The keys of the screen under it, scrolled by `offset` lines when they do not all fit.
        case help(offset: Int)
        /// The `:` prompt with what has been typed so far and, after a failed jump, why.
        case prompt(text: String, error: String?)
        /// `/` with what has been typed so far and, after a search found nothing, why.
        case search(text: String, error: String?)
        /// `f` with the expression typed so far, why the last Enter did not take it,
        /// and which of `filterHistory` `↑`/`↓` show (nil: the text typed).
        case filter(text: String, error: String?, recalled: Int?)
        /// `g`: the fields that can split the rows, after `none`, with the one under the cursor.
        case breakdowns(cursor: Int)
    }

    public var navigation: Navigation
    public var route: Route
    public var overlay: Overlay?
    public var transition: Transition?
    /// Digits typed before a move (`5←`); nil when none.
    public var pendingCount: Int?
    /// A one-line note for the footer until the next key (a jump that clamped).
    public var notice: String?
    /// Rows a followed input gave while the view was not on the latest period (`+1,234 new rows`).
    public var newRows = 0
    public var size: Size
    public var quit: Bool
    /// The raw rows the screen on show asked for (a card's period, a timeline block's), and what has come of them.
    public var rowsRequest: RowsRequest?
    public var cardRows: CardRows?
    /// What the screens asked to be read that the runner has not taken yet.
    public var requests: [DataRequest] = []
    /// The filter and split the rows on show were read with (`--where`, `f`, `g`).
    public var read = ReadChange()
    /// A reload asked (`f`, `F`, `g`) that has not given its first rows: the rows on show are still `read`'s.
    public var reloading: ReadChange?
    /// The filters submitted with `f` this session, oldest first, each once.
    public var filterHistory: [String] = []

    public init(navigation: Navigation, size: Size = Size(width: 80, height: 24)) {
        self.navigation = navigation
        self.route = .pager
        self.overlay = nil
        self.transition = nil
        self.pendingCount = nil
        self.notice = nil
        self.size = size
        self.quit = false
    }

    /// The key map in force: the overlay's if one is open, else the route's.
    public var keyMap: KeyMap {
        switch overlay {
        case .help: .help
        case .prompt: .prompt
        case .search: .search
        case .filter: .filterPrompt
        case .breakdowns: .breakdownList
        case nil: routeKeyMap
        }
    }

    /// The key map of the screen under any overlay: what help lists.
    public var routeKeyMap: KeyMap { route.reducer.keyMap }
}
