// swift-tools-version:6.0
import PackageDescription

/// A package that uses chartview as a library, as a user's package would: by path here, by URL
/// (`.package(url: "https://…/chartview", branch: "main")`) elsewhere. It reaches only the public
/// API of the products ChartCore, ChartCairo and ChartX11.
///
/// - `ChartExample`: a chart with a data source, a delegate and a style of its own, written to
///   a PNG (and checked with `--check`), or shown in a window with `--window`.
/// - `ReadmeExample`: the README's library example, verbatim (a test keeps the two equal).
///
/// `make test` runs both headless (`.ci/examples`) as the main package builds them too (its
/// `ChartExample` and `ReadmeExample` targets name these folders); CI builds this package.
let package = Package(
    name: "chartview-examples",
    dependencies: [
        .package(name: "chartview", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ChartExample",
            dependencies: [
                .product(name: "ChartCore", package: "chartview"),
                .product(name: "ChartCairo", package: "chartview"),
                .product(name: "ChartX11", package: "chartview")
            ]
        ),
        .executableTarget(
            name: "ReadmeExample",
            dependencies: [
                .product(name: "ChartCore", package: "chartview"),
                .product(name: "ChartCairo", package: "chartview")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
