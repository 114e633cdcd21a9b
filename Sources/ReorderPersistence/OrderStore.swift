import Foundation
import ReorderCore

/// A file of saved orders, several keys side by side (e.g. one per user role), written
/// atomically and restored by item id.
///
/// The file is JSON, one section per line; a tree session's key holds `{"tree": [...]}`, its
/// roots in the nested shape of `tree = {...}` by id (``ItemJSON/tree(_:idsOnly:)``):
///
/// ```json
/// {
///   "version": 1,
///   "orders": {
///     "admin": [
///       ["mail", "phone"],
///       ["x"]
///     ],
///     "guest": [
///       ["phone", "mail", "x"]
///     ],
///     "outline": {
///       "tree": [
///         "a",
///         {
///           "id": "b",
///           "children": ["b1", "b2"],
///           "collapsed": true
///         }
///       ]
///     }
///   }
/// }
/// ```
///
/// ```swift
/// let store = OrderStore(path: "orders.json")
/// try store.save(session.order, key: "admin")           // atomic: temp file, fsync, rename
/// let (order, warnings) = store.restore(data, key: "admin")
/// warnings.forEach { print($0) }                         // e.g. a corrupt file: data's order kept
///
/// try store.save(order)                                  // key "default" (OrderStore.defaultKey)
/// let restored = store.restore(data).order
/// ```
///
/// - A missing file or key is not an error: ``load(key:)`` returns nil and
///   ``restore(_:key:)`` returns the data's own order.
/// - An unreadable or corrupt file is reported (``OrderFileError``, with the path and the
///   reason) and never modified: ``save(_:key:replacingUnreadableFile:)`` refuses to write
///   over it unless asked to.
/// - Saving reads the file, replaces one key and keeps everything else (other keys, other
///   top-level fields, their order) as it was.
/// - Saves are serialized: each one holds an advisory lock (`flock`) on a lock file next to the
///   order file (``lockPath``, `orders.json.lock`: created by the first save, never removed)
///   from before it reads the file until after its rename, so two processes or two stores
///   saving at the same moment each keep the other's keys. Loading takes no lock: the rename
///   is atomic, so a reader sees one complete file. A writer that does not take the lock (an
///   editor, an older build) is not held back.
public struct OrderStore: Sendable {
    /// The file format version this build reads and writes.
    public static let formatVersion = 1

    /// The largest order file read: 16 MiB (about 400,000 ids of 30 characters). A larger
    /// file is refused from its size, before any of it is read, as unreadable
    /// (``OrderFileError/Kind/unreadable``: "orders.json: cannot read: is 314572800 bytes, over
    /// the limit of 16777216 bytes (16 MiB)"); a save does not replace it unless asked to.
    ///
    /// ```swift
    /// OrderStore.maximumFileSize   // 16777216
    /// ```
    public static let maximumFileSize = 16 << 20

    /// The key used when none is given (one order per file, e.g. `s:save(path)` in Lua).
    ///
    /// ```swift
    /// try store.save(order)            // same as key: "default"
    /// ```
    public static let defaultKey = "default"

    /// The order file's path, as given (it is the path shown in errors and warnings).
    public let path: String
    /// The file operations used (``POSIXOrderFileSystem`` unless injected).
    public let fileSystem: any OrderFileSystem

    /// The advisory lock file that serializes saves: the order file's path with `.lock`
    /// appended, next to it.
    ///
    /// ```swift
    /// OrderStore(path: "data/orders.json").lockPath   // "data/orders.json.lock"
    /// ```
    public var lockPath: String { path + ".lock" }

    /// A store for the file at `path`. Nothing is read or created until used.
    ///
    /// ```swift
    /// let store = OrderStore(path: "orders.json")
    /// ```
    public init(path: String, fileSystem: any OrderFileSystem = POSIXOrderFileSystem()) {
        self.path = path
        self.fileSystem = fileSystem
    }

    /// A store for a file URL.
    ///
    /// ```swift
    /// let store = OrderStore(url: URL(fileURLWithPath: "/tmp/orders.json"))
    /// ```
    public init(url: URL, fileSystem: any OrderFileSystem = POSIXOrderFileSystem()) {
        self.init(path: url.path, fileSystem: fileSystem)
    }

    // MARK: Reading

    /// The saved arrangement for `key` (sections of item ids), or nil when the file or the key
    /// does not exist.
    ///
    /// ```swift
    /// try store.load(key: "admin")   // [["mail", "phone"], ["x"]]
    /// try store.load(key: "nobody")  // nil
    /// ```
    /// - Throws: ``OrderFileError`` when the file exists but cannot be read, is not UTF-8
    ///   JSON, is not an order file, or `key` does not hold a list of lists of strings.
    ///   (Other keys are not checked: one bad key does not block the others.)
    public func load(key: String = OrderStore.defaultKey) throws(OrderFileError) -> [[String]]? {
        guard let document = try readDocument(), let orders = document["orders"],
              let value = orders[key] else { return nil }
        return try arrangement(value, key: key)
    }

    /// The saved tree for `key` (its roots in the nested shape, ids with children and
    /// `collapsed`), or nil when the file or the key does not exist.
    ///
    /// ```swift
    /// try store.loadTree(key: "outline")?.map(\.description)   // ["a", "+b(b1, b2)"]
    /// ```
    /// - Throws: ``OrderFileError`` when the file exists but cannot be read, is not an order
    ///   file, or `key` does not hold `{"tree": [...]}` of nodes (the error names the node:
    ///   `"orders.outline".tree[2].children[1] must be a string or an object with an "id"`).
    public func loadTree(key: String = OrderStore.defaultKey) throws(OrderFileError) -> [TreeNodeDescription]? {
        guard let document = try readDocument(), let orders = document["orders"],
              let value = orders[key] else { return nil }
        let name = "\"\(keyPath(key))\""
        guard case .object(let members) = value, let raw = value["tree"] else {
            if case .array = value {
                throw invalid("\(name) holds sections of items, not a tree (it was saved from a session of sections)")
            }
            throw invalid("\(name) is not a tree: expected {\"tree\": [...]}, it is \(value.kindDescription)")
        }
        if let extra = members.first(where: { $0.key != "tree" }) {
            throw invalid("\(name) has an unknown member \"\(EchoText.clip(extra.key))\" (a saved tree holds only \"tree\")")
        }
        do {
            return try ItemJSON.tree(from: raw, place: name + ".tree")
        } catch {
            throw invalid(error.message)
        }
    }

    /// The data's tree arranged as saved under `key`, plus warnings for the user.
    ///
    /// Reconciliation is ``ReorderCore/Tree/reconciled(with:)``: saved nodes under their saved
    /// parent in saved order, removed nodes dropped with their children promoted into their
    /// place, added nodes appended under their data parent. A missing file or key gives the
    /// data's tree with no warning; an unreadable or corrupt file, a key holding sections, or
    /// a saved nesting too deep gives the data's tree and a warning saying why.
    ///
    /// ```swift
    /// let data = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"])])
    /// // file: {"version": 1, "orders": {"default": {"tree": [{"id": "b", "children": ["a"]}]}}}
    /// store.restore(data).tree.nested().map(\.description)   // ["b(a, b1)"]
    /// ```
    public func restore(_ data: Tree, key: String = OrderStore.defaultKey) -> (tree: Tree, warnings: [String]) {
        let (found, problem) = Self.saved(keeping: "tree") { () throws(OrderFileError) in try loadTree(key: key) }
        guard let saved = found else { return (data, problem.map { [$0] } ?? []) }
        let r = data.reconciled(with: saved)
        let name = keyPath(key)
        if let refusal = r.refusal { return (data, ["\(path): \(name): \(refusal) (using the data's own tree)"]) }
        var warnings: [String] = []
        if !r.duplicateIDs.isEmpty {
            warnings.append("\(path): \(name): ignored repeated ids: \(r.duplicateIDs.joined(separator: ", "))")
        }
        return (r.tree, warnings)
    }

    /// The keys saved in the file, in file order (empty when the file does not exist).
    ///
    /// ```swift
    /// try store.keys()   // ["admin", "guest"]
    /// ```
    public func keys() throws(OrderFileError) -> [String] {
        guard case .object(let members)? = try readDocument()?["orders"] else { return [] }
        return members.map(\.key)
    }

    /// The data's items arranged as saved under `key`, plus warnings for the user.
    ///
    /// Reconciliation is ``ReorderCore/Order/reconciled(with:)``: saved items in saved order
    /// and section, items new since the save where the data puts them, vanished ids dropped,
    /// repeated ids ignored. When the file or key is missing the data's order is returned with
    /// no warning; when the file is unreadable or corrupt the data's order is returned and the
    /// warning says why (the file is left untouched).
    ///
    /// ```swift
    /// let data = Order(sections: [["mail", "phone", "maps"].map(Item.init)])
    /// // file: {"version": 1, "orders": {"admin": [["phone", "gone", "mail"]]}}
    /// let (order, warnings) = store.restore(data, key: "admin")
    /// order.ids   // [["phone", "maps", "mail"]]   ("maps" is new: it follows "phone" as in the data)
    /// warnings    // []
    /// ```
    /// For the details (new, vanished and repeated ids), call ``load(key:)`` and
    /// `Order.reconciled(with:)` yourself.
    public func restore(_ data: Order, key: String = OrderStore.defaultKey) -> (order: Order, warnings: [String]) {
        let (found, problem) = Self.saved(keeping: "order") { () throws(OrderFileError) in try load(key: key) }
        guard let saved = found else { return (data, problem.map { [$0] } ?? []) }
        let r = data.reconciled(with: saved)
        var warnings: [String] = []
        let name = keyPath(key)
        if !r.duplicateIDs.isEmpty {
            warnings.append("\(path): \(name): ignored repeated ids: \(r.duplicateIDs.joined(separator: ", "))")
        }
        if r.ignoredSectionCount > 0 {
            let n = r.ignoredSectionCount
            warnings.append("\(path): \(name): ignored \(n) saved section\(n == 1 ? "" : "s") beyond the data's \(data.sectionCount)")
        }
        return (r.order, warnings)
    }

    /// What `load` read for a restore, or, when the file cannot be used, the warning that the
    /// data's own `what` ("order", "tree") is kept; both nil for a missing file or key.
    private static func saved<T>(keeping what: String, _ load: () throws(OrderFileError) -> T?) -> (value: T?, warning: String?) {
        do {
            return (try load(), nil)
        } catch {
            return (nil, "\(error.description) (using the data's own \(what))")
        }
    }

    // MARK: Writing

    /// Saves the order's item ids under `key`, keeping every other key as it is.
    ///
    /// The write is atomic: the new file is written to a temporary file next to the order
    /// file, flushed to disk (`fsync`) and renamed over it, so a crash at any moment leaves
    /// either the previous complete file or the new one, never a truncated one. Temporary files
    /// left by an earlier crash are removed after a successful save.
    ///
    /// The whole read-change-replace runs under an exclusive lock on ``lockPath``, so a
    /// concurrent save from another process or store waits for this one and then keeps its key.
    ///
    /// ```swift
    /// try store.save(order, key: "admin")
    /// try store.save(order, key: "admin", replacingUnreadableFile: true)  // discard a corrupt file
    /// ```
    /// - Parameter replacingUnreadableFile: when the existing file cannot be read or is corrupt,
    ///   `false` (the default) refuses and leaves it byte for byte untouched; `true` replaces it
    ///   with a new file holding only this key.
    /// - Throws: ``OrderFileError``: the existing file's error (nothing written), or
    ///   ``OrderFileError/Kind/writeFailed`` (the lock could not be taken, or writing failed;
    ///   the order file unchanged).
    public func save(_ order: Order, key: String = OrderStore.defaultKey, replacingUnreadableFile: Bool = false) throws(OrderFileError) {
        try save(ids: order.ids, key: key, replacingUnreadableFile: replacingUnreadableFile)
    }

    /// Saves an arrangement given as sections of ids under `key`; see ``save(_:key:replacingUnreadableFile:)``.
    ///
    /// ```swift
    /// try store.save(ids: [["mail", "phone"], ["x"]], key: "admin")
    /// ```
    public func save(ids: [[String]], key: String = OrderStore.defaultKey, replacingUnreadableFile: Bool = false) throws(OrderFileError) {
        let value = JSONValue.array(ids.map { .array($0.map(JSONValue.string)) })
        try rewrite(replacingUnreadableFile: replacingUnreadableFile) { orders in orders.setting(key, to: value) }
    }

    /// Saves a tree under `key` as `{"tree": [...]}` (its roots in the nested shape, by id,
    /// with children and `collapsed`), keeping every other key as it is; atomic and locked as
    /// ``save(_:key:replacingUnreadableFile:)``.
    ///
    /// ```swift
    /// try store.save(tree: try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"])]), key: "outline")
    /// ```
    public func save(tree: Tree, key: String = OrderStore.defaultKey, replacingUnreadableFile: Bool = false) throws(OrderFileError) {
        let value = JSONValue.members([("tree", ItemJSON.tree(tree.nested(), idsOnly: true))])
        try rewrite(replacingUnreadableFile: replacingUnreadableFile) { orders in orders.setting(key, to: value) }
    }

    // MARK: Internals

    /// Reads the file, replaces its `"orders"` object with `change(orders)` and writes it back,
    /// all under the lock: every operation that rewrites the file goes through here.
    private func rewrite(replacingUnreadableFile: Bool, _ change: (JSONValue) -> JSONValue) throws(OrderFileError) {
        let nameLength = location.name.utf8.count
        if nameLength > Self.maximumNameLength {
            throw writeError("the file name is \(nameLength) bytes long; an order file's name has at most \(Self.maximumNameLength) bytes "
                             + "(its lock file NAME.lock and its temporary files .NAME.*.tmp must fit the file system's limit of "
                             + "\(FileProblem.maximumNameLength) bytes)")
        }
        try withLock { () throws(OrderFileError) in
            var document: JSONValue
            do throws(OrderFileError) {
                document = try readDocument() ?? Self.emptyDocument
            } catch {
                guard replacingUnreadableFile else { throw error }
                document = Self.emptyDocument
            }
            let orders = document["orders"] ?? .object([])
            document = document.setting("orders", to: change(orders))
            try write(JSONWriter.bytes(of: document))
        }
    }

    /// Runs `body` holding the exclusive lock on ``lockPath``. A failure to take the lock is a
    /// ``OrderFileError/Kind/writeFailed`` naming the lock file; `body`'s errors pass through.
    private func withLock(_ body: () throws(OrderFileError) -> Void) throws(OrderFileError) {
        // The body's error is carried out separately: anything the lock call itself throws is
        // then a lock failure, whatever the file system's error type.
        var outcome: Result<Void, OrderFileError> = .success(())
        do {
            try fileSystem.withExclusiveLock(atPath: lockPath) {
                do throws(OrderFileError) { try body() } catch { outcome = .failure(error) }
            }
        } catch {
            throw writeError("could not lock the order file (it is unchanged): \(error)")
        }
        try outcome.get()
    }

    private static let emptyDocument = JSONValue.object([
        JSONMember(key: "version", value: .number(String(formatVersion))),
        JSONMember(key: "orders", value: .object([])),
    ])

    /// The directory holding the file (for temporary files) and the file's name.
    var location: (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = String(path[..<slash])
        return (dir.isEmpty ? "/" : dir, String(path[path.index(after: slash)...]))
    }

    /// The longest name of an order file that can be saved, in bytes: its temporary files,
    /// `.<name>.<pid>-<unique>.tmp` (a pid of up to 7 digits and up to 13 base-36 digits:
    /// 27 bytes around the name), and its lock file must fit the file system's limit.
    public static let maximumNameLength = FileProblem.maximumNameLength - 27

    /// Temporary files of this order file are named `.<name>.<unique>.tmp`.
    func isTemporaryName(_ entry: String) -> Bool {
        entry.hasPrefix(".\(location.name).") && entry.hasSuffix(".tmp")
    }

    private func temporaryPath() -> String {
        let (dir, name) = location
        let unique = "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
        return (dir == "/" ? "/" : dir + "/") + ".\(name).\(unique).tmp"
    }

    private func write(_ bytes: [UInt8]) throws(OrderFileError) {
        var temp = temporaryPath()
        var attempts = 0
        while true {
            do {
                try fileSystem.createFile(atPath: temp, contents: bytes)
                break
            } catch let e as FileOperationError where e.code == EEXIST && attempts < 8 {
                attempts += 1
                temp = temporaryPath()
            } catch {
                // Remove what we created (a partly written file); an EEXIST file is not ours.
                if (error as? FileOperationError)?.code != EEXIST { try? fileSystem.removeFile(atPath: temp) }
                throw writeError("could not write the temporary file: \(error)")
            }
        }
        do {
            try fileSystem.synchronizeFile(atPath: temp)
            try fileSystem.rename(temp, to: path)
        } catch {
            try? fileSystem.removeFile(atPath: temp)
            throw writeError("could not replace the order file (it is unchanged): \(error)")
        }
        // The file is saved; what follows only makes the rename durable and tidies up. (It runs
        // under the lock, so any other temporary file is a crashed writer's, not a live save's.)
        let (dir, _) = location
        try? fileSystem.synchronizeDirectory(atPath: dir)
        if let entries = try? fileSystem.contentsOfDirectory(atPath: dir) {
            for entry in entries where isTemporaryName(entry) {
                try? fileSystem.removeFile(atPath: (dir == "/" ? "/" : dir + "/") + entry)
            }
        }
    }

    private func writeError(_ reason: String) -> OrderFileError {
        OrderFileError(path: path, kind: .writeFailed, reason: reason)
    }

    /// The file as a validated order document (an object with `"version": 1` and an
    /// `"orders"` object), or nil when it does not exist.
    private func readDocument() throws(OrderFileError) -> JSONValue? {
        let bytes: [UInt8]
        do {
            guard let b = try fileSystem.readFile(atPath: path, maximumSize: Self.maximumFileSize) else { return nil }
            bytes = b
        } catch let e as FileOperationError {
            throw OrderFileError(path: path, kind: .unreadable, reason: "cannot read: \(e.message)")
        } catch {
            throw OrderFileError(path: path, kind: .unreadable, reason: "cannot read: \(error)")
        }
        if let bad = UTF8Check.firstInvalidOffset(in: bytes) {
            let (line, _) = TextPosition.lineAndColumn(of: bad, in: bytes)
            let byte = String(bytes[bad], radix: 16, uppercase: true).leftPadded(to: 2)
            throw OrderFileError(path: path, kind: .notUTF8, line: line,
                                 reason: "not UTF-8 text (invalid byte 0x\(byte) at byte offset \(bad))")
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw OrderFileError(path: path, kind: .syntax, line: error.line, column: error.column,
                                 reason: error.message)
        }
        guard case .object = document else {
            throw invalid("the file holds \(document.kindDescription), expected an object with \"version\" and \"orders\"")
        }
        switch document["version"] {
        case nil:
            throw invalid("missing \"version\" (expected \(Self.formatVersion))")
        case .number(let n)? where Double(n) == Double(Self.formatVersion):
            break
        case .number(let n)?:
            throw invalid("unsupported \"version\" \(n) (this build reads version \(Self.formatVersion))")
        case let other?:
            throw invalid("\"version\" is \(other.kindDescription), expected the number \(Self.formatVersion)")
        }
        switch document["orders"] {
        case nil: throw invalid("missing \"orders\"")
        case .object?: return document
        case let other?: throw invalid("\"orders\" is \(other.kindDescription), expected an object of orders by key")
        }
    }

    /// Checks that a key holds a list of lists of strings.
    private func arrangement(_ value: JSONValue, key: String) throws(OrderFileError) -> [[String]] {
        let what = "\"\(keyPath(key))\" is not a list of lists of strings"
        if value["tree"] != nil {
            throw invalid("\"\(keyPath(key))\" holds a tree, not sections of items (it was saved from a tree session)")
        }
        guard case .array(let sections) = value else { throw invalid("\(what): it is \(value.kindDescription)") }
        var result: [[String]] = []
        result.reserveCapacity(sections.count)
        for (s, section) in sections.enumerated() {
            guard case .array(let items) = section else {
                throw invalid("\(what): section \(s + 1) is \(section.kindDescription)")
            }
            var ids: [String] = []
            ids.reserveCapacity(items.count)
            for (k, item) in items.enumerated() {
                guard case .string(let id) = item else {
                    throw invalid("\(what): section \(s + 1), item \(k + 1) is \(item.kindDescription)")
                }
                ids.append(id)
            }
            result.append(ids)
        }
        return result
    }

    private func keyPath(_ key: String) -> String { "orders.\(key)" }

    private func invalid(_ reason: String) -> OrderFileError {
        OrderFileError(path: path, kind: .invalidContent, reason: reason)
    }
}
