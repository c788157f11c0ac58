import Foundation
import Testing

/// Golden files: whole screens as plain text under `Golden/`, compared
/// line by line. `STRATA_RECORD=1 make test` writes them anew.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["STRATA_RECORD"] == "1" }

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name).txt: run STRATA_RECORD=1 make test", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("\(name).txt differs:\n\(diff(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// The lines that differ, `-` expected and `+` actual, with their line numbers.
    static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(a.count, b.count) {
            let left = i < a.count ? String(a[i]) : nil
            let right = i < b.count ? String(b[i]) : nil
            if left != right {
                if let left { out.append(String(format: "%4d - ", i + 1) + left) }
                if let right { out.append(String(format: "%4d + ", i + 1) + right) }
            }
        }
        return out.joined(separator: "\n")
    }
}
