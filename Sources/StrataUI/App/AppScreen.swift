import StrataData

/// A screen of the app: drawn from the whole state and the environment,
/// with the shortcuts every screen reads.
protocol AppScreen: Screen {
    var state: AppState { get }
    var env: AppEnvironment { get }
}

extension AppScreen {
    var navigation: Navigation { state.navigation }
    var dataset: Dataset { env.dataset }
    var glyphs: Glyphs { env.glyphs }
}
