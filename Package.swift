// swift-tools-version:6.0
import PackageDescription

/// chartview: a Swift charting library (Core Plot's model) and an X11 chart viewer for Linux.
///
/// Module roles (see "How it is built" in the README):
/// - `ChartCore`: the model, scales, layout, scene and hit testing. Pure Swift, no C imports.
/// - `ChartCairo`: paints a scene with Cairo, measures text with Pango; PNG, SVG, PDF.
/// - `ChartFiles`: writes files safely (a partial file renamed into place) and says why not.
/// - `ChartSession`: a chart's life in a host (loading, watching, periods, the save prompt, the
///   status line), driven by commands and a clock. Pure Swift over ChartCore: no X11, no Cairo.
/// - `ChartX11`: hosts a chart session in an Xlib window.
/// - `ChartData`: loads data (CSV, SQLite, PostgreSQL and ClickHouse read-only, spec files).
/// - `ChartviewCommand`: the command-line viewer's logic that wires them together (its options,
///   catalog of charts, outputs and window), a library so that tests drive it in their process.
/// - `chartview`: the executable, a `main` that runs `ChartviewCommand`.
/// Fuzz targets define libFuzzer's entry point and, without FUZZING, a replaying main.
let fuzzSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
/// The modules whose loops the tests run hardest (layout, thinning, CSV and database readers,
/// painting) are optimized in debug builds too: `make test` spends less than half the CPU on
/// them so (library tests 119 s -> 62 s, the chartview children alike) for about 40 s more of
/// build a module; their tests still `@testable import` them. Release builds are optimized anyway.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "chartview",
    products: [
        .library(name: "ChartCore", targets: ["ChartCore"]),
        .library(name: "ChartCairo", targets: ["ChartCairo"]),
        .library(name: "ChartFiles", targets: ["ChartFiles"]),
        .library(name: "ChartSession", targets: ["ChartSession"]),
        .library(name: "ChartX11", targets: ["ChartX11"]),
        .library(name: "ChartData", targets: ["ChartData"]),
        .executable(name: "chartview", targets: ["chartview"])
    ],
    targets: [
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "cairo-xlib", providers: [.apt(["libx11-dev", "libxext-dev", "libcairo2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libpq's header (libpq-dev) with its functions loaded on first use, not linked (see libpq_loader.c).
        .target(name: "CPostgres", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl's header (libcurl4-openssl-dev), loaded on first use the same way (libcurl_loader.c).
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),

        .target(name: "ChartCore", swiftSettings: optimizedInDebug),
        .target(name: "ChartFiles"),
        .target(name: "ChartCairo", dependencies: ["ChartCore", "ChartFiles", "CCairo", "CPango", "CPNG"], swiftSettings: optimizedInDebug),
        .target(name: "ChartSession", dependencies: ["ChartCore"]),
        .target(name: "ChartX11", dependencies: ["ChartCore", "ChartCairo", "ChartFiles", "ChartSession", "CX11"]),
        .target(name: "ChartData", dependencies: ["ChartCore", "ChartFiles", "CSQLite", "CPostgres", "CCurl"], swiftSettings: optimizedInDebug),
        .target(
            name: "ChartviewCommand",
            dependencies: ["ChartCore", "ChartCairo", "ChartFiles", "ChartSession", "ChartX11", "ChartData"]
        ),
        .executableTarget(name: "chartview", dependencies: ["ChartviewCommand"]),

        // Fuzz targets (make fuzz builds them with libFuzzer; otherwise they replay input files).
        .target(name: "FuzzSupport", dependencies: ["ChartCore", "ChartCairo"]),
        .executableTarget(name: "FuzzCSV", dependencies: ["ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzSpec", dependencies: ["ChartCore", "ChartCairo", "ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzColumnTyping", dependencies: ["ChartCore", "ChartCairo", "ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzSQLValues", dependencies: ["ChartCore", "ChartCairo", "ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzPostgresURL", dependencies: ["ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzPostgresQuery", dependencies: ["ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzLayout", dependencies: ["ChartCore", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzClickHouseNative", dependencies: ["ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzLiveLines", dependencies: ["ChartCore", "ChartData", "FuzzSupport"], swiftSettings: fuzzSettings),

        // The Examples package's two programs (chartview used as a library, through the public API
        // only), built here too so that make test compiles the library once (.ci/examples runs them;
        // Examples/Package.swift is the same programs as a user's package depends on chartview).
        .executableTarget(name: "ChartExample", dependencies: ["ChartCore", "ChartCairo", "ChartX11"], path: "Examples/Sources/ChartExample"),
        .executableTarget(name: "ReadmeExample", dependencies: ["ChartCore", "ChartCairo"], path: "Examples/Sources/ReadmeExample"),

        // How much of the heaviest tests a run covers (make test samples, make test-full runs all).
        .target(name: "TestDepth", path: "Tests/TestDepth"),
        .testTarget(name: "ChartCoreTests", dependencies: ["ChartCore", "TestDepth"]),
        .testTarget(name: "ChartCairoTests", dependencies: ["ChartCore", "ChartCairo", "ChartFiles", "TestDepth"]),
        // The session driven by a manual clock: loads, watching, periods, the prompt, the status line.
        .testTarget(name: "ChartSessionTests", dependencies: ["ChartCore", "ChartSession"]),
        // The window's parts that need no X server (its key table, its loop, saving).
        .testTarget(name: "ChartX11Tests", dependencies: ["ChartCore", "ChartCairo", "ChartFiles", "ChartSession", "ChartX11", "CX11"]),
        // The command through its binary, the window under Xvfb, and the viewer's session without
        // the window (WindowlessViewer: the command's own charts on a manual clock).
        .testTarget(
            name: "ChartviewTests",
            dependencies: ["ChartCore", "ChartCairo", "CX11", "TestDepth", "ChartSession", "ChartX11", "ChartviewCommand"]
        ),
        .testTarget(name: "ChartDataTests", dependencies: ["ChartCore", "ChartData", "TestDepth"])
    ],
    swiftLanguageModes: [.v6]
)
