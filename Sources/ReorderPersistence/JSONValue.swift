/// A JSON document as written in the file: object members keep their order and numbers keep
/// their spelling, so keys the store does not touch are written back as they were read.
///
/// ```swift
/// let v = try JSONParser.parse(Array(#"{"version": 1, "orders": {}}"#.utf8))
/// v["version"]   // .number("1")
/// ```
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as spelled in the source (validated against JSON's grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in source order. Keys are unique (the parser rejects duplicates).
    case object([JSONMember])

    /// The value of an object's member, or nil (also for non-objects).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value with `key` set to `value` (replaced in place, or appended). Non-objects are
    /// returned unchanged.
    package func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        return .object(members)
    }

    /// A short name of the kind of value, for messages ("a number", "an object").
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Hashable, Sendable {
    package var key: String
    package var value: JSONValue
    package init(key: String, value: JSONValue) { self.key = key; self.value = value }
}
