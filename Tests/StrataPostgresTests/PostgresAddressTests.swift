import Testing
@testable import StrataPostgres

/// A URI's password never reaches a line strata prints.
struct PostgresAddressTests {
    @Test(arguments: [
        ("postgresql://me:s3cret@db.example.com:5433/metrics", "postgresql://me@db.example.com:5433/metrics"),
        ("postgres://me:s3cret@db/metrics?sslmode=require&password=s3cret", "postgres://me@db/metrics?sslmode=require"),
        ("postgresql://me@db/metrics?password=s3cret", "postgresql://me@db/metrics"),
        ("postgresql://me:s3cr%65t@db/m", "postgresql://me@db/m"),
        ("postgresql:///metrics", "postgresql:///metrics"),
        ("postgresql://db/x?options=a:b@c", "postgresql://db/x?options=a:b@c"),
        // Raw `?`, `/` and `@` in a password: libpq reads the first as part of it, and cuts the others short.
        ("postgresql://me:Ab?cd_s3cret@db/metrics", "postgresql://me@db/metrics"),
        ("postgresql://me:Wr/ngs3cret@db/metrics", "postgresql://me@db/metrics"),
        ("postgresql://me:Wr@ngs3cret@db/metrics", "postgresql://me@db/metrics"),
    ])
    func theDisplayHasNoPassword(uri: String, display: String) throws {
        let address = try #require(PostgresAddress(uri))
        #expect(address.display == display)
        // libpq may quote the URI it was given in an error.
        #expect(!address.scrub("failed for \(uri)").contains("s3cr"))
    }

    /// What libpq quotes of a password it cut short (a port, a host) is scrubbed too.
    @Test func thePiecesOfACutPasswordAreScrubbed() throws {
        let address = try #require(PostgresAddress("postgresql://me:Wr/ngs3cret@db/metrics"))
        #expect(address.scrub(#"invalid integer value "Wr" for connection option "port"; database "ngs3cret@db/metrics""#)
                == #"invalid integer value "***" for connection option "port"; database "***@db/metrics""#)
    }

    @Test func onlyPostgresURIsAreAddresses() {
        #expect(PostgresAddress("data.csv") == nil)
        #expect(PostgresAddress("mysql://db/x") == nil)
        #expect(PostgresAddress.isAddress("postgres://x") && PostgresAddress.isAddress("postgresql://x"))
    }
}
