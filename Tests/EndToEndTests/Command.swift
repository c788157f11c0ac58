import Foundation

/// Runs a program and collects what it printed: stdout and stderr go to
/// files in a temporary folder (removed after), so neither can fill a pipe.
struct Command {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `arguments[0]` is looked up on the PATH; `environment` nil inherits this process's.
    static func run(_ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: try String(contentsOf: out, encoding: .utf8),
                       stderr: try String(contentsOf: err, encoding: .utf8))
    }
}
