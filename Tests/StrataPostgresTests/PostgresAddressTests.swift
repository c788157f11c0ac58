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
    ])
    func theDisplayHasNoPassword(uri: String, display: String) throws {
        let address = try #require(PostgresAddress(uri))
        #expect(address.display == display)
        // libpq may quote the URI it was given in an error.
        #expect(address.scrub("failed for \(uri)") == "failed for \(uri.replacingOccurrences(of: "s3cr%65t", with: "***").replacingOccurrences(of: "s3cret", with: "***"))")
    }

    @Test func onlyPostgresURIsAreAddresses() {
        #expect(PostgresAddress("data.csv") == nil)
        #expect(PostgresAddress("mysql://db/x") == nil)
        #expect(PostgresAddress.isAddress("postgres://x") && PostgresAddress.isAddress("postgresql://x"))
    }
}
