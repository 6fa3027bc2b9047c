import Foundation
import Testing

/// A password file libpq would refuse (mode 0644, or not a plain file) makes no second line:
/// libpq printed `WARNING: password file "…" has group or world access; …` to standard error
/// itself, before chartview's own line. Now chartview checks the file as libpq would, gives
/// libpq none, and says why in its one line when the server then asks for a password
/// (status 2, a refusal); a sound file (0600) connects.
@Suite("PostgreSQL: a password file libpq refuses", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct PostgresPasswordFileTests {
    typealias Server = PostgresFixture

    @Test("PGPASSFILE of mode 0644, passfile= of mode 0640, a folder as PGPASSFILE: one line naming the file; 0600 connects")
    func refusedFileIsOneLine() throws {
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let file = home + "/.pgpass"
        let sql = "SELECT 1 AS a, 2 AS b"
        let cases: [(mode: mode_t, arguments: [String], environment: [String: String], expected: String)] = [
            (0o644, [Server.url], ["PGPASSFILE": file], "the password file '\(file)' was not read: it has group or world access (chmod 0600 it)"),
            (
                0o640, [Server.url + "&passfile=" + file], ["PGPASSFILE": "/nonexistent"],
                "the password file '\(file)' was not read: it has group or world access (chmod 0600 it)"
            ),
            (0o600, [Server.url], ["PGPASSFILE": home], "the password file '\(home)' was not read: it is not a plain file")
        ]
        for item in cases {
            chmod(file, item.mode)
            let result = try ChartviewProcess.run(
                item.arguments + ["--query", sql, "--output", home + "/o.png"], environment: item.environment.merging(["HOME": home]) { a, _ in a })
            #expect(result.status == 2, "\(item.arguments): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("chartview: \(Server.readerName): cannot connect: the server asks for a password; \(item.expected); "),
                "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
            #expect(!result.stderr.contains("WARNING"))
            #expect(!result.stderr.contains(Server.password))
        }
        chmod(file, 0o600)
        let sound = try ChartviewProcess.run([Server.url, "--query", sql, "--output", home + "/o.png"], environment: ["PGPASSFILE": file, "HOME": home])
        #expect(sound.status == 0, "\(sound.stderr)")
        #expect(sound.stderr.isEmpty)
    }
}
