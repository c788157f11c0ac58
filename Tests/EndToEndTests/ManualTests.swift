import Foundation
import Testing

/// `docs/strata.1` is generated (`make manual`); it must be what the
/// generator makes of today's options and README, as committed.
@Suite("Man page")
struct ManualTests {
    @Test func committedManPageIsCurrent() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["STRATA_BINARY"] = Repository.binary
        let generated = try Command.run(["python3", Repository.root.appendingPathComponent("Tools/gen-manual.py").path, "--stdout"],
                                        environment: environment)
        #expect(generated.status == 0, "\(generated.stderr)")
        let committed = try String(contentsOf: Repository.root.appendingPathComponent("docs/strata.1"), encoding: .utf8)
        #expect(generated.stdout == committed, "docs/strata.1 is out of date: run make manual")
    }

    @Test func manPageHasItsSections() throws {
        let page = try String(contentsOf: Repository.root.appendingPathComponent("docs/strata.1"), encoding: .utf8)
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(sections == ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXAMPLES", "EXIT STATUS", "SEE ALSO"])
        #expect(page.contains("\\fBjournalctl \\-o short\\-iso | strata\\fR"))
        #expect(page.contains(".B 64\nbad usage"))
    }
}
