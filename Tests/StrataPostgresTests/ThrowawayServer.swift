import Foundation
import Testing

/// A PostgreSQL server for the tests, started once per test process by
/// `Tools/throwaway-postgres` (the script `make bench` uses too): `initdb`
/// in a temporary folder, as the `postgres` user when the tests run as
/// root, listening only on a Unix socket in that folder. The script's
/// watcher stops it and removes its folder once this process has gone,
/// however it ended (a crash too). A machine that cannot start PostgreSQL
/// fails every database test with the script's line saying why; they do not skip.
final class ThrowawayServer: Sendable {
    let folder: URL
    let port: Int
    /// The URI strata is given: the socket folder as its host, percent-encoded.
    let uri: String

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/throwaway-postgres").path

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The one server of this process; the error of its start, every time it is asked for, when it could not start.
    static let shared: Result<ThrowawayServer, Failure> = {
        do {
            return .success(try ThrowawayServer())
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    /// The shared server, or a test failure that says why there is none.
    static func start() throws -> ThrowawayServer {
        try shared.get()
    }

    /// A server of its own, for a test that stops it (`halt`): the shared one serves tests running beside it.
    init() throws {
        // `dir=…`, `port=…`, `bin=…`, `uri=…`, one a line.
        let printed = try Self.script(["start", "--until-exit", "\(getpid())"])
        var values: [String: String] = [:]
        for line in printed.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let dir = values["dir"], let port = values["port"].flatMap({ Int($0) }), let uri = values["uri"] else {
            throw Failure(description: "Tools/throwaway-postgres start printed no server: \(printed)")
        }
        (folder, self.port, self.uri) = (URL(fileURLWithPath: dir), port, uri)
    }

    /// Stops the server as an administrator would (`pg_ctl stop -m fast`), every session ended.
    func halt() throws {
        _ = try Self.script(["halt", folder.path])
    }

    /// Starts a halted server again, on the same socket and port.
    func resume() throws {
        _ = try Self.script(["resume", folder.path])
    }

    /// Runs SQL through psql (`\copy` loads a file the tests wrote).
    func psql(_ sql: String) throws {
        _ = try Self.script(["psql", folder.path, "-c", sql])
    }

    /// Makes table `name` with `columns` and copies a CSV file (with a header) into it.
    func load(_ table: String, columns: String, csv path: String) throws {
        _ = try Self.script(["load", folder.path, table, columns, path])
    }

    /// Loads the fixtures the script knows (Tests/Fixtures: seattle, births, new_york, tv_guide).
    func loadFixtures() throws {
        _ = try Self.script(["fixtures", folder.path])
    }

    /// A file the tests write for `\copy`: in the server's folder, removed with it.
    func file(_ name: String, contents: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs the script with `arguments`; what it printed. A failure is its line on stderr.
    private static func script(_ arguments: [String]) throws -> String {
        let output = NSTemporaryDirectory() + "strata-pg-out-\(UUID().uuidString)"
        defer { unlink(output) }
        try run(["/bin/bash", script] + arguments, output: output)
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Runs `argv` with its stdout in the file `output`; a failure carries what it wrote on stderr.
    /// posix_spawn and waitpid, not `Process`: the server the script starts inherits the descriptors
    /// `Process` watches for its child's end, and would hold them open for as long as it runs.
    private static func run(_ argv: [String], output: String) throws {
        let errors = output + ".err"
        defer { unlink(errors) }
        let pid = try spawn(argv, stdout: open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644),
                            stderr: open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw Failure(description: text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                          ? "\(argv.dropFirst().joined(separator: " ")) failed (\(status))"
                          : text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Starts `argv` with its stdout and stderr on those descriptors (closed here), and returns its pid.
    private static func spawn(_ argv: [String], stdout: Int32, stderr: Int32) throws -> pid_t {
        defer {
            if stdout >= 0 { close(stdout) }
            if stderr >= 0 { close(stderr) }
        }
        guard stdout >= 0, stderr >= 0 else { throw Failure(description: "cannot open the output of \(argv[0])") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else {
            throw Failure(description: "cannot run \(argv[0])")
        }
        return pid
    }
}
