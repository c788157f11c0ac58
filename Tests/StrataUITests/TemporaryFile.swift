import Foundation

/// Runs `body` with the path of `text` saved as `name` in a folder of its
/// own, removed afterwards: tests that read a file they wrote leave nothing behind.
func withTemporaryFile<Result>(named name: String, holding text: String, _ body: (String) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-ui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return try body(path)
}
