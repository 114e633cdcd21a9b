/// Why an order file could not be read or written: the file's path and a specific reason.
///
/// Its description reads like a compiler diagnostic:
///
/// ```swift
/// do { _ = try OrderStore(path: "orders.json").load(key: "admin") }
/// catch { print(error) }
/// // orders.json: line 3, column 5: expected ',' or '}' after an object member, found '"'
/// // orders.json: "orders.admin" is not a list of lists of strings: section 1, item 2 is a number
/// ```
public struct OrderFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// Something exists at the path but cannot be read as a file (a directory, no
        /// permission, an I/O error).
        case unreadable
        /// The file is not UTF-8 text.
        case notUTF8
        /// The file is not valid JSON; ``OrderFileError/line`` and ``OrderFileError/column``
        /// say where.
        case syntax
        /// The file is JSON but not an order file this build understands (wrong shape or
        /// `version`).
        case invalidContent
        /// Locking the order file (its ``OrderStore/lockPath``), writing the temporary file,
        /// flushing it or renaming it over the order file failed. The order file was not changed.
        case writeFailed
    }

    /// The order file's path, as the store was given it.
    public var path: String
    public var kind: Kind
    /// 1-based line of a syntax error (or of the invalid byte of a non-UTF-8 file).
    public var line: Int?
    /// 1-based column, in characters, of a syntax error.
    public var column: Int?
    /// The reason, without the path or position.
    public var reason: String

    public init(path: String, kind: Kind, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.kind = kind
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `true` for a file that exists but holds no usable order file (not UTF-8, not JSON, wrong
    /// shape): what `save` refuses to overwrite unless asked to.
    public var isCorrupt: Bool { kind == .notUTF8 || kind == .syntax || kind == .invalidContent }

    /// `path: line L, column C: reason`, or `path: reason`.
    public var description: String {
        switch (line, column) {
        case let (l?, c?): return "\(path): line \(l), column \(c): \(reason)"
        case let (l?, nil): return "\(path): line \(l): \(reason)"
        default: return "\(path): \(reason)"
        }
    }
}
