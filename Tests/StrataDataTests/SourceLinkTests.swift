import Foundation
import Testing
@testable import StrataData

/// A lost connection: reads fail at once while it is down, a worker tries
/// to open it again after a wait that doubles up to its longest, and once
/// it opens the reads run again. (PostgresReconnectTests stop a real server.)
struct SourceLinkTests {
    /// Whether the server answers, and when each attempt to reach it was made.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var answers = false
        private var times: [ContinuousClock.Instant] = []

        var isUp: Bool {
            get { lock.withLock { answers } }
            set { lock.withLock { answers = newValue } }
        }

        var attempts: [ContinuousClock.Instant] { lock.withLock { times } }

        func reopen() throws(ReadError) {
            lock.lock()
            defer { lock.unlock() }
            times.append(.now)
            if !answers { throw .connectionLost(source: "db", reason: "attempt \(times.count) found no server") }
        }
    }

    static let lost = ReadError.connectionLost(source: "db", reason: "terminating connection due to administrator command")

    /// Polls `done` every millisecond for up to 10 s.
    static func wait(_ what: Comment, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                return
            }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    @Test func aLostConnectionIsTriedAgainWithBackoffUntilTheServerAnswers() throws {
        let server = Server()
        let link = SourceLink(firstDelay: .milliseconds(20), longestDelay: .milliseconds(80)) { () throws(ReadError) in try server.reopen() }
        #expect(try link.read { 1 } == 1)
        #expect(throws: Self.lost) { try link.read { () throws(ReadError) in throw Self.lost } }
        #expect(link.lost == Self.lost)
        #expect(link.lostOnce == Self.lost)

        // While it is down a read fails at once, without reaching the server.
        var reached = false
        #expect(throws: ReadError.self) { try link.read { reached = true } }
        #expect(!reached)

        Self.wait("five attempts") { server.attempts.count >= 5 }
        // Each failed attempt is why it is down now.
        #expect(link.lost?.message.contains("found no server") == true)
        let gaps = zip(server.attempts, server.attempts.dropFirst()).map { $0.duration(to: $1) }
        for (gap, least) in zip(gaps, [40, 80, 80, 80]) {
            #expect(gap >= .milliseconds(least), "waits double up to the longest")
        }

        server.isUp = true
        Self.wait("the connection") { link.lost == nil }
        #expect(link.state == .connected)
        #expect(link.takeRestored())
        #expect(!link.takeRestored())
        #expect(try link.read { 2 } == 2)
        // A dump that met the loss still knows it did.
        #expect(link.lostOnce == Self.lost)
    }

    /// The worker counts the seconds to its next attempt down, for the footer.
    @Test func theStateSaysWhenTheNextAttemptIs() throws {
        let server = Server()
        server.isUp = true
        let link = SourceLink(firstDelay: .seconds(30)) { () throws(ReadError) in try server.reopen() }
        _ = try? link.read { () throws(ReadError) in throw Self.lost }
        #expect(link.state == .lost(Self.lost, retryIn: 30))
        #expect(server.attempts.isEmpty)
    }

    /// A worker waiting for the connection goes on once it is back.
    @Test func aWaitingWorkerGoesOnOnceTheConnectionIsBack() {
        let server = Server()
        let link = SourceLink(firstDelay: .milliseconds(5), longestDelay: .milliseconds(10)) { () throws(ReadError) in try server.reopen() }
        _ = try? link.read { () throws(ReadError) in throw Self.lost }
        let waited = NSCondition()
        nonisolated(unsafe) var done = false
        Thread {
            link.waitUntilConnected()
            waited.withLock {
                done = true
                waited.broadcast()
            }
        }.start()
        Self.wait("an attempt") { !server.attempts.isEmpty }
        #expect(waited.withLock { !done })
        server.isUp = true
        Self.wait("the worker to go on") { waited.withLock { done } }
    }

    /// A statement that fails otherwise (a timeout, a refused query) leaves the connection up.
    @Test func otherFailuresLeaveTheConnectionUp() {
        let server = Server()
        let link = SourceLink { () throws(ReadError) in try server.reopen() }
        let timeout = ReadError.unavailable(source: "db", reason: "canceling statement due to statement timeout")
        #expect(throws: timeout) { try link.read { () throws(ReadError) in throw timeout } }
        #expect(link.state == .connected)
        #expect(link.lostOnce == nil)
        #expect(server.attempts.isEmpty)
    }
}
