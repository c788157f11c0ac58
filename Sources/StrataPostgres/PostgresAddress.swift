import Foundation

/// A `postgresql://` or `postgres://` URI as given on the command line,
/// and the same without its password: errors and the screen name the
/// server by `display`, and `scrub` takes the password out of any text
/// libpq wrote (it may quote a URI it could not parse).
public struct PostgresAddress: Sendable, Equatable {
    /// As given, for libpq.
    let uri: String
    /// The URI with no password in it.
    public let display: String
    /// The passwords the URI holds, as written and percent-decoded.
    private let secrets: [String]

    public static func isAddress(_ argument: String) -> Bool {
        argument.hasPrefix("postgresql://") || argument.hasPrefix("postgres://")
    }

    public init?(_ uri: String) {
        guard Self.isAddress(uri) else { return nil }
        self.uri = uri
        var secrets: [String] = []
        let scheme = uri.range(of: "://")!.upperBound
        var rest = String(uri[scheme...])
        // user:password@host — the authority ends at the first / or ?.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
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
        self.secrets = (secrets + secrets.compactMap { $0.removingPercentEncoding }).filter { !$0.isEmpty }
        display = String(uri[..<scheme]) + rest
    }

    /// `text` with every password in the URI replaced by `***`.
    func scrub(_ text: String) -> String {
        secrets.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }
}
