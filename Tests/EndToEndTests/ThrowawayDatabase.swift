import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of a test's own, started by `Tools/throwaway-postgres`
/// as the database suites' is, and stopped and removed once this process
/// has gone. `halt` and `resume` stop it and start it again as an
/// administrator would, for the session that outlives them.
final class ThrowawayDatabase {
    /// The URI strata is given: the server's socket folder as its host.
    let uri: String
    private let folder: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        var values: [String: String] = [:]
        for line in try Self.script(["start", "--until-exit", "\(getpid())"]).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let folder = values["dir"], let uri = values["uri"] else { throw Failure(description: "Tools/throwaway-postgres start printed no server") }
        (self.folder, self.uri) = (folder, uri)
    }

    func psql(_ sql: String) throws { try Self.script(["psql", folder, "-c", sql]) }

    /// `pg_ctl stop -m fast`: every session is ended.
    func halt() throws { try Self.script(["halt", folder]) }

    /// Starts the halted server again, on the same socket.
    func resume() throws { try Self.script(["resume", folder]) }

    /// Runs the script through `system(3)` with its output in files (the
    /// server it starts would hold a pipe open); what it printed, or its
    /// error line as the failure.
    @discardableResult
    private static func script(_ arguments: [String]) throws -> String {
        let output = NSTemporaryDirectory() + "strata-e2e-pg-\(UUID().uuidString)"
        defer { unlink(output); unlink(output + ".err") }
        let words = ["bash", Repository.root.appendingPathComponent("Tools/throwaway-postgres").path] + arguments
        let command = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let status = system(command + " </dev/null >'\(output)' 2>'\(output).err'")
        guard status == 0 else {
            let said = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
            throw Failure(description: said.isEmpty ? "Tools/throwaway-postgres \(arguments[0]) failed (\(status))" : said)
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
