extension ChartSpec.DataSource {
    /// The database this data source reads and the engine that reads it: the chart's own
    /// (an engine's spec key such as `postgres`, else `database`), else the spec file's
    /// (`fileServer`, its engine's key, unless the chart names a database; else `fileDatabase`);
    /// nil when none is named. The location is as written (not resolved against the file's folder).
    func databaseLocation(fileDatabase: String?, fileServer: String?) -> (location: String, engine: any DatabaseEngine)? {
        // The key `postgres` is the spec format's; the engine it names is the one registered for it.
        let keyed = DatabaseEngines.engine(specKey: CodingKeys.postgres.stringValue)
        if let keyed, let server = postgres ?? (database == nil ? fileServer : nil) { return (server, keyed) }
        guard let path = database ?? fileDatabase else { return nil }
        return (path, DatabaseEngines.engine(for: path))
    }

    /// The query a database's chart reads: its own, or every row of its table (quoted); nil
    /// for neither.
    var sql: String? {
        query ?? table.map { "SELECT * FROM \"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }
    }
}
