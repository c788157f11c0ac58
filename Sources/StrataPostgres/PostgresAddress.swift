import CLibPQ
import Foundation

/// A `postgresql://` or `postgres://` URI as given on the command line,
/// and the same without its password: errors and the screen name the
/// server by `display`, and `scrub` takes the password out of any text
/// libpq wrote (it may quote a URI it could not parse, or a host or a
/// database name cut from a password it did not read as one).
public struct PostgresAddress: Sendable, Equatable {
    /// As given, for libpq.
    let uri: String
    /// The URI with no password in it.
    public let display: String
    /// The passwords the URI holds, as written and percent-decoded, and their pieces.
    private let secrets: [String]

    public static func isAddress(_ argument: String) -> Bool {
        argument.hasPrefix("postgresql://") || argument.hasPrefix("postgres://")
    }

    /// The password is what libpq reads (`PQconninfoParse`), and whatever
    /// the user-info could hold on a looser reading: libpq ends the
    /// user-info at the first `@` before a `/`, so a raw `@` or `/` in a
    /// password leaves part of it in the host or the database name, which
    /// libpq's errors then quote.
    public init?(_ uri: String) {
        guard Self.isAddress(uri) else { return nil }
        self.uri = uri
        var secrets: [String] = []
        let scheme = uri.range(of: "://")!.upperBound
        var rest = String(uri[scheme...])
        if let password = Self.libpqPassword(uri) { secrets.append(password) }
        // user:password@host: the password from the first `:` of the first segment to the last `@` before the
        // first `/` (libpq's reading, a raw `@` or `?` kept in it), else to the last `@` at all (a raw `/` in it).
        let firstSegment = rest.firstIndex(of: "/") ?? rest.endIndex
        if let colon = rest[..<firstSegment].firstIndex(of: ":"),
           let at = rest[..<firstSegment].lastIndex(of: "@") ?? rest.lastIndex(of: "@"), colon < at {
            secrets.append(String(rest[rest.index(after: colon)..<at]))
            rest.removeSubrange(colon..<at)
        }
        // ?password=… among the parameters.
        if let question = rest.firstIndex(of: "?") {
            let parameters = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            let kept = parameters.filter { parameter in
                guard parameter.lowercased().hasPrefix("password=") else { return true }
                secrets.append(String(parameter.dropFirst("password=".count)))
                return false
            }
            rest = String(rest[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        let whole = (secrets + secrets.compactMap { $0.removingPercentEncoding }).filter { !$0.isEmpty }
        // A password cut at `/`, `@`, `?` or `:` may show in pieces (a host `ngPw_77@db`, a port `Wr`).
        let pieces = whole.flatMap { $0.split(whereSeparator: { "/@?:".contains($0) }).map(String.init) }.filter { $0.count >= 2 }
        let all = Array(Set(whole + pieces))
        self.secrets = all
        display = Self.scrub(String(uri[..<scheme]) + rest, all)
    }

    /// `text` with every password in the URI, and every piece of one, replaced by `***`.
    func scrub(_ text: String) -> String {
        Self.scrub(text, secrets)
    }

    private static func scrub(_ text: String, _ secrets: [String]) -> String {
        secrets.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// What libpq reads as the password, when libpq is there to ask.
    private static func libpqPassword(_ uri: String) -> String? {
        guard strata_libpq_loaded() != 0, let password = strata_conninfo_password(uri) else { return nil }
        defer { free(password) }
        return String(cString: password)
    }
}
