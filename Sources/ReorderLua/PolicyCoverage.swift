import CLua
import CLuaShim
import Foundation

/// Coverage of policy lines (`reorder test --coverage`): which lines of every policy file loaded
/// while it is on ran, how often, and how often each function (hooks included) was called.
///
/// Counting is done by the host: while coverage is on, every Lua state made and every call
/// started installs a line and call hook besides the instruction budget's count hook (the C shim,
/// `coverage.c`). Only policy chunks are counted: built-ins under their repository path
/// (`Policies/default.lua`) and policy files under their path relative to the working
/// directory. Policies cannot see the hook (the sandbox has no `debug` library). With coverage
/// off no line hook is installed. A policy file is known by its chunk name, which for a file is
/// its file name: two files of the same name in different folders, loaded in one run, share
/// one record (under the first one's path).
/// At most 1,024 files are recorded per process.
///
/// ```swift
/// PolicyCoverage.enable()
/// let policy = try LuaPolicy(named: "jx_movable")   // registers Policies/jx_movable.lua and Policies/default.lua
/// // ... drags ...
/// let files = PolicyCoverage.files()
/// print(PolicyCoverage.summary(files))               // "Policies/default.lua  41/97 lines (42.3%)" ...
/// try PolicyCoverage.lcov(files).write(toFile: "lcov.info", atomically: true, encoding: .utf8)
/// ```
public enum PolicyCoverage {
    /// One executable line and how many times the line hook saw it start.
    public struct Line: Hashable, Sendable {
        public var line: Int
        public var hits: Int
    }

    /// One function of a policy file: where it is defined, its name as the source spells it
    /// (`on_begin`, `M.speed`, `movable`; `function@LINE` for an anonymous one), and its calls.
    public struct Function: Hashable, Sendable {
        public var name: String
        public var line: Int
        public var lastLine: Int
        public var calls: Int
    }

    /// The coverage of one policy file.
    public struct File: Hashable, Sendable {
        /// The path LCOV's `SF:` names: `Policies/NAME.lua` for a built-in, else the file's path
        /// relative to the working directory (absolute outside it).
        public var path: String
        /// The executable lines, in order.
        public var lines: [Line]
        public var functions: [Function]
        public var linesHit: Int { lines.filter { $0.hits > 0 }.count }
        public var functionsHit: Int { functions.filter { $0.calls > 0 }.count }
    }

    /// Whether coverage is on for the calling thread (by ``enable()`` or ``enableEverywhere(_:)``).
    public static var isEnabled: Bool { rs_cov_enabled() != 0 }

    /// Turns coverage on for the calling thread: VMs made and calls started on it from now on
    /// count lines of policy files (a VM is used on the thread that made it). The files and
    /// their counts are process-wide.
    public static func enable() { rs_cov_enable(1) }

    /// Turns coverage off for the calling thread (counts are kept until ``reset()``).
    public static func disable() { rs_cov_enable(0) }

    /// Turns coverage on (or off) for every thread of the process: a command line run
    /// (`reorder test --coverage`), whatever thread its specs run on. Tests, which run in
    /// parallel in one process, use ``enable()``.
    ///
    /// ```swift
    /// PolicyCoverage.enableEverywhere(true)
    /// ```
    public static func enableEverywhere(_ on: Bool) { rs_cov_enable_everywhere(on ? 1 : 0) }

    /// Zeroes every count and starts a new run: ``files()`` then lists the files loaded from now
    /// on (a `reorder test --watch` rerun reports the policies it loaded, not every one before).
    public static func reset() {
        registry.lock.lock()
        for i in registry.entries.indices { registry.entries[i].loaded = false }
        registry.lock.unlock()
        rs_cov_reset()
    }

    // MARK: - Registration

    struct Entry {
        var chunk: String
        var path: String
        var lines: [Int]
        var functions: [(name: String, first: Int, last: Int)]
        var index: Int32
        /// The text the map was made from.
        var source: String
        /// Loaded since the last ``reset()``.
        var loaded = true
    }

    final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var entries: [Entry] = []
    }

    static let registry = Registry()

    /// The path coverage reports a policy file under: relative to the working directory when
    /// it is inside it.
    static func displayPath(_ absolute: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// Registers the chunk on top of `vm`'s stack (just loaded from `source` as `chunk`) under
    /// `path`. A chunk name registered before keeps its first registration (its counters are
    /// shared by every VM that loads it), unless coverage is on for the whole process (the
    /// command line, one run at a time) and the text changed: then its lines are mapped and
    /// counted afresh (`reorder test --watch` after an edit).
    static func register(vm: LuaVM, chunk: String, path: String, source: String) {
        let key = "@" + chunk
        registry.lock.lock()
        defer { registry.lock.unlock() }
        let known = registry.entries.firstIndex { $0.chunk == chunk }
        if let known {
            registry.entries[known].loaded = true
            if registry.entries[known].source == source || rs_cov_everywhere_on() == 0 { return }
        }
        var length = 0
        guard let bytes = rs_dump_top(vm.L, &length) else { return }
        defer { rs_dump_free(bytes) }
        let dump = Array(UnsafeBufferPointer(start: bytes, count: length))
        guard let protos = try? LuaBytecode.prototypes(dump) else { return }
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let map = LuaBytecode.executableLines(protos)
        var functions: [(name: String, first: Int, last: Int)] = []
        var perLine: [Int: Int] = [:]
        for p in protos where p.lineDefined > 0 {
            let k = perLine[p.lineDefined, default: 0]
            perLine[p.lineDefined] = k + 1
            let text = p.lineDefined <= sourceLines.count ? sourceLines[p.lineDefined - 1] : ""
            functions.append((functionName(line: text, occurrence: k) ?? "function@\(p.lineDefined)", p.lineDefined, p.lastLineDefined))
        }
        // Names are unique within a file (LCOV joins FNDA records by name).
        var seen: [String: Int] = [:]
        for i in functions.indices {
            let n = functions[i].name
            seen[n, default: 0] += 1
            if seen[n, default: 0] > 1 { functions[i].name = "\(n)@\(functions[i].first)" }
        }
        let first = functions.map { Int32(clamping: $0.first) }, last = functions.map { Int32(clamping: $0.last) }
        let lineCount = Int32(clamping: max(sourceLines.count, map.max() ?? 0))
        if let known {
            let index = registry.entries[known].index
            guard rs_cov_remap(index, lineCount, first, last, Int32(functions.count)) == 0 else { return }
            registry.entries[known] = Entry(chunk: chunk, path: path, lines: map, functions: functions, index: index, source: source)
            return
        }
        let index = rs_cov_register(key, lineCount, first, last, Int32(functions.count))
        guard index >= 0 else { return }
        registry.entries.append(Entry(chunk: chunk, path: path, lines: map, functions: functions, index: index, source: source))
    }

    /// The name of the `occurrence`-th function defined on a source line: `function NAME(`,
    /// `local function NAME(`, `NAME = function(` or `["NAME"] = function(`; nil for others.
    static func functionName(line: String, occurrence: Int) -> String? {
        // Positions of the keyword `function` outside a trailing comment.
        let code = line.range(of: "--").map { String(line[..<$0.lowerBound]) } ?? line
        var ranges: [Range<String.Index>] = []
        var from = code.startIndex
        while let r = code.range(of: "function", range: from..<code.endIndex) {
            let before = r.lowerBound == code.startIndex ? " " : code[code.index(before: r.lowerBound)]
            let after = r.upperBound == code.endIndex ? " " : code[r.upperBound]
            if !(before.isLetter || before.isNumber || before == "_"), !(after.isLetter || after.isNumber || after == "_") {
                ranges.append(r)
            }
            from = r.upperBound
        }
        guard occurrence < ranges.count else { return nil }
        let r = ranges[occurrence]
        let rest = code[r.upperBound...]
        if let paren = rest.firstIndex(of: "(") {
            let name = rest[..<paren].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return name }
        }
        var head = code[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
        guard head.hasSuffix("=") else { return nil }
        head = String(head.dropLast()).trimmingCharacters(in: .whitespaces)
        if head.hasSuffix("]"), let open = head.lastIndex(of: "[") {
            let key = head[head.index(after: open)..<head.index(before: head.endIndex)]
            let bare = key.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            return bare.isEmpty ? nil : bare
        }
        var name = ""
        for ch in head.reversed() {
            guard ch.isLetter || ch.isNumber || ch == "_" || ch == "." || ch == ":" else { break }
            name.insert(ch, at: name.startIndex)
        }
        return name.isEmpty ? nil : name
    }

    // MARK: - Reports

    /// Every policy file loaded since the last ``reset()`` (since the process began without one)
    /// with its counts, sorted by path.
    public static func files() -> [File] {
        registry.lock.lock()
        let entries = registry.entries.filter(\.loaded)
        registry.lock.unlock()
        var byPath: [String: File] = [:]
        for e in entries {
            let lines = e.lines.map { Line(line: $0, hits: Int(rs_cov_line_hits(e.index, Int32($0)))) }
            let functions = e.functions.enumerated().map { i, f in
                Function(name: f.name, line: f.first, lastLine: f.last, calls: Int(rs_cov_function_calls(e.index, Int32(i))))
            }
            byPath[e.path] = File(path: e.path, lines: lines, functions: functions)
        }
        return byPath.values.sorted { $0.path < $1.path }
    }

    /// The LCOV tracefile of `files` (`TN:`, `SF:`, `FN`/`FNDA`/`FNF`/`FNH`, `DA`, `LF`/`LH`,
    /// `end_of_record` per file), as `lcov` and `genhtml` read it.
    public static func lcov(_ files: [File]) -> String {
        var out = ""
        for f in files {
            out += "TN:\nSF:\(f.path)\n"
            for fn in f.functions { out += "FN:\(fn.line),\(fn.name)\n" }
            for fn in f.functions { out += "FNDA:\(fn.calls),\(fn.name)\n" }
            out += "FNF:\(f.functions.count)\nFNH:\(f.functionsHit)\n"
            for l in f.lines { out += "DA:\(l.line),\(l.hits)\n" }
            out += "LF:\(f.lines.count)\nLH:\(f.linesHit)\nend_of_record\n"
        }
        return out
    }

    /// One line per file, `PATH  HIT/TOTAL lines (P%)`, then the total.
    ///
    /// ```swift
    /// PolicyCoverage.summary(files)
    /// // "Policies/default.lua  41/97 lines (42.3%)\ntotal  41/97 lines (42.3%)\n"
    /// ```
    public static func summary(_ files: [File]) -> String {
        func percent(_ hit: Int, _ total: Int) -> String {
            total == 0 ? "-" : String(format: "%.1f%%", Double(hit) * 100 / Double(total))
        }
        let width = (files.map(\.path.count) + [5]).max() ?? 5
        func row(_ name: String, _ hit: Int, _ total: Int) -> String {
            name.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(hit)/\(total) lines (\(percent(hit, total)))\n"
        }
        var out = ""
        for f in files { out += row(f.path, f.linesHit, f.lines.count) }
        let hit = files.map(\.linesHit).reduce(0, +), total = files.map(\.lines.count).reduce(0, +)
        return out + row("total", hit, total)
    }
}

/// A reader of Lua 5.4 binary chunks (`lua_dump`, ldump.c), for the line information of every
/// function prototype of a chunk: which lines hold instructions.
enum LuaBytecode {
    struct Prototype {
        var lineDefined: Int
        var lastLineDefined: Int
        var isVararg: Bool
        /// The line of each instruction.
        var instructionLines: [Int]
    }

    struct Malformed: Error {}

    /// The prototypes of a dumped chunk, the main one first, nested ones in source order.
    static func prototypes(_ bytes: [UInt8]) throws(Malformed) -> [Prototype] {
        var r = Reader(bytes: bytes)
        // Header: signature, version 5.4, format 0, LUAC_DATA, three sizes, LUAC_INT, LUAC_NUM.
        guard try r.bytes(4) == [0x1B, 0x4C, 0x75, 0x61], try r.byte() == 0x54, try r.byte() == 0 else { throw Malformed() }
        _ = try r.bytes(6)
        let instructionSize = Int(try r.byte()), integerSize = Int(try r.byte()), numberSize = Int(try r.byte())
        guard instructionSize == 4 else { throw Malformed() }
        _ = try r.bytes(integerSize)
        _ = try r.bytes(numberSize)
        _ = try r.byte()  // upvalues of the main closure
        var out: [Prototype] = []
        try function(&r, integerSize: integerSize, numberSize: numberSize, into: &out)
        return out
    }

    private static func function(_ r: inout Reader, integerSize: Int, numberSize: Int, into out: inout [Prototype]) throws(Malformed) {
        _ = try r.string()
        let lineDefined = try r.size(), lastLineDefined = try r.size()
        _ = try r.byte()  // numparams
        let vararg = try r.byte() != 0
        _ = try r.byte()  // maxstacksize
        let codeSize = try r.size()
        _ = try r.bytes(codeSize * 4)
        for _ in 0..<(try r.size()) {  // constants
            switch try r.byte() {
            case 0x03: _ = try r.bytes(integerSize)
            case 0x13: _ = try r.bytes(numberSize)
            case 0x04, 0x14: _ = try r.string()
            case 0x00, 0x01, 0x11: break
            default: throw Malformed()
            }
        }
        _ = try r.bytes(3 * (try r.size()))  // upvalues: instack, idx, kind
        let index = out.count
        out.append(Prototype(lineDefined: lineDefined, lastLineDefined: lastLineDefined, isVararg: vararg, instructionLines: []))
        for _ in 0..<(try r.size()) { try function(&r, integerSize: integerSize, numberSize: numberSize, into: &out) }
        // Debug: relative line info (signed bytes, -128 = absolute), absolute line info.
        let lineInfo = try r.bytes(try r.size()).map { Int(Int8(bitPattern: $0)) }
        var absolute: [Int: Int] = [:]
        for _ in 0..<(try r.size()) {
            let pc = try r.size()
            absolute[pc] = try r.size()
        }
        for _ in 0..<(try r.size()) { _ = try r.string(); _ = try r.size(); _ = try r.size() }  // locals
        for _ in 0..<(try r.size()) { _ = try r.string() }  // upvalue names
        var line = lineDefined
        var lines: [Int] = []
        for (pc, delta) in lineInfo.enumerated() {
            if delta == -128 {
                guard let l = absolute[pc] else { throw Malformed() }
                line = l
            } else {
                line += delta
            }
            lines.append(line)
        }
        out[index].instructionLines = lines
    }

    /// The executable lines of a chunk, sorted: the lines of every instruction (as
    /// `lua_getinfo`'s "L" gives them: a vararg function's first instruction, VARARGPREP, left
    /// out), except a line whose only instruction is a function's closing `return` the compiler
    /// adds at its `end` (it runs only when the function falls off its end, so counting it
    /// would show every `end` after a `return` as missed).
    static func executableLines(_ protos: [Prototype]) -> [Int] {
        var lines = Set<Int>()
        for p in protos {
            let body = p.instructionLines.enumerated().filter { !(p.isVararg && $0.offset == 0) }.map(\.element)
            lines.formUnion(body.dropLast())
        }
        return lines.sorted()
    }

    struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func byte() throws(Malformed) -> UInt8 {
            guard position < bytes.count else { throw Malformed() }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func bytes(_ n: Int) throws(Malformed) -> [UInt8] {
            guard n >= 0, position + n <= bytes.count else { throw Malformed() }
            defer { position += n }
            return Array(bytes[position..<position + n])
        }

        /// ldump.c's dumpSize: 7-bit groups, most significant first, the last one marked 0x80.
        mutating func size() throws(Malformed) -> Int {
            var x = 0
            while true {
                let b = try byte()
                guard x < (Int.max >> 7) else { throw Malformed() }
                x = (x << 7) | Int(b & 0x7F)
                if b & 0x80 != 0 { return x }
            }
        }

        mutating func string() throws(Malformed) -> [UInt8]? {
            let n = try size()
            return n == 0 ? nil : try bytes(n - 1)
        }
    }
}
