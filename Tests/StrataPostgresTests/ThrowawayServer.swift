import Foundation
import Testing

/// A PostgreSQL server for the tests, started once per test process:
/// `initdb` in a temporary folder (as the `postgres` user when the tests
/// run as root: initdb refuses root), listening only on a Unix socket in
/// that folder, on a free port. A watchdog stops it and removes its folder
/// once the process has gone, however it ended (a crash too). Without PostgreSQL's server programs the tests fail
/// with a line saying what to install; they do not skip.
final class ThrowawayServer: Sendable {
    let folder: URL
    let port: Int
    let binaries: URL
    /// The URI strata is given: the socket folder as its host, percent-encoded.
    var uri: String {
        "postgresql://strata@\(folder.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!):\(port)/postgres"
    }

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

    private init() throws {
        let found = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = found.filter({ Int($0) != nil }).max(by: { Int($0)! < Int($1)! }),
              FileManager.default.fileExists(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") else {
            throw Failure(description: "no PostgreSQL server programs in /usr/lib/postgresql/*/bin: "
                          + "install the postgresql package (.ci/run does) to run the database tests")
        }
        binaries = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin")
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The server's user must own its data and write its socket here.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        port = try Self.freePort()
        let data = folder.appendingPathComponent("data").path
        try watch(data: data)
        try Self.run(binaries.appendingPathComponent("initdb").path,
                     ["-D", data, "-U", "strata", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"])
        try Self.run(binaries.appendingPathComponent("pg_ctl").path,
                     ["-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60",
                      "-o", "-k \(folder.path) -p \(port) -c listen_addresses= -c fsync=off -c TimeZone=UTC", "start"])
    }

    /// Runs SQL through psql (`\copy` loads a file the tests wrote).
    func psql(_ sql: String) throws {
        try Self.run(binaries.appendingPathComponent("psql").path,
                     ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-p", "\(port)", "-U", "strata", "-d", "postgres", "-c", sql],
                     asServerUser: false)
    }

    /// A file the tests write for `\copy`: in the server's folder, removed with it.
    func file(_ name: String, contents: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Starts a shell that waits for this process to end, then stops the
    /// server (if it runs) and removes the folder.
    private func watch(data: String) throws {
        let asServerUser = geteuid() == 0 ? "/usr/sbin/runuser -u postgres -- " : ""
        let script = "exec >/dev/null 2>&1; while kill -0 \(getpid()); do sleep 1; done; "
            + "\(asServerUser)\(binaries.path)/pg_ctl -D '\(data)' -m immediate -w stop; rm -rf '\(folder.path)'"
        _ = try Self.spawn(["/bin/sh", "-c", script], output: open("/dev/null", O_WRONLY | O_CLOEXEC))
    }

    /// A port nothing listens on now: the kernel's pick for a socket bound to port 0.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "no free port for PostgreSQL") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a program, as the `postgres` user when this process is root; a failure carries its output.
    /// posix_spawn and waitpid, not `Process`: the server pg_ctl starts inherits the descriptors
    /// `Process` watches for its child's end, and would hold them open for as long as it runs.
    private static func run(_ program: String, _ arguments: [String], asServerUser: Bool = true) throws {
        let asRoot = geteuid() == 0 && asServerUser
        let argv = asRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        let log = NSTemporaryDirectory() + "strata-pg-run-\(UUID().uuidString)"
        defer { unlink(log) }
        let pid = try spawn(argv, output: open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644))
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(description: "\((program as NSString).lastPathComponent) failed (\(status)): "
                          + text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Starts `argv` with its stdout and stderr on `output` (closed here), and returns its pid.
    private static func spawn(_ argv: [String], output: Int32) throws -> pid_t {
        guard output >= 0 else { throw Failure(description: "cannot open the output of \(argv[0])") }
        defer { close(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else {
            throw Failure(description: "cannot run \(argv[0])")
        }
        return pid
    }
}
