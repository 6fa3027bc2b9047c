import Foundation
import Testing

@testable import ChartData

/// ClickHouse's parts that need no server: its URLs (and that no password reaches a message),
/// the `Native` format read from bytes built here as the format's description says, its type
/// names, and the key a PostgreSQL statement is remembered by once checked.
@Suite("ClickHouse URLs, the Native format and statement keys")
struct ClickHouseFormatTests {
    @Test("URLs: defaults, TLS, percent-encoded user and password, the password never shown")
    func locations() throws {
        let plain = try ClickHouseLocation("clickhouse://ch.example.com/logs", environment: [:])
        #expect(plain.user == "default" && plain.port == 8123 && !plain.isSecure && plain.database == "logs" && plain.password == nil)
        #expect(plain.displayName == "clickhouse://default@ch.example.com:8123/logs")
        let secure = try ClickHouseLocation("clickhouses://ana:p%40ss%3Aw0rd@[::1]/", environment: ["CLICKHOUSE_PASSWORD": "other"])
        #expect(secure.isSecure && secure.port == 8443 && secure.user == "ana" && secure.password == "p@ss:w0rd" && secure.database == "default")
        #expect(secure.displayName == "clickhouses://ana@[::1]:8443/default")
        #expect(secure.endpoint(settings: [("readonly", "1")]).hasPrefix("https://[::1]:8443/?database=default&readonly=1"))
        let fromEnvironment = try ClickHouseLocation("clickhouse://bo@h:9/d", environment: ["CLICKHOUSE_PASSWORD": "s3cret"])
        #expect(fromEnvironment.password == "s3cret")
        // A value with + and & stays one value.
        #expect(plain.endpoint(settings: [("query_id", "a+b&c")]).contains("query_id=a%2Bb%26c"))
        // Not a URL chartview reads: refused naming it without what precedes @.
        #expect(throws: DataError.self) { try ClickHouseLocation("clickhouse://ana:hunter2@", environment: [:]) }
        do {
            _ = try ClickHouseLocation("clickhouse://ana:hunter2@", environment: [:])
        } catch {
            #expect(!error.description.contains("hunter2"), "\(error)")
        }
        let engine = ClickHouseEngine()
        #expect(engine.claims("ClickHouse://h/d") && engine.claims("clickhouses://h") && !engine.claims("postgresql://h/d"))
        #expect(engine.shownName("clickhouse://ana:hunter2@h:8123/d") == "clickhouse://ana@h:8123/d")
        #expect(
            engine.redactingSecrets("failed for hunter2 and p%40ss", writtenIn: ["clickhouse://ana:hunter2@h/d", "clickhouse://x:p%40ss@h/d"])
                == "failed for ******** and ********")
    }

    /// clickhouse-client's `config.xml` read as XML reads it; before, a text search sent a
    /// commented-out password, and `&amp;` or CDATA as written.
    @Test("The client configuration's password: comments skipped, entities and CDATA decoded, only the root's own")
    func clientConfigPasswords() {
        func password(_ xml: String) -> String? { ClickHouseClientConfig.password(in: Array(xml.utf8)) }
        #expect(password("<config><user>a</user><password>p&amp;w&lt;&#x41;&#66;</password></config>") == "p&w<AB")
        #expect(password("<config><!-- <password>old</password> --><password>new</password></config>") == "new")
        #expect(password("<config><!-- <password>old</password> --></config>") == nil)
        #expect(password("<?xml version=\"1.0\"?>\n<config>\n  <password><![CDATA[a&amp;<b>]]></password>\n</config>") == "a&amp;<b>")
        #expect(password("<config><connections_credentials><connection><password>theirs</password></connection></connections_credentials></config>") == nil)
        #expect(password("<config><password/></config>") == "")
        // An entity the file declares is not expanded (nor fetched): no password.
        #expect(password("<!DOCTYPE c [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><config><password>&x;</password></config>") == nil)
        #expect(password("<config><password>never ends") == nil)
    }

    /// A server only a spec file names gets no stored password; the user's own do.
    @Test("Stored passwords only where allowed")
    func storedPasswordsOnlyWhereAllowed() throws {
        let spec = try ClickHouseLocation("clickhouse://h:9/d", environment: ["CLICKHOUSE_PASSWORD": "s3cret"], storedCredentials: false)
        #expect(spec.password == nil)
        let written = try ClickHouseLocation("clickhouse://u:mine@h:9/d", environment: ["CLICKHOUSE_PASSWORD": "s3cret"], storedCredentials: false)
        #expect(written.password == "mine")
    }

    /// A block as the server writes it: columns and rows, then per column its name, its type
    /// and its values.
    static func block(rows: Int, _ columns: [(name: String, type: String, data: [UInt8])]) -> [UInt8] {
        func varint(_ v: Int) -> [UInt8] {
            var v = UInt64(v), out: [UInt8] = []
            repeat {
                var byte = UInt8(v & 0x7f)
                v >>= 7
                if v != 0 { byte |= 0x80 }
                out.append(byte)
            } while v != 0
            return out
        }
        func string(_ s: String) -> [UInt8] { varint(s.utf8.count) + Array(s.utf8) }
        return varint(columns.count) + varint(rows) + columns.flatMap { string($0.name) + string($0.type) + $0.data }
    }

    static func bytes<T>(_ values: [T]) -> [UInt8] { values.withUnsafeBytes { Array($0) } }

    /// A hostile server's type name nesting Nullable 100,000 deep (with a blank or a tab after
    /// each parenthesis too) is refused at the first level: it was read level by level, past
    /// --timeout (attack rounds 5 and 6).
    @Test(arguments: ["", " ", "\t"])
    func aNullableOfANullableIsRefusedAtOnce(gap: String) {
        let deep = String(repeating: "Nullable(" + gap, count: 100_000) + "Int8" + String(repeating: ")", count: 100_000)
        #expect(ClickHouseType(deep) == nil)
        #expect(ClickHouseType("Nullable(" + gap + "Int8)") != nil)
    }

    @Test("Native blocks: numbers, Nullable, dates, decimals, text, enums; a block cut short is incomplete")
    func nativeBlocks() throws {
        let bytes = Self.block(
            rows: 3,
            [
                ("x", "Float64", Self.bytes([1.5, -2.25, 1e300])),
                ("n", "Nullable(Int32)", [0, 1, 0] + Self.bytes([Int32(7), 0, -9])),
                ("d", "Date", Self.bytes([UInt16(0), 1, 19_000])),
                ("t", "DateTime('Europe/Paris')", Self.bytes([UInt32(0), 86_400, 1_700_000_000])),
                ("p", "Decimal(9, 2)", Self.bytes([Int32(12_345), -5, 0])),
                ("s", "String", [3] + Array("abc".utf8) + [0] + [2] + Array("é".utf8)),
                ("e", "Enum8('up' = 1, 'down' = -1)", [1, 0xff, 1]),
                ("u", "UInt64", Self.bytes([UInt64(1) << 53, 0, 42]))
            ])
        var offset = 0
        let (rows, columns) = try bytes.withUnsafeBytes { buffer in try ClickHouseNativeReader.block(buffer, offset: &offset) }
        #expect(rows == 3 && offset == bytes.count)
        #expect(columns.map(\.name) == ["x", "n", "d", "t", "p", "s", "e", "u"])
        #expect(columns[0].numbers == [1.5, -2.25, 1e300])
        #expect(columns[1].numbers[0] == 7 && columns[1].numbers[1].isNaN && columns[1].numbers[2] == -9)
        #expect(columns[2].numbers == [0, 86_400, 19_000 * 86_400] && columns[2].type.isDate)
        #expect(columns[3].numbers == [0, 86_400, 1_700_000_000] && columns[3].type.isDate)
        #expect(columns[4].numbers == [123.45, -0.05, 0])
        #expect(columns[5].texts == ["abc", "", "é"])
        #expect(columns[6].texts == ["up", "down", "up"])
        #expect(columns[7].numbers == [9_007_199_254_740_992, 0, 42])
        // Every shorter prefix is incomplete, never misread.
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            var at = 0
            #expect(throws: ClickHouseNativeReader.Failure.self) {
                _ = try Array(bytes[..<cut]).withUnsafeBytes { buffer in try ClickHouseNativeReader.block(buffer, offset: &at) }
            }
            #expect(at == 0)
        }
        // A type chartview does not read is named (arrays too: one value a cell is charted).
        let tuple = Self.block(rows: 1, [("pair", "Tuple(Float64, Float64)", Self.bytes([1.0, 2.0]))])
        var at = 0
        do {
            _ = try tuple.withUnsafeBytes { buffer in try ClickHouseNativeReader.block(buffer, offset: &at) }
            Issue.record("a tuple was read")
        } catch let error as ClickHouseNativeReader.Failure {
            guard case .unsupported(let column, let type) = error else { Issue.record("\(error)"); return }
            #expect(column == "pair" && type == "Tuple(Float64, Float64)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("The server's own error text after the rows is read as its code and message")
    func serverErrors() {
        let text = Array("Code: 60, e.displayText() = DB::Exception: Table default.nosuch doesn't exist., e.what() = DB::Exception\n".utf8)
        let error = text.withUnsafeBytes { ClickHouseNativeReader.serverError(in: $0) }
        #expect(error?.code == 60 && error?.message == "Table default.nosuch doesn't exist.")
    }

    @Test("A statement's ending semicolons and blanks are dropped before its format")
    func statements() {
        #expect(ClickHouseDatabase.statement("SELECT 1; \n ;\t") == "SELECT 1")
        #expect(ClickHouseDatabase.statement("SELECT ';'") == "SELECT ';'")
    }

    @Test("A checked PostgreSQL statement is remembered without its float8 literals and lists")
    func approvalKeys() {
        let a = "SELECT x FROM t WHERE x >= '1.5'::float8 AND y IN ('1e-05'::float8, '-2'::float8, 'NaN'::float8) AND z < '-Infinity'::float8"
        let b = "SELECT x FROM t WHERE x >= '-300.25'::float8 AND y IN ('7'::float8) AND z < '3'::float8"
        #expect(PostgresDatabase.approvalKey(a) == PostgresDatabase.approvalKey(b))
        #expect(PostgresDatabase.approvalKey(a) == "SELECT x FROM t WHERE x >= ? AND y IN (?) AND z < ?")
        // Anything else in quotes keeps the statement apart.
        #expect(PostgresDatabase.approvalKey("SELECT '1'::float8, 'x'::text") != PostgresDatabase.approvalKey("SELECT '1'::float8, 'y'::text"))
        #expect(PostgresDatabase.approvalKey("SELECT f('1'::float8)") != PostgresDatabase.approvalKey("SELECT g('1'::float8)"))
    }
}
