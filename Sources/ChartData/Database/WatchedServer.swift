/// A server database polled for live reload by a watch query (`DatabaseOptions.watchQuery`):
/// PostgreSQL and ClickHouse adopt it.
public protocol WatchedServer: ChartDatabase {
    /// The query whose first row changes when the data does; nil: the server is not polled.
    var watchQuery: String? { get set }
}

extension WatchedServer {
    /// The database watched by `query` (none when nil), which runs once first, so that a watch
    /// query that fails says so as the server opens, before a window does.
    func watching(_ query: String?) throws(DataError) -> Self {
        guard let query else { return self }
        _ = try rows(query)
        watchQuery = query
        return self
    }
}
