import CPostgres
import ChartFiles
import Foundation

/// The password file libpq would read for a connection, when libpq would refuse it. libpq
/// checks the file (`passfile=`, `PGPASSFILE`, else `~/.pgpass`) while it reads the connection
/// string, and when the file is open to its group or others, or is not a plain file, it prints
/// `WARNING: password file "…" has group or world access; …` itself, with `fprintf` to
/// standard error: no notice processor sees that line. So chartview checks the file first, as
/// libpq would, and when libpq would refuse it, points libpq at no file (it reads none, and
/// prints nothing), and says why in the one line of a connection that then needs a password.
struct PostgresPasswordFile {
    /// The file's path, as libpq would open it.
    let path: String
    /// Why libpq would not read it: "has group or world access" or "is not a plain file".
    let fault: String

    /// A path that names no file, for `passfile=`: libpq finds nothing there and says nothing.
    static let none = "/dev/null/chartview-no-password-file"

    /// The file libpq would refuse for `connectionString` (libpq loaded), nil when it would
    /// read none (a password given there or from `PGPASSWORD`: `passwordGiven`, no file) or a
    /// sound one. Reads the connection string with libpq's own parser; one `stat`.
    static func refused(for connectionString: String, passwordGiven: Bool) -> PostgresPasswordFile? {
        let environment = ProcessInfo.processInfo.environment
        if passwordGiven || !(environment["PGPASSWORD"] ?? "").isEmpty { return nil }
        var passfile: String?
        guard let options = PQconninfoParse(connectionString, nil) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            let value = option.pointee.val.map { String(cString: $0) } ?? ""
            switch String(cString: keyword) {
            case "password" where !value.isEmpty: return nil
            case "passfile" where !value.isEmpty: passfile = value
            default: break
            }
            option += 1
        }
        let path = passfile ?? environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? (homeDirectory() + "/.pgpass")
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT != S_IFREG { return PostgresPasswordFile(path: path, fault: "is not a plain file") }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return PostgresPasswordFile(path: path, fault: "has group or world access (chmod 0600 it)")
        }
        return nil
    }

    /// Whether the user's password file (`PGPASSFILE`, else `~/.pgpass`) may have an entry for
    /// any host (`*` as its host): its password would go to whatever host a connection string
    /// names. Lines are `host:port:database:user:password`, `\:` an escaped colon, `#` a
    /// comment. Read with a bound (1 MiB; a link only when the user owns it); a file that is
    /// there and cannot be read so (larger, a link of another user's, unreadable) may have one,
    /// since libpq would read it whole through any link. O(file).
    static func hasEntryForAnyHost() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? (homeDirectory() + "/.pgpass")
        var status = stat()
        if lstat(path, &status) != 0 && (errno == ENOENT || errno == ENOTDIR) { return false }
        guard let data = try? SmallFile.contents(of: path, limit: 1 << 20, links: .ownedByUser) else { return true }
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            if line.hasPrefix("*:") { return true }
        }
        return false
    }

    /// The home folder as libpq finds it: `HOME`, else the user's entry in the password database.
    private static func homeDirectory() -> String {
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty { return home }
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return "" }
        return String(cString: directory)
    }

    /// What the one line of a connection that needs a password says of the file.
    var explanation: String { "the password file '\(path)' was not read: it \(fault)" }
}
