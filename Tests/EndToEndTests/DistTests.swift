import Foundation
import Testing

/// The release tarball as a user gets it (`make dist`, which `make test`
/// runs first): unpacked in an empty folder, its binary runs with a cleared
/// environment, so with no toolchain library in reach.
@Suite("Release tarball")
struct DistTests {
    /// `dist/strata-VERSION-linux-ARCH.tar.gz`, named from what the debug build says its version is.
    static func tarball() throws -> URL {
        let version = try Command.run([Repository.binary, "--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let arch = try Command.run(["uname", "-m"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = version.replacingOccurrences(of: " ", with: "-") + "-linux-" + arch
        return Repository.root.appendingPathComponent("dist/\(name).tar.gz")
    }

    /// Unpacks the tarball into a new temporary folder; returns the folder it made and the unpacked tree.
    static func unpack() throws -> (folder: URL, tree: URL) {
        let tarball = try tarball()
        try #require(FileManager.default.fileExists(atPath: tarball.path), "\(tarball.path) is missing: run make dist (make test does)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-dist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let untar = try Command.run(["tar", "-xzf", tarball.path], in: folder)
        try #require(untar.status == 0, "\(untar.stderr)")
        return (folder, folder.appendingPathComponent(tarball.deletingPathExtension().deletingPathExtension().lastPathComponent))
    }

    @Test func holdsTheBinaryManPageCompletionsReadmeAndLicense() throws {
        let (folder, tree) = try Self.unpack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try FileManager.default.subpathsOfDirectory(atPath: tree.path).sorted()
        #expect(files == ["LICENSE", "README.md", "completions", "completions/_strata", "completions/strata.bash",
                          "completions/strata.fish", "strata", "strata.1"])
    }

    @Test func runsWithAClearedEnvironment() throws {
        let (folder, tree) = try Self.unpack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = try Command.run(["env", "-i", "./strata", "--demo", "--dump", "--now", "2026-11-22T14:10Z"], in: tree)
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 24 + 1)
        #expect(dump.stdout.contains("strata") && dump.stdout.contains("demo"))
        let version = try Command.run(["env", "-i", "./strata", "--version"], in: tree)
        #expect(version.status == 0)
        #expect(version.stdout == (try Command.run([Repository.binary, "--version"]).stdout))
        let help = try Command.run(["env", "-i", "./strata", "--help"], in: tree)
        #expect(help.status == 0)
        #expect(help.stdout.contains("\n\nEXAMPLES:\n  strata "))
    }

    /// The Swift runtime, Foundation and Dispatch are linked in: ldd lists only the system's libraries.
    @Test func linksNoSwiftLibrary() throws {
        let (folder, tree) = try Self.unpack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ldd = try Command.run(["ldd", tree.appendingPathComponent("strata").path])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libc.so"))
        let swiftLibraries = ldd.stdout.split(separator: "\n").filter {
            ["swift", "Foundation", "dispatch", "BlocksRuntime", "/opt/"].contains(where: $0.contains)
        }
        #expect(swiftLibraries.isEmpty, "\(ldd.stdout)")
    }

    @Test func bashCompletionLoads() throws {
        let (folder, tree) = try Self.unpack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bash = try Command.run(["bash", "-c", "source completions/strata.bash && complete -p strata"], in: tree)
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout.hasPrefix("complete ") && bash.stdout.hasSuffix(" strata\n"))
        #expect(bash.stderr.isEmpty)
        // The values of an enum option, as --help lists them.
        let agg = try Command.run(["bash", "-c", """
            source completions/strata.bash
            COMP_LINE='strata --agg '; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(strata --agg ''); COMP_CWORD=2
            _strata strata '' --agg && echo "${COMPREPLY[*]}"
            """], in: tree)
        #expect(agg.stdout == "sum count mean min max p50 p95 p99\n", "\(agg.stderr)")
    }

    static func installed(_ program: String) -> Bool {
        (try? Command.run(["sh", "-c", "command -v \(program)"]).status) == 0
    }

    /// zsh and fish are not on every machine (CI has neither): checked where they are.
    @Test(.enabled(if: installed("zsh"))) func zshCompletionParses() throws {
        let (folder, tree) = try Self.unpack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zsh = try Command.run(["zsh", "-n", "completions/_strata"], in: tree)
        #expect(zsh.status == 0, "\(zsh.stderr)")
    }

    @Test(.enabled(if: installed("fish"))) func fishCompletionOffersTheValues() throws {
        let (folder, tree) = try Self.unpack()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fish = try Command.run(["fish", "-c", "source completions/strata.fish; complete -C 'strata --agg '"], in: tree)
        #expect(fish.stdout.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" } == ["sum", "count", "mean", "min", "max"],
                "\(fish.stderr)")
    }
}
