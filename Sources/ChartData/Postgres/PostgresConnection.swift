import ChartCore
import CPostgres
import Foundation

/// One connection to a PostgreSQL server (libpq's `PGconn`), which it owns and closes
/// (`PQfinish`) in deinit. Not thread-safe: `PostgresDatabase` runs one operation at a time on
/// it; only its `PostgresCancelRequest` may be used from other threads.
///
/// Connecting is libpq's, without blocking past a deadline: `PQconnectStartParams` and
/// `PQconnectPoll`, waiting on the socket in slices of at most 50 ms. libpq reads the connection
/// string (a URL or key=value pairs), the PG* environment variables and the password file
/// (`~/.pgpass`, `PGPASSFILE`, `passfile=`), and negotiates TLS as `sslmode` says (libpq's
/// default, `prefer`: TLS when the server offers it); a password file libpq would refuse is not
/// given to it (`PostgresPasswordFile`). Its notices (warnings a server sends, a
/// `RAISE NOTICE`) are dropped rather than printed on standard error.
final class PostgresConnection {
    let handle: OpaquePointer
    /// What messages call the server: `postgresql://user@host:port/dbname` (host: the socket's
    /// folder or the host name), never a password.
    private(set) var name = ""
    /// The passwords libpq might repeat in a message (from the connection string, the
    /// environment or a password file), to strip them.
    private(set) var secrets: [String] = []

    /// Loads libpq on first use (chartview does not link it, so that runs without PostgreSQL
    /// do not pay for it): throws `DataError.server` ("cannot connect", not unreachable) naming
    /// the library and the package to install when it is missing.
    private static func loadLibrary(for connectionString: String) throws(DataError) {
        var message = [CChar](repeating: 0, count: 512)
        guard chartview_libpq_load(&message, message.count) != 0 else { return }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw DataError.server(
            name: PostgresConnectionString.displayName(connectionString), what: "cannot connect",
            message: "PostgreSQL needs libpq (libpq5), which could not be loaded: \(reason)", unreachable: false)
    }

    /// The value `connectionString` gives option `name` (`service=`, `?hostaddr=`), as libpq's
    /// own parser reads it (libpq loaded); nil for none.
    private static func option(_ name: String, in connectionString: String) -> String? {
        guard let options = PQconninfoParse(connectionString, nil) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == name, let value = option.pointee.val { return String(cString: value) }
            option += 1
        }
        return nil
    }

    /// Takes ownership of `handle`.
    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { PQfinish(handle) }

    /// Connects as `connectionString` says, in at most `seconds` (0 or less: at once or not at
    /// all). The session asks for UTF-8 text and is named `chartview` (`application_name`) unless
    /// the connection string or `PGAPPNAME` names it. Throws `DataError.server` ("cannot
    /// connect"): `unreachable` when no server answered in time (no socket, a refused or
    /// unanswered connection, an unknown host, no answer within `seconds`), not when one refused
    /// (a password, a role or database that does not exist, `pg_hba.conf`) nor for a connection
    /// string libpq cannot use (an unknown option, a port that is not a number).
    /// `storedCredentials`: whether the `PGPASSWORD` chartview took from the environment
    /// (`PostgresStoredPassword`) is given to libpq when the connection string writes no password.
    static func open(_ connectionString: String, seconds: Double, storedCredentials: Bool = true) throws(DataError) -> PostgresConnection {
        try loadLibrary(for: connectionString)
        let deadline = QueryDeadline.now() + UInt64(max(0, min(seconds, 1e6)) * 1e9)
        let written = PostgresConnectionString.passwords(in: connectionString)
        // The connection string first, expanded (expand_dbname): the pairs after it override it.
        var keywords = ["dbname", "fallback_application_name", "client_encoding"]
        var values = [connectionString, "chartview", "UTF8"]
        let stored = written.isEmpty ? PostgresStoredPassword.password(allowed: storedCredentials) : nil
        if let stored {
            keywords.append("password")
            values.append(stored)
        }
        // A server only a spec file names gets none of the user's stored passwords but the
        // password file's for its own host: no connection service (whose settings, a password
        // among them, are the user's), and no `hostaddr`, with which libpq would look the
        // password up by `host` and send it to another address.
        if !storedCredentials {
            let environment = ProcessInfo.processInfo.environment
            for (keyword, variable, why) in [
                ("service", "PGSERVICE", "a connection service, whose settings are yours"),
                ("hostaddr", "PGHOSTADDR", "hostaddr, with which your password file's password for its host would go to another address"),
                ("passfile", "", "a password file of its own choosing")
            ] {
                if let value = Self.option(keyword, in: connectionString) ?? (variable.isEmpty ? nil : environment[variable]), !value.isEmpty {
                    throw DataError.server(
                        name: PostgresConnectionString.displayName(connectionString), what: "cannot connect",
                        message: "a server a spec file names may not use \(why) (give --trust-spec-servers to allow it)", unreachable: false)
                }
            }
        }
        // A password file libpq would refuse with a warning of its own on standard error: it
        // reads none instead, and a connection that needs a password says why in its one line.
        let refusedFile = PostgresPasswordFile.refused(for: connectionString, passwordGiven: stored != nil)
        // A password file's entry for any host (`*:…`) would go to whatever host a spec names:
        // such a file is not read for a server only a spec names.
        if refusedFile != nil || (!storedCredentials && PostgresPasswordFile.hasEntryForAnyHost()) {
            keywords.append("passfile")
            values.append(PostgresPasswordFile.none)
        }
        let started: OpaquePointer? = withCStrings(keywords) { keys in
            withCStrings(values) { vals in PQconnectStartParams(keys, vals, 1) }
        }
        guard let started else {
            throw DataError.server(
                name: PostgresConnectionString.displayName(connectionString), what: "cannot connect",
                message: "out of memory", unreachable: true)
        }
        // `connection` owns the handle from here, and closes it if this throws; every use of the
        // handle goes through it, so that it lives as long as they do.
        let connection = PostgresConnection(handle: started)
        PQsetNoticeProcessor(connection.handle, { _, _ in }, nil)
        var secrets = written
        var reached = false
        func failure(_ connection: PostgresConnection, timedOut: String? = nil) -> DataError {
            connection.addPassword(to: &secrets)
            let name = PostgresConnectionString.redacting(
                displayName(connection.handle) ?? PostgresConnectionString.displayName(connectionString), secrets: secrets)
            if let timedOut { return .server(name: name, what: "cannot connect", message: timedOut, unreachable: true) }
            if PQconnectionNeedsPassword(connection.handle) != 0 {
                // Withheld from a server only a spec names: say so, not "give it in PGPASSWORD".
                let withheld = !storedCredentials && written.isEmpty
                return .server(
                    name: name, what: "cannot connect",
                    message: "the server asks for a password; "
                        + (withheld
                            ? "a server a spec file names is not sent PGPASSWORD; give it in ~/.pgpass or the spec's connection string, or give --trust-spec-servers"
                            : (refusedFile.map { $0.explanation + "; " } ?? "") + "give it in ~/.pgpass, PGPASSWORD or the connection string"),
                    unreachable: false)
            }
            let raw = String(cString: PQerrorMessage(connection.handle))
            // libpq tried to reach a server (rather than refusing the connection string's options).
            let attempted = raw.contains("connection to server") || raw.contains("could not translate host name")
            // A server that answered but takes no connections now (SQLSTATE 57P03: starting up,
            // in recovery after a crash, shutting down) is a failure at run time, as one that
            // did not answer: nothing in the command is wrong.
            let notNow = raw.contains("the database system is") || raw.contains("not accepting connections")
            return .server(
                name: name, what: "cannot connect", message: PostgresFailure.connectionMessage(raw, connectionString: connectionString, secrets: secrets),
                unreachable: (attempted && !reached) || notNow)
        }
        guard PQstatus(connection.handle) != CONNECTION_BAD else { throw failure(connection) }
        var polling = PGRES_POLLING_WRITING
        while polling != PGRES_POLLING_OK {
            guard polling != PGRES_POLLING_FAILED else { throw failure(connection) }
            // The server has the startup message (after the socket connected, and TLS if any).
            let status = PQstatus(connection.handle)
            if status == CONNECTION_AWAITING_RESPONSE || status == CONNECTION_AUTH_OK { reached = true }
            var ready = false
            while !ready {
                let now = QueryDeadline.now()
                guard now < deadline else {
                    throw failure(connection, timedOut: "no answer within \(NumberFormat.automatic.format(seconds)) s (--timeout)")
                }
                let slice = Int32(min(50, (deadline - now) / 1_000_000 + 1))
                ready = connection.waitForSocket(writing: polling == PGRES_POLLING_WRITING, milliseconds: slice)
            }
            polling = PQconnectPoll(connection.handle)
        }
        connection.name = PostgresConnectionString.redacting(
            displayName(connection.handle) ?? PostgresConnectionString.displayName(connectionString), secrets: written)
        connection.addPassword(to: &secrets)
        connection.secrets = secrets
        return connection
    }

    /// Adds the password libpq used or would use (from the connection string, `PGPASSWORD` or a
    /// password file) to `secrets`.
    private func addPassword(to secrets: inout [String]) {
        guard let used = PQpass(handle).map({ String(cString: $0) }), !used.isEmpty, !secrets.contains(used) else { return }
        secrets.append(used)
    }

    /// Whether the socket is ready for reading (or writing) within `milliseconds`; true too when
    /// it failed, or when there is no socket (libpq then says why).
    func waitForSocket(writing: Bool = false, milliseconds: Int32) -> Bool {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return true }
        var entry = pollfd(fd: socket, events: Int16(writing ? POLLOUT : POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) != 0
    }

    /// `postgresql://user@host:port/dbname` for the connection (tried or made); nil when libpq
    /// could not read the connection string.
    private static func displayName(_ handle: OpaquePointer) -> String? {
        guard let user = PQuser(handle).map({ String(cString: $0) }),
            let database = PQdb(handle).map({ String(cString: $0) })
        else { return nil }
        var host = PQhost(handle).map { String(cString: $0) } ?? ""
        if host.contains(":") && !host.hasPrefix("/") { host = "[\(host)]" }
        let port = PQport(handle).map { String(cString: $0) } ?? ""
        return "postgresql://\(user.isEmpty ? "" : user + "@")\(host)\(port.isEmpty ? "" : ":" + port)/\(database)"
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings, valid during the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
