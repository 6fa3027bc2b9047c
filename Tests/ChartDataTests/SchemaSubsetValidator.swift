import Foundation

/// A JSON Schema (draft 2020-12) validator for the subset chartview's spec schema uses: type,
/// properties, required, additionalProperties (false), enum, items, minItems, minLength,
/// minimum, maximum, exclusiveMinimum, pattern, and $ref into $defs. Hand-written because no
/// schema validator package can be fetched for the tests; a keyword outside this subset is an
/// error, so the schema cannot grow past what is checked.
struct SchemaSubsetValidator {
    var schema: [String: Any]

    static let known: Set<String> = [
        "$schema", "$id", "$defs", "title", "description", "type", "properties", "required",
        "additionalProperties", "enum", "items", "minItems", "minLength", "minimum", "maximum",
        "exclusiveMinimum", "pattern", "$ref"
    ]

    /// What is wrong with `value`, one message a fault ("charts[0].bins: 0 is below 1"); empty when valid.
    func errors(in value: Any) -> [String] {
        var errors: [String] = []
        check(value, against: schema, at: "", into: &errors)
        return errors
    }

    private func check(_ value: Any, against rule: [String: Any], at path: String, into errors: inout [String]) {
        let here = path.isEmpty ? "(root)" : path
        for keyword in rule.keys where !Self.known.contains(keyword) { errors.append("\(here): schema keyword \(keyword) is not supported") }
        if let ref = rule["$ref"] as? String {
            guard ref.hasPrefix("#/$defs/"), let target = (schema["$defs"] as? [String: Any])?[String(ref.dropFirst(8))] as? [String: Any] else {
                errors.append("\(here): unresolved $ref \(ref)")
                return
            }
            check(value, against: target, at: path, into: &errors)
        }
        if let type = rule["type"] as? String, !Self.value(value, is: type) {
            errors.append("\(here): expected \(type)")
            return
        }
        if let names = rule["enum"] as? [String], !(value is NSNumber), let text = value as? String, !names.contains(text) {
            errors.append("\(here): \"\(text)\" is not one of \(names.joined(separator: ", "))")
        }
        if let text = value as? String, !(value is NSNumber) {
            if let min = rule["minLength"] as? Int, text.count < min { errors.append("\(here): shorter than \(min)") }
            if let pattern = rule["pattern"] as? String {
                guard let regex = try? NSRegularExpression(pattern: pattern) else {
                    errors.append("\(here): bad pattern \(pattern)")
                    return
                }
                if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    errors.append("\(here): \"\(text)\" does not match \(pattern)")
                }
            }
        }
        if let number = value as? NSNumber, !Self.isBool(number) {
            let x = number.doubleValue
            if let min = rule["minimum"] as? Double, x < min { errors.append("\(here): \(x) is below \(min)") }
            if let min = rule["exclusiveMinimum"] as? Double, x <= min { errors.append("\(here): \(x) is not above \(min)") }
            if let max = rule["maximum"] as? Double, x > max { errors.append("\(here): \(x) is above \(max)") }
        }
        if let list = value as? [Any] {
            if let min = rule["minItems"] as? Int, list.count < min { errors.append("\(here): fewer than \(min) items") }
            if let items = rule["items"] as? [String: Any] {
                for (i, item) in list.enumerated() { check(item, against: items, at: path + "[\(i)]", into: &errors) }
            }
        }
        if let object = value as? [String: Any] {
            let properties = rule["properties"] as? [String: Any] ?? [:]
            for name in rule["required"] as? [String] ?? [] where object[name] == nil { errors.append("\(here): \(name) is required") }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                let memberPath = path.isEmpty ? key : path + "." + key
                if let sub = properties[key] as? [String: Any] {
                    check(member, against: sub, at: memberPath, into: &errors)
                } else if rule["additionalProperties"] as? Bool == false {
                    errors.append("\(memberPath): not allowed")
                }
            }
        }
    }

    /// Whether JSONSerialization read the number from true or false (an NSNumber of a Bool: "c").
    private static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    private static func value(_ value: Any, is type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String && !(value is NSNumber)
        case "boolean": return (value as? NSNumber).map(isBool) ?? false
        case "number": return (value as? NSNumber).map { !isBool($0) } ?? false
        case "integer":
            guard let n = value as? NSNumber, !isBool(n) else { return false }
            return n.doubleValue == n.doubleValue.rounded()
        case "null": return value is NSNull
        default: return false
        }
    }
}
