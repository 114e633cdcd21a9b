import ReorderCore

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

    /// A number spelled as Swift writes a `Double` (`0.0`, `120.5`, `1e-05`: it reads back
    /// exactly), or `null` when it is not finite (JSON has no NaN or infinity).
    ///
    /// ```swift
    /// JSONValue.double(120)    // .number("120.0")
    /// JSONValue.double(.nan)   // .null
    /// ```
    package static func double(_ d: Double) -> JSONValue {
        d.isFinite ? .number(d.description) : .null
    }

    /// A number with whole values below 10^15 spelled without a fraction (`375`, `2.5`), or
    /// `null` when it is not finite: the form of reports.
    ///
    /// ```swift
    /// JSONValue.integral(640)   // .number("640")
    /// ```
    package static func integral(_ d: Double) -> JSONValue {
        d.isFinite ? .number(NumberText.plain(d)) : .null
    }

    /// An object from members in order.
    package static func members(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, value: $0.1) })
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
