import CSQLite
import Foundation
import Synchronization

/// Whether a `.sql` script's run made a database that running it again would make too, decided
/// from what SQLite does while it runs, not from the script's text (which can spell a call in
/// many ways: `"random"()`, `random/**/()`, `[random]()`, in a view, a trigger, a CTE, a
/// column's DEFAULT, or build the string `'now'` from parts).
///
/// - Calls: an authorizer sees every function each statement compiles, the bodies of the views
///   and triggers it uses included, by name. A function SQLite lists (`PRAGMA function_list`)
///   as a scalar function without `SQLITE_DETERMINISTIC` (random, randomblob, changes,
///   total_changes, last_insert_rowid, current_date, current_time, current_timestamp,
///   load_extension, sqlite_compileoption_get...) makes the run unrepeatable, and so does one
///   in `alwaysChanging`. The DEFAULT of a column is compiled only when a row takes it, without
///   the authorizer, so every column's DEFAULT is compiled once more after the script.
/// - The clock: date(), time(), datetime(), julianday(), unixepoch() and strftime() are
///   deterministic unless they read the current time (`'now'`, or no date at all), which they
///   do through the connection's VFS: the script's connection uses `SQLiteClock`'s, which counts.
///   (Their `'localtime'` and `'utc'` modifiers depend on the time zone: `SQLScriptCache` keys
///   its images by zone.)
/// - What an image leaves out: objects in the temporary schema, and settings of the connection
///   (`PRAGMA case_sensitive_like = ON`, `reverse_unordered_selects`...), except those in
///   `keptPragmas`. ATTACH (and VACUUM INTO, which attaches) is refused by the connection's
///   limits; it also makes the run unrepeatable.
///
/// Owns the authorizer it installs: `run` removes it before returning or throwing.
final class SQLScriptWatch {
    /// Functions whose value changes whatever SQLite's list says: random numbers, counts of
    /// earlier statements' rows, the time (`current_*`, which read the clock as well), and
    /// extensions, which could do anything.
    static let alwaysChanging: Set<String> = [
        "random", "randomblob", "changes", "total_changes", "last_insert_rowid", "current_date", "current_time",
        "current_timestamp", "load_extension", "sqlite_compileoption_get", "sqlite_compileoption_used"
    ]
    /// Functions SQLite lists as not deterministic whose value the cache's key pins (it holds
    /// the library's version number and source id).
    static let keyedByLibrary: Set<String> = ["sqlite_version", "sqlite_source_id"]
    /// Pragmas that may set a value without making the run unrepeatable: what the image keeps
    /// (its header's fields, its page size and encoding), reads of the schema by name, and
    /// settings that only bear on writing (chart queries only read) or on speed.
    static let keptPragmas: Set<String> = [
        "application_id", "user_version", "page_size", "auto_vacuum", "encoding", "table_info", "table_xinfo", "table_list",
        "index_info", "index_xinfo", "index_list", "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
        "foreign_keys", "recursive_triggers", "defer_foreign_keys", "cache_size", "synchronous", "journal_mode", "temp_store"
    ]

    private let db: OpaquePointer
    /// The names of the functions that make a run unrepeatable, lowercased.
    private let changing: Set<String>
    /// Set by the authorizer when a statement did something a kept image would not repeat.
    private var changed = false

    private init(_ db: OpaquePointer) {
        self.db = db
        changing = Self.alwaysChanging.union(Self.undeterministicFunctions(db)).subtracting(Self.keyedByLibrary)
    }

    /// Runs `script` (which runs the script's statements on `db`) and tells whether running it
    /// again on a fresh connection would make the same database. O(the script's run + its
    /// schema).
    static func run(on db: OpaquePointer, _ script: () throws(DataError) -> Void) throws(DataError) -> Bool {
        let clockReads = SQLiteClock.reads
        let watch = SQLScriptWatch(db)
        let context = Unmanaged.passUnretained(watch).toOpaque()
        sqlite3_set_authorizer(
            db,
            { context, action, first, second, _, _ in
                guard let context else { return SQLITE_OK }
                Unmanaged<SQLScriptWatch>.fromOpaque(context).takeUnretainedValue().note(action, first, second)
                return SQLITE_OK
            }, context)
        defer {
            sqlite3_set_authorizer(db, nil, nil)
            withExtendedLifetime(watch) {}
        }
        try script()
        watch.compileDefaults()
        return !watch.changed && SQLiteClock.isCounting && SQLiteClock.reads == clockReads && watch.hasNoTemporaryObjects()
    }

    /// The authorizer's note of one action: a call of a changing function, a setting the image
    /// leaves out, an attached database.
    private func note(_ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?) {
        switch action {
        case SQLITE_FUNCTION:
            // The 4th argument, `second` here, is the function's name.
            if let second, changing.contains(String(cString: second).lowercased()) { changed = true }
        case SQLITE_PRAGMA:
            // `first` names the pragma, `second` is its value (nil when it is only read).
            if second != nil, let first, !Self.keptPragmas.contains(String(cString: first).lowercased()) { changed = true }
        case SQLITE_ATTACH, SQLITE_DETACH:
            changed = true
        default:
            break
        }
    }

    /// The names of the scalar functions `db` knows that are not registered deterministic.
    /// O(functions).
    private static func undeterministicFunctions(_ db: OpaquePointer) -> Set<String> {
        var names: Set<String> = []
        var statement: OpaquePointer?
        let sql = "SELECT name FROM pragma_function_list WHERE type = 's' AND flags & \(SQLITE_DETERMINISTIC) = 0"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return names }
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW {
            if let name = sqlite3_column_text(statement, 0) { names.insert(String(cString: name).lowercased()) }
        }
        return names
    }

    /// Compiles (does not run) every column's DEFAULT in the main schema, for the authorizer to
    /// see the functions it calls; one that does not compile counts as changing. O(columns).
    private func compileDefaults() {
        var statement: OpaquePointer?
        let sql = """
            SELECT c.dflt_value FROM main.sqlite_master AS s, pragma_table_xinfo(s.name, 'main') AS c
            WHERE s.type = 'table' AND c.dflt_value IS NOT NULL
            """
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            changed = true
            return
        }
        defer { sqlite3_finalize(statement) }
        var defaults: [String] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else {
                changed = true
                return
            }
            defaults.append(String(cString: text))
        }
        for expression in defaults {
            var compiled: OpaquePointer?
            if sqlite3_prepare_v2(db, "SELECT (" + expression + ")", -1, &compiled, nil) != SQLITE_OK { changed = true }
            sqlite3_finalize(compiled)
        }
    }

    /// Whether the temporary schema is empty: an image leaves it out.
    private func hasNoTemporaryObjects() -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT count(*) FROM temp.sqlite_master", -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_int64(statement, 0) == 0
    }
}

/// SQLite's default VFS under another name (`name`), with a count of the times a connection on
/// it read the clock: `'now'` in a date and time function, `current_time` and the like. The
/// script's connection opens on it, so that `SQLScriptWatch` knows whether the run read the
/// time. The count is the process's: a connection reading the clock on another thread while a
/// script runs only keeps that script from being cached.
///
/// The VFS is registered on first use and never removed (connections use it until they close);
/// it is the default's struct with its two clock functions replaced, its files the default's.
enum SQLiteClock {
    /// The VFS's name, for `sqlite3_open_v2`; nil when it could not be registered.
    static let name: String? = register()
    /// Whether the clock is counted (the VFS is registered).
    static var isCounting: Bool { name != nil }
    /// The clock's reads so far through the VFS.
    static var reads: Int { count.load(ordering: .acquiring) }

    private static let count = Atomic<Int>(0)
    /// The default VFS, whose clock answers.
    private nonisolated(unsafe) static let base = sqlite3_vfs_find(nil)

    private static func register() -> String? {
        let name = "chartview-counted-clock"
        guard let base else { return nil }
        // Owned by SQLite's list of VFSes for the rest of the process.
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.xCurrentTime = { _, time in
            SQLiteClock.count.add(1, ordering: .releasing)
            guard let base = SQLiteClock.base, let now = base.pointee.xCurrentTime else { return SQLITE_ERROR }
            return now(base, time)
        }
        if base.pointee.iVersion >= 2, base.pointee.xCurrentTimeInt64 != nil {
            vfs.pointee.xCurrentTimeInt64 = { _, time in
                SQLiteClock.count.add(1, ordering: .releasing)
                guard let base = SQLiteClock.base, let now = base.pointee.xCurrentTimeInt64 else { return SQLITE_ERROR }
                return now(base, time)
            }
        }
        guard sqlite3_vfs_register(vfs, 0) == SQLITE_OK else { return nil }
        return name
    }
}
