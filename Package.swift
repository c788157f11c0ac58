// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // glibc's allocator settings (malloc.h): part of the C library, nothing to install or link.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(
            name: "CLibPQ",
            path: "Sources/CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        // Release builds check no exclusive access at run time in the readers' loops
        // (about a tenth of a load's CPU; debug builds and the tests still check): DECISIONS.
        .target(name: "StrataData", dependencies: ["CZlib"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // PostgreSQL as a `Source`: the one target that calls libpq (loaded when a database is first used).
        .target(name: "StrataPostgres", dependencies: ["StrataData", "CLibPQ"]),
        .target(name: "StrataUI", dependencies: ["StrataData"]),
        .target(name: "StrataTerminal", dependencies: ["StrataUI", "CNcurses"]),
        .executableTarget(
            name: "strata",
            dependencies: [
                "StrataData", "StrataUI", "StrataTerminal", "StrataPostgres", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make fuzz` builds it with -sanitize=fuzzer; otherwise a crash reproducer.
        .executableTarget(name: "StrataFuzz", dependencies: ["StrataData"]),
        .testTarget(name: "StrataDataTests", dependencies: ["StrataData"]),
        // Runs a throwaway PostgreSQL server (Tools/throwaway-postgres: initdb, pg_ctl) for its suites.
        .testTarget(name: "StrataPostgresTests", dependencies: ["StrataPostgres", "StrataData"]),
        .testTarget(
            name: "StrataUITests",
            dependencies: ["StrataUI", "StrataData"],
            exclude: ["Golden"]
        ),
        // Imports CNcurses only for the KEY_* codes its scripted reads return.
        .testTarget(name: "StrataTerminalTests", dependencies: ["StrataTerminal", "StrataUI", "StrataData", "CNcurses"]),
        .testTarget(name: "EndToEndTests"),
    ],
    swiftLanguageModes: [.v6]
)
