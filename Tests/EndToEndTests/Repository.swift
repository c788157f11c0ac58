import Foundation

/// Paths inside this repository, found from this file so a clone anywhere works.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Built by `make test` before the suites run.
    static let binary = root.appendingPathComponent(".build/debug/strata").path

    /// A public dataset in `Tests/Fixtures/`.
    static func fixture(_ name: String) -> String {
        root.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name).path
    }
}
