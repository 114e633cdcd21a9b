import ReorderCore
import ReorderPersistence

/// A trace file that cannot be read: the file itself (not a regular file, missing, ...) or
/// one of its lines (with the line number).
///
/// ```swift
/// TraceFileError(path: "drag.jsonl", line: 3, message: "missing \"y\"").description
/// // "drag.jsonl:3: missing \"y\""
/// TraceFileError(path: "logs", line: nil, message: "is a directory, not a file").description
/// // "cannot read logs: is a directory, not a file"
/// ```
public struct TraceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// The 1-based line, for a problem in the text.
    public var line: Int?
    public var message: String

    public init(path: String, line: Int?, message: String) {
        self.path = path; self.line = line; self.message = message
    }

    /// `path:line: message`, or `cannot read path: message`.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "cannot read \(path): \(message)"
    }

    init(_ e: InputFileError) {
        path = e.path
        line = e.line
        message = e.reason
    }
}

/// Reads a trace file line by line, in constant memory: a chunk of the file and one line at a
/// time (an input line is at most ``maximumLineLength`` bytes, the first record, which may be
/// the `session` line with the whole list, at most ``maximumSessionLineLength``), so a trace
/// of any length can be replayed as it is read.
///
/// ```swift
/// let reader = try TraceReader(path: "/tmp/drag.jsonl", displayPath: "drag.jsonl")
/// let header = try reader.header()          // the `session` line, if it is the first record
/// while let input = try reader.next() { simulator.apply(input) }
/// ```
public final class TraceReader {
    /// The longest line accepted: 64 KiB. A `session` line with thousands of items fits; a
    /// longer line is refused by its number before it is read to the end.
    public static let maximumLineLength = InputFileLines.defaultMaximumLineLength
    /// The longest first record accepted: 16 MiB. It may be the `session` line, which holds
    /// the whole list (a list of 100,000 items fits).
    public static let maximumSessionLineLength = 16 << 20

    let lines: InputFileLines
    let inputLineLength: Int
    var sawFirstRecord = false
    var decoder = TraceCodec.LineDecoder()
    /// A record read ahead by ``header()``.
    var pending: TraceCodec.Record?
    var readHeader = false
    var cachedHeader: Trace.Header?
    /// The file's name in messages.
    public let displayPath: String
    /// How many inputs ``next()`` has returned.
    public private(set) var inputCount = 0

    /// Opens `path`; messages name `displayPath` (default: `path`).
    /// - Throws: ``TraceFileError`` when the path is not a readable regular file.
    public init(path: String, displayPath: String? = nil,
                maximumLineLength: Int = TraceReader.maximumLineLength) throws(TraceFileError) {
        self.displayPath = displayPath ?? path
        inputLineLength = maximumLineLength
        do {
            lines = try InputFileLines(path: path, displayPath: displayPath, kind: "trace",
                                       maximumLineLength: maximumLineLength)
        } catch {
            throw TraceFileError(error)
        }
        // Until the first record, which may be the session line with the whole list.
        lines.maximumLineLength = max(maximumLineLength, Self.maximumSessionLineLength)
        lines.lineName = "the first record of a trace (its session line)"
    }

    /// The `session` line when it is the trace's first record, else nil. Reads ahead to the
    /// first record (the next ``next()`` returns it if it is an input).
    public func header() throws(TraceFileError) -> Trace.Header? {
        if !readHeader {
            readHeader = true
            switch try record() {
            case .header(let h)?: cachedHeader = h
            case let other: pending = other
            }
        }
        return cachedHeader
    }

    /// The next input, or nil at the end of the trace.
    /// - Throws: ``TraceFileError`` naming the line and what is wrong with it.
    public func next() throws(TraceFileError) -> TraceInput? {
        _ = try header()
        let r: TraceCodec.Record?
        if let p = pending { r = p; pending = nil } else { r = try record() }
        switch r {
        case .input(let input)?:
            inputCount += 1
            return input
        case .header?:
            // The decoder refuses a second session line; this cannot be reached.
            throw TraceFileError(path: lines.path, line: nil, message: "a \"session\" record may only be the first line")
        case nil:
            return nil
        }
    }

    /// The whole trace in memory (for `reorder render`, which draws all of it).
    public func readAll() throws(TraceFileError) -> Trace {
        let h = try header()
        var inputs: [TraceInput] = []
        while let input = try next() { inputs.append(input) }
        return Trace(header: h, inputs: inputs)
    }

    /// The next non-blank record.
    private func record() throws(TraceFileError) -> TraceCodec.Record? {
        while true {
            let line: InputFileLines.Line
            do {
                guard let l = try lines.next() else { return nil }
                line = l
            } catch {
                throw TraceFileError(error)
            }
            do {
                if let r = try decoder.decode(line: line.bytes, number: line.number) {
                    if !sawFirstRecord {
                        // Past the first record: input lines are short.
                        sawFirstRecord = true
                        lines.maximumLineLength = inputLineLength
                        lines.lineName = "a line of a trace"
                    }
                    return r
                }
            } catch {
                throw TraceFileError(path: lines.path, line: error.line, message: error.message)
            }
        }
    }
}
