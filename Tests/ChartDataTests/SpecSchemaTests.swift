import ChartCore
import Foundation
import Testing
@testable import ChartData

/// The spec format's JSON Schema (assets/chartview-spec.schema.json) against the code: the same
/// keys and names, the gallery and README's examples valid, and every key given a wrong value
/// refused with its key path.
@Suite("Spec schema and strict specs")
struct SpecSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("assets/chartview-spec.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The schema's objects: the root and its $defs, with the type whose keys they list.
    static var objects: [(def: String?, type: any SpecObject.Type)] {
        [
            (nil, ChartSpec.File.self), ("chart", ChartSpec.self), ("data", ChartSpec.DataSource.self),
            ("series", ChartSpec.Series.self), ("axis", ChartSpec.AxisSpec.self), ("pie", ChartSpec.PieSpec.self),
            ("period", ChartSpec.PeriodSpec.self), ("layout", ChartSpec.LayoutSpec.self)
        ]
    }

    /// Each closed set of the schema and the code's own names for it.
    static let closedSets: [String: [String]] = [
        "chart.kind": ChartKind.specNames, "chart.colorMap": ColorMap.specNames, "chart.theme": Theme.specNames,
        "series.kind": ChartSpec.Series.Kind.specNames, "series.axis": ChartSpec.Series.Axis.specNames,
        "series.symbol": PlotSymbol.Shape.specNames, "series.interpolation": ScatterPlot.Interpolation.specNames,
        "axis.scale": ChartSpec.AxisSpec.Scale.specNames, "pie.direction": PieChart.Direction.specNames,
        "chart.aggregate": Aggregation.specNames, "chart.link": GridLink.allCases.map(\.rawValue),
        "layout.link": GridLink.allCases.map(\.rawValue)
    ]

    static func object(_ def: String?, in schema: [String: Any]) throws -> [String: Any] {
        guard let def else { return schema }
        return try #require((schema["$defs"] as? [String: Any])?[def] as? [String: Any])
    }

    @Test func theSchemaListsEveryKeyOfTheCodeAndNoOther() throws {
        let schema = try Self.schema()
        for (def, type) in Self.objects {
            let object = try Self.object(def, in: schema)
            let properties = try #require(object["properties"] as? [String: Any])
            #expect(Set(properties.keys) == Set(type.keyNames), "\(def ?? "root")")
            #expect(object["additionalProperties"] as? Bool == false, "\(def ?? "root")")
            for (key, value) in properties {
                #expect((value as? [String: Any])?["description"] is String, "\(def ?? "root").\(key) has no description")
            }
        }
    }

    @Test func theSchemasNamesAreTheCodes() throws {
        let schema = try Self.schema()
        var seen = Set<String>()
        for (def, _) in Self.objects {
            let properties = try #require(try Self.object(def, in: schema)["properties"] as? [String: Any])
            for (key, value) in properties {
                guard let names = (value as? [String: Any])?["enum"] as? [String] else { continue }
                let id = "\(def ?? "root").\(key)"
                seen.insert(id)
                #expect(Self.closedSets[id] == names, "\(id): the schema lists \(names)")
            }
        }
        #expect(seen == Set(Self.closedSets.keys))
    }

    @Test func theGalleryAndTheREADMEsExamplesAreValid() throws {
        let schema = try Self.schema()
        var documents: [(String, Any)] = []
        for path in ["assets/gallery.json", "assets/icon/icon.json"] {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(path))
            documents.append((path, try JSONSerialization.jsonObject(with: data)))
        }
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(!blocks.isEmpty, "README has no ```json example of a spec")
        for (i, block) in blocks.enumerated() {
            documents.append(("README.md json block \(i + 1)", try JSONSerialization.jsonObject(with: Data(block.utf8))))
        }
        for (name, document) in documents {
            let errors = SchemaSubsetValidator(schema: schema).errors(in: document)
            #expect(errors.isEmpty, "\(name): \(errors.joined(separator: "; "))")
        }
    }

    @Test func theValidatorRefusesWhatTheSchemaDoesNotAllow() throws {
        let validator = SchemaSubsetValidator(schema: try Self.schema())
        let bad: [Any] = [
            ["charts": []],
            ["charts": [["name": "a", "data": ["csv": "a.csv"], "tittle": "x"]]],
            ["charts": [["name": "a", "data": ["csv": "a.csv"], "series": [["column": "y", "symbol": "star2"]]]]],
            ["charts": [["name": "a", "data": ["csv": "a.csv"], "bins": 0]]],
            ["charts": [["name": "a", "data": ["csv": "a.csv"], "risingColor": "red"]]]
        ]
        for document in bad { #expect(!validator.errors(in: document).isEmpty, "\(document)") }
    }

    // MARK: Every key given a wrong value

    /// A spec with every object of the format present, which decodes.
    static func base() -> [String: Any] {
        [
            "database": "d.sqlite",
            "charts": [
                [
                    "name": "a", "data": ["query": "SELECT 1"], "series": [["column": "y"]], "xAxis": [:] as [String: Any],
                    "yAxis": [:] as [String: Any], "y2Axis": [:] as [String: Any], "pie": [:] as [String: Any],
                    "period": ["query": "SELECT 1"]
                ]
            ]
        ]
    }

    /// A wrong value of a key, and the key path its error must name.
    struct Case: CustomStringConvertible {
        var path: [Any]
        var value: Any
        var keyPath: String
        var description: String { "\(keyPath) = \(value)" }
    }

    /// For every key of the schema: a value of the wrong type; for a closed set an unknown
    /// name; for a range a number beyond each end; for a pattern or a minimum length text that
    /// does not match. Driven by the schema, which `theSchemaListsEveryKeyOfTheCodeAndNoOther`
    /// holds to the code, so a new key is covered as soon as it exists.
    static func cases() throws -> [Case] {
        let schema = try Self.schema()
        var cases: [Case] = []
        func walk(_ object: [String: Any], path: [Any], keyPath: String) throws {
            let properties = try #require(object["properties"] as? [String: Any])
            for key in properties.keys.sorted() {
                var property = try #require(properties[key] as? [String: Any])
                let here = path + [key], hereKeyPath = keyPath.isEmpty ? key : keyPath + "." + key
                if let ref = property["$ref"] as? String {
                    let target = try Self.object(String(ref.dropFirst("#/$defs/".count)), in: schema)
                    if target["type"] as? String == "object" {
                        cases.append(Case(path: here, value: 5, keyPath: hereKeyPath))
                        try walk(target, path: here, keyPath: hereKeyPath)
                        continue
                    }
                    property.merge(target) { a, _ in a }
                }
                let type = try #require(property["type"] as? String)
                switch type {
                case "string": cases.append(Case(path: here, value: 5, keyPath: hereKeyPath))
                case "number", "integer": cases.append(Case(path: here, value: "1", keyPath: hereKeyPath))
                case "boolean": cases.append(Case(path: here, value: "yes", keyPath: hereKeyPath))
                case "array":
                    cases.append(Case(path: here, value: ["x": 1], keyPath: hereKeyPath))
                    let items = try #require(property["items"] as? [String: Any])
                    if let ref = items["$ref"] as? String {
                        try walk(try Self.object(String(ref.dropFirst("#/$defs/".count)), in: schema), path: here + [0], keyPath: hereKeyPath + "[0]")
                    } else {
                        // An item of the other type: a string where numbers go, else a number.
                        let wrong: Any = ["number", "integer"].contains(items["type"] as? String) ? "5" : 5
                        cases.append(Case(path: here, value: [wrong], keyPath: hereKeyPath + "[0]"))
                    }
                default: Issue.record("\(hereKeyPath): type \(type) has no wrong value")
                }
                if property["enum"] != nil { cases.append(Case(path: here, value: "no-such-name", keyPath: hereKeyPath)) }
                if type == "integer" { cases.append(Case(path: here, value: 2.5, keyPath: hereKeyPath)) }
                if let low = (property["minimum"] ?? property["exclusiveMinimum"]) as? Double {
                    cases.append(Case(path: here, value: property["minimum"] != nil ? low - 1 : low, keyPath: hereKeyPath))
                }
                if let high = property["maximum"] as? Double { cases.append(Case(path: here, value: high + 1, keyPath: hereKeyPath)) }
                if property["pattern"] != nil { cases.append(Case(path: here, value: "  ", keyPath: hereKeyPath)) }
                if property["minLength"] != nil { cases.append(Case(path: here, value: "", keyPath: hereKeyPath)) }
                if type == "array", property["minItems"] != nil { cases.append(Case(path: here, value: [] as [Any], keyPath: hereKeyPath)) }
            }
            cases.append(Case(path: path + ["tittle"], value: 1, keyPath: keyPath.isEmpty ? "tittle" : keyPath + ".tittle"))
        }
        try walk(schema, path: [], keyPath: "")
        return cases
    }

    static func setting(_ value: Any, at path: ArraySlice<Any>, in json: Any) -> Any {
        guard let first = path.first else { return value }
        if let index = first as? Int, var list = json as? [Any] {
            list[index] = setting(value, at: path.dropFirst(), in: list[index])
            return list
        }
        var object = json as? [String: Any] ?? [:]
        let key = first as! String
        object[key] = setting(value, at: path.dropFirst(), in: object[key] ?? [String: Any]())
        return object
    }

    @Test func theBaseSpecDecodes() throws {
        let data = try JSONSerialization.data(withJSONObject: Self.base())
        _ = try ChartSpec.File.decode(data, path: "t.json")
    }

    @Test func everyKeyGivenAWrongValueIsRefusedAtItsKeyPath() throws {
        let cases = try Self.cases()
        #expect(cases.count > 120)
        for c in cases {
            let json = Self.setting(c.value, at: c.path[...], in: Self.base())
            let data = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            do {
                _ = try ChartSpec.File.decode(data, path: "t.json")
                Issue.record("\(c): accepted")
            } catch {
                guard case .spec(let path, let keyPath, let message) = error else { Issue.record("\(c): \(error)"); continue }
                #expect(path == "t.json")
                #expect(keyPath == c.keyPath, "\(c): \(message)")
                #expect(!message.contains("\n"))
            }
        }
    }

    @Test func anUnknownNameListsTheAcceptedOnes() throws {
        let text =
            #"{"database": "d.sqlite", "charts": [{"name": "a", "data": {"table": "t"}}, {"name": "b", "data": {"table": "t"}}, "#
            + #"{"name": "c", "data": {"table": "t"}, "series": [{"column": "y", "symbol": "circle"}]}]}"#
        #expect(
            throws: DataError.spec(
                path: "s.json", keyPath: "charts[2].series[0].symbol",
                message: #""circle" is not one of ellipse, rectangle, diamond, triangle, cross, plus, star"#)
        ) {
            try ChartSpec.File.decode(Data(text.utf8), path: "s.json")
        }
        #expect(throws: DataError.spec(path: "s.json", keyPath: "charts[0].tittle", message: #"unknown key; did you mean "title"?"#)) {
            try ChartSpec.File.decode(Data(#"{"charts": [{"name": "a", "tittle": "A", "data": {"csv": "a.csv"}}]}"#.utf8), path: "s.json")
        }
        #expect(throws: DataError.spec(path: "s.json", keyPath: "charts[0].kind", message: "\"pi\" is not one of \(ChartKind.names)")) {
            try ChartSpec.File.decode(Data(#"{"charts": [{"name": "a", "kind": "pi", "data": {"csv": "a.csv"}}]}"#.utf8), path: "s.json")
        }
    }
}
