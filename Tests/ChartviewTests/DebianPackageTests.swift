import Foundation
import Testing

/// `make deb`'s package (.ci/make-deb), built here from the binary under test: it depends on
/// the runtime libraries only, holds the files of `make install` under /usr, extracts to a
/// chartview that renders the gallery headless from any directory, and lintian finds no error
/// in it (a debug binary's RUNPATH to the toolchain aside: `make deb` packages the release
/// build, which has none).
@Suite struct DebianPackageTests {
    @Test func thePackageExtractsToAWorkingChartviewAndLintianFindsNoError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try InstallTests.run(".ci/make-deb", [ChartviewProcess.binary, folder.path])
        #expect(build.status == 0, "\(build.output)")
        let deb = try #require(build.output.split(separator: "\n").last.map(String.init))
        let depends = try InstallTests.run("dpkg-deb", ["-f", deb, "Depends"]).output
        for library in ["libcairo2", "libpango-1.0-0", "libsqlite3-0", "libpq5", "libx11-6", "zlib1g"] {
            #expect(depends.contains(library), "Depends: \(depends)")
        }
        #expect(!depends.contains("-dev"), "Depends: \(depends)")
        let contents = try InstallTests.run("dpkg-deb", ["-c", deb]).output
        for file in [
            "./usr/bin/chartview", "./usr/share/chartview/gallery.json", "./usr/share/man/man1/chartview.1.gz",
            "./usr/share/bash-completion/completions/chartview", "./usr/share/applications/chartview.desktop",
            "./usr/share/icons/hicolor/scalable/apps/chartview.svg", "./usr/share/doc/chartview/copyright"
        ] {
            #expect(contents.contains(file), "\(file) not in the package")
        }
        let root = folder.appendingPathComponent("root")
        #expect(try InstallTests.run("dpkg-deb", ["-x", deb, root.path]).status == 0)
        let binary = root.appendingPathComponent("usr/bin/chartview").path
        for chart in try ChartviewProcess.run(["--list"]).stdout.split(separator: "\n") {
            let png = folder.appendingPathComponent("\(chart).png").path
            let render = try InstallTests.run(binary, ["--chart", String(chart), "--output", png], in: URL(fileURLWithPath: "/"))
            #expect(render.status == 0, "\(chart): \(render.output)")
            #expect(FileManager.default.fileExists(atPath: png))
        }
        let lintian = try InstallTests.run("lintian", ["--suppress-tags", "custom-library-search-path", deb])
        let errors = lintian.output.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty, "\(lintian.output)")
    }
}
