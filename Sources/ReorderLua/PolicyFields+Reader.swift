import CLua
import CLuaShim
import ReorderCore

/// Reads and validates one policy table, with messages such as
/// `kanban.lua:12: snapshot.shadow.opacity: expected a number, got string "high"`. Every field
/// is read (``PolicyField/all``) and every bad one reported, each at the line that sets it
/// when the file's text is known (``FieldLocator``).
struct PolicyReader {
    let vm: LuaVM
    /// Chunk name of the file being read (`kanban.lua`).
    let file: String
    /// The file's text, to find the line of a bad field (nil: a table built in a trusted VM).
    let source: String?
    /// Warnings (unknown fields with did-you-mean, each at the line that sets it when the text
    /// is known), at most ``maximumUnknownFieldWarnings`` of them in line order, then one that
    /// counts the rest.
    var warnings: [PolicyDiagnostic] {
        let listed = Self.inLineOrder(unknownFieldWarnings, line: \.line)
        let rest = unknownFields - Self.maximumUnknownFieldWarnings
        guard rest > 0 else { return listed }
        return listed + [PolicyDiagnostic(
            kind: .warning, message: "\(file): and \(rest) more unknown field\(rest == 1 ? "" : "s")", file: file)]
    }
    private var unknownFieldWarnings: [PolicyDiagnostic] = []
    /// Unknown fields seen, reported or not.
    private var unknownFields = 0
    private var locator: FieldLocator?

    /// Unknown fields past this many are counted, not listed (a table of a million unknown
    /// keys costs one line, not a million).
    static let maximumUnknownFieldWarnings = 10
    /// A key or string value longer than this many characters is cut (with "…") in messages.
    static let maximumEchoLength = EchoText.maximumLength

    /// A key of a policy table, or of one of its sub-tables: a field, or a sub-table.
    struct Child: Sendable {
        var key: String
        /// The whole path (`"snapshot.shadow"`).
        var path: String
        /// The field, and its position in ``PolicyField/all``, when the key is not a sub-table.
        var field: (index: Int, PolicyField)?
    }

    /// The keys of each table of a policy, by the path of the table (`""`, `"snapshot"`,
    /// `"snapshot.shadow"`), in the order of ``PolicyField/all``.
    static let tables: [String: [Child]] = {
        var tables: [String: [Child]] = [:]
        for (index, field) in PolicyField.all.enumerated() {
            let parts = field.path.split(separator: ".").map(String.init)
            for i in parts.indices {
                let prefix = parts[..<i].joined(separator: ".")
                let leaf = i == parts.count - 1
                if !(tables[prefix] ?? []).contains(where: { $0.key == parts[i] }) {
                    tables[prefix, default: []].append(Child(key: parts[i], path: parts[...i].joined(separator: "."),
                                                             field: leaf ? (index, field) : nil))
                }
            }
        }
        return tables
    }()

    /// The keys of the policy table itself.
    static var topKeys: [String] { (tables[""] ?? []).map(\.key) }

    init(vm: LuaVM, file: String, source: String? = nil) { self.vm = vm; self.file = file; self.source = source }

    func fail(_ path: String, _ expected: String, at index: Int32) -> LuaError {
        LuaError(kind: .validation, file: file, message: "\(path): expected \(expected), got \(describe(at: index))")
    }

    /// `string "high"`, `number 0.5`, `boolean true`, `nil`, `table`, `function`.
    func describe(at index: Int32) -> String {
        switch vm.type(at: index) {
        case LUA_TSTRING: return "string \"\(Self.clip(vm.string(at: index) ?? ""))\""
        case LUA_TNUMBER:
            if let i = vm.integer(at: index), vm.isInteger(at: index) { return "number \(i)" }
            return "number \(Self.format(vm.number(at: index) ?? .nan))"
        case LUA_TBOOLEAN: return "boolean \(vm.boolean(at: index))"
        default: return vm.typeName(at: index)
        }
    }

    /// A float as Lua shows it (``NumberText/luaFloat(_:)``).
    static func format(_ d: Double) -> String { NumberText.luaFloat(d) }

    /// Warns about keys of the table at `index` that are not in `known` (the first
    /// ``maximumUnknownFieldWarnings`` of the file, each key cut to ``maximumEchoLength``).
    mutating func checkKeys(at index: Int32, known: [String], path: String) {
        let t = lua_absindex(vm.L, index)
        lua_pushnil(vm.L)
        while lua_next(vm.L, t) != 0 {
            defer { vm.pop(1) }
            let where_ = path.isEmpty ? "" : path + "."
            let message: String
            if vm.type(at: -2) == LUA_TSTRING, let k = vm.string(at: -2) {
                if known.contains(k) { continue }
                message = Self.unknownField(k, path: path, known: known)
            } else if !(known.contains("1") && vm.integer(at: -2) != nil) {
                message = "unknown field [\(describe(at: -2))] in \(path.isEmpty ? "the policy table" : path)"
            } else {
                continue
            }
            unknownFields += 1
            if unknownFields <= Self.maximumUnknownFieldWarnings {
                // Only a key written as a name (`flavour = 1`) can be found in the text.
                let key = vm.type(at: -2) == LUA_TSTRING ? vm.string(at: -2) : nil
                let name = key.flatMap { k in
                    k.utf8.count <= Self.maximumEchoLength && k.utf8.allSatisfy(FieldLocator.isIdentifier)
                        && !(k.utf8.first.map { $0 >= 48 && $0 <= 57 } ?? true) ? k : nil
                }
                let line = name.flatMap { lineOf(where_ + $0) }
                let at = line.map { "\(file):\($0)" } ?? file
                unknownFieldWarnings.append(PolicyDiagnostic(kind: .warning, message: "\(at): \(message)", file: file, line: line))
            }
        }
    }

    /// The message for a field `known` lacks, a policy's (`unknown field 'snapshot.scal' (did you
    /// mean 'snapshot.scale'?)`) and one a hook reads of `ctx` alike; `path` is the table's.
    static func unknownField(_ key: String, path: String, known: [String]) -> String {
        let where_ = path.isEmpty ? "" : path + "."
        return "unknown field '\(where_)\(clip(key))'"
            + (suggestion(for: key, among: known).map { " (did you mean '\(where_)\($0)'?)" } ?? "")
    }

    /// `s` as messages echo input (``EchoText/clip(_:limit:)``): cut to ``maximumEchoLength``
    /// characters, with "…" when cut, control characters escaped.
    static func clip(_ s: String) -> String { EchoText.clip(s, limit: maximumEchoLength) }

    /// The known key nearest to `key` by edit distance, when it is close. Bounded work: keys
    /// longer than ``maximumEchoLength`` bytes get no suggestion, and the distance stops as
    /// soon as it passes the largest one that could be suggested.
    static func suggestion(for key: String, among known: [String]) -> String? {
        let a = Array(key.utf8)
        guard a.count <= maximumEchoLength else { return nil }
        var best: (String, Int)?
        for k in known where k != "1" && k != "2" {
            let b = Array(k.utf8)
            let limit = min(max(2, k.count / 3), (best?.1 ?? Int.max) - 1)
            if let d = editDistance(a, b, atMost: limit) { best = (k, d) }
        }
        return best?.0
    }

    /// Levenshtein distance of `a` and `b` (in UTF-8 bytes).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        return editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Levenshtein distance of `a` and `b` when it is at most `limit`, else nil; stops as soon
    /// as a whole row is over the limit (so at most `min(a, b) + 1` rows past the point where
    /// the strings part).
    static func editDistance(_ a: [UInt8], _ b: [UInt8], atMost limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return nil }
            swap(&prev, &cur)
        }
        return prev[b.count] <= limit ? prev[b.count] : nil
    }

    static func quotedList(_ names: [String]) -> String {
        ChoiceText.list(names.map { $0.hasPrefix("a ") ? $0 : "\"\($0)\"" })
    }

    // MARK: values on top of the stack (the caller restores the stack)

    /// The number on top within `range`, one of the documented ranges of ReorderCore's
    /// ``PolicyConfiguration/Limits`` (`snapshot.alpha: expected a number in 0...1, got number 1.5`).
    func number(_ path: String, in range: NumberRange) throws(LuaError) -> Double {
        guard let d = vm.number(at: -1) else { throw fail(path, "a number", at: -1) }
        guard d.isFinite else { throw fail(path, "a finite number", at: -1) }
        if !range.contains(d) { throw fail(path, "a number \(range)", at: -1) }
        return d
    }

    /// References the function on top (pops it).
    func makeHook() -> HookRef {
        var ar = lua_Debug()
        vm.pushValue(at: -1)
        var line = 0
        if lua_getinfo(vm.L, ">S", &ar) != 0 { line = Int(ar.linedefined) }
        return HookRef(ref: vm.ref(), file: file, line: max(line, 0))
    }

    /// The offset table on top: `{ x = 0, y = -3 }` or `{ 0, -3 }` (a missing number is 0).
    mutating func offset(_ path: String, in range: NumberRange) throws(LuaError) -> Size {
        guard vm.type(at: -1) == LUA_TTABLE else { throw fail(path, "a table", at: -1) }
        let o = vm.top
        checkKeys(at: o, known: ["x", "y", "1", "2"], path: path)
        func component(_ name: String, byName: Bool = false, _ push: () -> Void) throws(LuaError) -> Double? {
            push()
            defer { vm.setTop(o) }
            if vm.type(at: -1) == LUA_TNIL { return nil }
            guard let d = vm.number(at: -1) else { throw fail(name, byName ? "a number" : "a finite number", at: -1) }
            guard d.isFinite else { throw fail(name, "a finite number", at: -1) }
            if !range.contains(d) { throw fail(name, "a number \(range)", at: -1) }
            return d
        }
        // x and y by name first, then [1] and [2], as the messages have always been ordered.
        let x = try component("\(path).x", byName: true) { _ = vm.rawGet(at: o, field: "x") }
        let y = try component("\(path).y", byName: true) { _ = vm.rawGet(at: o, field: "y") }
        let x1 = try component("\(path)[1]") { _ = vm.rawGet(at: o, index: 1) }
        let y1 = try component("\(path)[2]") { _ = vm.rawGet(at: o, index: 2) }
        return Size(width: x ?? x1 ?? 0, height: y ?? y1 ?? 0)
    }

    // MARK: the policy table

    /// Reads the policy table at `index`: every field of ``PolicyField/all``. Throws the first
    /// bad field's error with the others in ``LuaError/others``.
    mutating func read(at index: Int32) throws(LuaError) -> PolicyFields {
        let t = lua_absindex(vm.L, index)
        var fields = PolicyFields()
        var errors: [LuaError] = []
        readTable(t, path: "", into: &fields, errors: &errors)
        let ordered = Self.inLineOrder(errors, line: \.line)
        guard var first = ordered.first else { return fields }
        first.others = Array(ordered.dropFirst())
        throw first
    }

    /// `items` sorted by their line, those without one last, otherwise in the order given
    /// (the table's reading order, ``PolicyField/all``).
    static func inLineOrder<T>(_ items: [T], line: (T) -> Int?) -> [T] {
        items.enumerated().sorted { a, b in
            let la = line(a.element) ?? Int.max, lb = line(b.element) ?? Int.max
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// Reads the table at `t` (absolute), whose path is `path`, and its sub-tables.
    private mutating func readTable(_ t: Int32, path: String, into fields: inout PolicyFields, errors: inout [LuaError]) {
        let children = Self.tables[path] ?? []
        checkKeys(at: t, known: children.map(\.key), path: path)
        for child in children {
            let childPath = child.path
            let base = vm.top
            defer { vm.setTop(base) }
            if vm.rawGet(at: t, field: child.key) == LUA_TNIL { continue }
            if let (index, field) = child.field {
                do { fields[index] = try field.read(&self, childPath) } catch { errors.append(located(error, childPath)) }
            } else if vm.type(at: -1) != LUA_TTABLE {
                errors.append(located(fail(childPath, "a table", at: -1), childPath))
            } else {
                readTable(vm.top, path: childPath, into: &fields, errors: &errors)
            }
        }
    }

    /// `error` with the line where the file sets `path`, when the text is known.
    private mutating func located(_ error: LuaError, _ path: String) -> LuaError {
        guard error.line == nil else { return error }
        var e = error
        e.line = lineOf(path)
        return e
    }

    /// The line where the file sets `path` (a known field or not), when the text is known.
    private mutating func lineOf(_ path: String) -> Int? {
        guard let source else { return nil }
        if locator == nil { locator = FieldLocator(source) }
        return locator?.line(of: path)
    }
}
