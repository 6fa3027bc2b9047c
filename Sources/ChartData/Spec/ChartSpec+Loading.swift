import ChartCore
import Foundation

extension ChartSpec.File {
    /// Reads and decodes a spec file; an error names the file and the key path
    /// ("charts[2].kind: expected a string"). Read within `limits` (a FIFO or device too).
    public static func load(path: String, limits: InputLimits = InputLimits()) throws(DataError) -> ChartSpec.File {
        let data = Data(try InputFile(path: path, limits: limits).readAll(requireText: true))
        return try decode(data, path: path)
    }

    /// Decodes and checks a spec file's bytes; `path` names it in errors.
    public static func decode(_ data: Data, path: String) throws(DataError) -> ChartSpec.File {
        let file: ChartSpec.File
        // What the parsers lose or misreport, from the text: a key given twice, a number no
        // Double or Int holds (1e400, 1e-400, a 20-digit bins), with its key path and line.
        if let found = SpecText.firstProblem(in: data, as: ChartSpec.File.self) {
            throw DataError.spec(path: path, keyPath: found.keyPath, message: found.message)
        }
        // Keys no object of the format takes are errors, found before the values are decoded.
        if let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let unknown = SpecKeys.firstUnknown(in: json, as: ChartSpec.File.self)
        {
            throw DataError.spec(path: path, keyPath: unknown.keyPath, message: unknown.message)
        }
        do {
            file = try JSONDecoder().decode(ChartSpec.File.self, from: data)
        } catch let error as SpecValueError {
            throw DataError.spec(path: path, keyPath: keyPath(error.codingPath), message: error.message)
        } catch let error as DecodingError {
            if case .dataCorrupted = error {
                // Foundation's JSON parser says where the syntax breaks; the decoder on Linux does not.
                do {
                    _ = try JSONSerialization.jsonObject(with: data)
                } catch {
                    let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                    throw DataError.spec(path: path, keyPath: "", message: "not valid JSON" + (detail.map { ": \($0)" } ?? ""))
                }
            }
            throw explain(error, path: path)
        } catch {
            throw DataError.spec(path: path, keyPath: "", message: "not a chart spec: \(error.localizedDescription)")
        }
        if file.database != nil && file.postgres != nil {
            throw DataError.spec(path: path, keyPath: "postgres", message: "give a database or a postgres server, not both")
        }
        guard !file.charts.isEmpty else { throw DataError.spec(path: path, keyPath: "charts", message: "lists no charts") }
        var seen = Set<String>()
        for (index, chart) in file.charts.enumerated() {
            guard !chart.name.isEmpty else { throw DataError.spec(path: path, keyPath: "charts[\(index)].name", message: "must not be empty") }
            // `--list` prints a name a line, and completion offers each line: one name, one line.
            guard !chart.name.unicodeScalars.contains(where: ChartSpec.breaksLine) else {
                throw DataError.spec(
                    path: path, keyPath: "charts[\(index)].name",
                    message: "must be one line of text, without a line break or control character (a tab is fine)")
            }
            guard seen.insert(chart.name).inserted else {
                throw DataError.spec(path: path, keyPath: "charts[\(index)].name", message: "'\(chart.name)' names two charts")
            }
            if chart.data.csv == nil && chart.data.query == nil && chart.data.table == nil {
                throw DataError.spec(path: path, keyPath: "charts[\(index)].data", message: "give a query or a table of a database, or a csv file")
            }
            if chart.data.csv == nil && chart.data.database == nil && chart.data.postgres == nil && file.database == nil && file.postgres == nil {
                throw DataError.spec(
                    path: path, keyPath: "charts[\(index)].data.database", message: "is missing (and there is no top-level database or postgres)")
            }
            if chart.data.database != nil && chart.data.postgres != nil {
                throw DataError.spec(path: path, keyPath: "charts[\(index)].data", message: "give a database or a postgres server, not both")
            }
            try chart.validate(path: path, keyPath: "charts[\(index)]")
        }
        try file.layout?.validate(charts: file.charts, path: path)
        return file
    }

    /// "charts[2].kind: expected a string" from a decoding error.
    static func explain(_ error: DecodingError, path: String) -> DataError {
        switch error {
        case .typeMismatch(let type, let context):
            return .spec(path: path, keyPath: keyPath(context.codingPath), message: "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return .spec(path: path, keyPath: keyPath(context.codingPath), message: "expected \(describe(type)), found null")
        case .keyNotFound(let key, let context):
            return .spec(path: path, keyPath: keyPath(context.codingPath + [key]), message: "is missing")
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return .spec(path: path, keyPath: keyPath(context.codingPath), message: "not valid JSON" + (underlying.map { ": \($0)" } ?? ""))
        @unknown default:
            return .spec(path: path, keyPath: "", message: "not a chart spec")
        }
    }

    /// "charts[2].series[0]" from a decoder's coding path.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { text, key in
            if let index = key.intValue { return text + "[\(index)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String].Type, is [ChartSpec].Type, is [ChartSpec.Series].Type: "a list"
        default: "an object"
        }
    }
}

extension ChartSpec {
    /// Whether `scalar` may not be in a chart's name: a control character other than a tab (a
    /// line break, an escape sequence's start) or a line or paragraph separator. `--list` prints
    /// a name a line, and completion offers each line as a name.
    public static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && (scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}")
    }

    /// `name` (a file's, for a chart named after it) as one line: each scalar `breaksLine`
    /// refuses written as `\n`, `\r` or `\u{…}`, as messages write them. O(length).
    public static func oneLineName(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: breaksLine) else { return name }
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where breaksLine(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
