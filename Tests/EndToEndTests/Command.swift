import Foundation

/// Runs a program and collects what it printed: stdin, stdout and stderr
/// are files in a temporary folder (removed after), so no pipe can fill up.
struct Command {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `arguments[0]` is looked up on the PATH; `environment` nil inherits this process's. The program runs in
    /// `directory`, or else in the temporary folder, so whatever it writes to its working directory goes too.
    static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String]? = nil,
                    in directory: URL? = nil) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("stdin"), out = folder.appendingPathComponent("stdout"),
            err = folder.appendingPathComponent("stderr")
        try stdin.write(to: input)
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.currentDirectoryURL = directory ?? folder
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                       stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
