import ReorderCore

/// Differential cases for the pattern functions, `string.find`, `match`, `gmatch` and `gsub`
/// (Lua 5.4 manual §6.4.1), for ``SandboxDifferential``.
///
/// A case is a subject, a pattern and a call. Patterns are drawn from every pattern item:
/// literal bytes (NUL and bytes over 127 among them), `.`, the classes `%a %c %d %g %l %p %s
/// %u %w %x` (and `%z`) with their complements, escaped magic characters, letters that are no
/// class, sets with ranges, classes, `^`, a leading `]` or `-`, the quantifiers `* + - ?`, the
/// anchors `^` and `$` (and both as plain characters elsewhere), nested captures and position
/// captures, back-references `%0`-`%9`, `%bxy` and `%f[set]`; some are malformed (a trailing
/// `%`, an unclosed set or capture, `%b` or `%f` without their arguments), some deep (200
/// optional items, 33 captures). Subjects mix bytes of the pattern with others. Calls vary
/// `init` (negative, zero, past the end, a float, a string), `find`'s `plain`, gsub's
/// replacement (strings with `%0`-`%9`, `%%` and bad escapes; numbers; tables, one with an
/// `__index` function; functions returning strings, numbers, false, nil, tables, booleans, or
/// raising) and its `n`, and wrong argument types.
///
/// ```swift
/// var rng = SplitMix64(seed: 1)
/// var g = PatternCaseGenerator()
/// print(g.next(&rng).source)
/// // local s = "a\001\128\195\009b,_Aa"; local p = "%Y+"; local r = function() return true end; return s:gsub(p, r)
/// ```
public struct PatternCaseGenerator: DifferentialGenerator {
    public let name = "patterns"

    public init() {}

    public mutating func next(_ rng: inout SplitMix64) -> DifferentialCase {
        var d = Draw(rng: rng)
        defer { rng = d.rng }
        let pattern = d.chance(3) ? d.deepPattern() : d.pattern()
        let subject = d.subject(for: pattern)
        var setup = ["local s = \(d.argument(subject, odd: 40))", "local p = \(d.argument(pattern.bytes, odd: 60))"]
        let expression: String
        switch d.below(20) {
        case 0..<6:
            var args = ["p"]
            let plain = d.below(4)
            if plain > 0 || d.chance(2) { args.append(d.initArgument(subject.count)) }
            if plain > 0 { args.append(["true", "false", "nil", "1", "\"no\""][d.below(5)]) }
            expression = d.call("find", args)
        case 6..<11:
            var args = ["p"]
            if d.chance(2) { args.append(d.initArgument(subject.count)) }
            expression = d.call("match", args)
        case 11..<14:
            setup.append(Self.collector)
            var args = ["p"]
            if d.chance(2) { args.append(d.initArgument(subject.count)) }
            expression = "all(\(d.call("gmatch", args)))"
        default:
            setup.append("local r = \(d.replacement(pattern))")
            var args = ["p", "r"]
            if d.chance(2) { args.append(d.countArgument()) }
            expression = d.call("gsub", args)
        }
        return DifferentialCase(setup: setup, expression)
    }

    /// Collects every result of a gmatch iterator (at most 64 rounds) in a table of tables.
    static let collector = "local function all(f) local t, n = {}, 0 repeat local r = {f()} n = n + 1 t[n] = r until r[1] == nil or n > 64 return t end"
}

/// A pattern and what a subject may be made of to match it.
struct GeneratedPattern {
    var bytes: [UInt8]
    /// Bytes the pattern names literally (subjects draw on them).
    var literals: [UInt8]
    /// A subject the pattern is likely to match when it has this length (deep patterns).
    var preferredLength: Int?
}

/// The random choices of one case.
private struct Draw {
    var rng: SplitMix64

    mutating func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    /// True one time in `n`.
    mutating func chance(_ n: Int) -> Bool { below(n) == 0 }
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }

    static let literals: [UInt8] = Array("abcxAB01 ,;_\n".utf8) + [0, 1, 0x7F, 0x80, 0xC3, 0xFF, 9]
    static let classes: [UInt8] = Array("acdglpsuwxzACDGLPSUWXZ".utf8)
    static let notClasses: [UInt8] = Array("ybqYB".utf8)
    static let magic: [UInt8] = Array(".%()[]*+-?^$".utf8)
    static let quantifiers: [UInt8] = Array("*+-?".utf8)
    static let balancePairs: [[UInt8]] = [Array("()".utf8), Array("[]".utf8), Array("{}".utf8), Array("''".utf8),
                                          Array("ab".utf8), [0, 1], Array("((".utf8), Array(")(".utf8)]

    // MARK: patterns

    mutating func pattern() -> GeneratedPattern {
        var p = GeneratedPattern(bytes: [], literals: [])
        if chance(4) { p.bytes.append(UInt8(ascii: "^")) }
        var open = 0
        for _ in 0..<below(7) { item(&p, open: &open) }
        if open > 0 && !chance(8) { p.bytes += [UInt8](repeating: UInt8(ascii: ")"), count: open) }  // else left unclosed
        if chance(7) { p.bytes.append(UInt8(ascii: "$")) }
        if chance(14) { malform(&p) }
        return p
    }

    /// One item (maybe with a quantifier), or a capture's parenthesis.
    mutating func item(_ p: inout GeneratedPattern, open: inout Int) {
        switch below(24) {
        case 0..<3:
            p.bytes.append(UInt8(ascii: "("))
            open += 1
            return
        case 3:
            p.bytes += Array("()".utf8)
            return
        case 4..<6:
            if open > 0 || chance(6) {
                p.bytes.append(UInt8(ascii: ")"))
                open = max(0, open - 1)
                return
            }
            single(&p)
        case 6:
            p.bytes += [UInt8(ascii: "%"), UInt8(ascii: "0") + UInt8(chance(3) ? below(10) : 1 + below(3))]
            return
        case 7:
            let pair = pick(Self.balancePairs)
            p.bytes += Array("%b".utf8) + pair
            p.literals += pair
            return
        case 8:
            p.bytes += Array("%f".utf8)
            set(&p)
            return
        case 9 where chance(3):
            p.bytes.append(pick(Array("^$".utf8)))   // plain characters away from the ends
            return
        default:
            single(&p)
        }
        if !chance(3) { return }
        p.bytes.append(pick(Self.quantifiers))
    }

    /// A single-character class.
    mutating func single(_ p: inout GeneratedPattern) {
        switch below(12) {
        case 0..<4:
            let c = pick(Self.literals)
            p.bytes.append(c)
            p.literals.append(c)
        case 4:
            p.bytes.append(UInt8(ascii: "."))
        case 5..<8:
            p.bytes += [UInt8(ascii: "%"), pick(Self.classes)]
        case 8:
            let c = chance(2) ? pick(Self.magic) : pick(Self.literals.filter { !isAlnum($0) })
            p.bytes += [UInt8(ascii: "%"), c]
            p.literals.append(c)
        case 9:
            p.bytes += [UInt8(ascii: "%"), pick(Self.notClasses)]
        default:
            set(&p)
        }
    }

    /// A set `[...]`: characters, ranges, classes, a negation, a leading `]` or `-`.
    mutating func set(_ p: inout GeneratedPattern) {
        p.bytes.append(UInt8(ascii: "["))
        if chance(3) { p.bytes.append(UInt8(ascii: "^")) }
        if chance(8) { p.bytes.append(pick(Array("]-".utf8))) }
        for _ in 0..<(1 + below(4)) {
            switch below(8) {
            case 0..<3:
                let c = pick(Self.literals)
                p.bytes.append(c)
                p.literals.append(c)
            case 3, 4:
                let a = pick(Self.literals), b = pick(Self.literals)
                p.bytes += [a, UInt8(ascii: "-"), b]
                p.literals += [a, b]
            case 5, 6:
                p.bytes += [UInt8(ascii: "%"), pick(Self.classes + Self.magic)]
            default:
                p.bytes += pick([Array("a-%%".utf8), Array("%a-z".utf8), Array("-".utf8), Array("%]".utf8), Array("^".utf8)])
            }
        }
        p.bytes.append(UInt8(ascii: "]"))
    }

    /// Breaks the pattern the ways Lua reports (or, when the matcher never reaches the break,
    /// does not).
    mutating func malform(_ p: inout GeneratedPattern) {
        let tails: [[UInt8]] = [Array("%".utf8), Array("[a".utf8), Array("[]".utf8), Array("[^]".utf8), Array("[%".utf8),
                                Array("[%]".utf8), Array("%b".utf8), Array("%ba".utf8), Array("%f".utf8), Array("%fa".utf8),
                                Array(")".utf8), Array("(".utf8), Array("%f[a".utf8)]
        let tail = pick(tails)
        if chance(3) && !p.bytes.isEmpty {
            p.bytes.insert(contentsOf: tail, at: below(p.bytes.count + 1))
        } else {
            p.bytes += tail
        }
    }

    /// Patterns that reach Lua's limits: 200 pending choices, 32 captures, long balanced runs.
    mutating func deepPattern() -> GeneratedPattern {
        let a = UInt8(ascii: "a")
        switch below(5) {
        case 0:
            let n = 190 + below(20)
            return GeneratedPattern(bytes: Array(repeating: Array("a?".utf8), count: n).flatMap { $0 }, literals: [a],
                                    preferredLength: 180 + below(40))
        case 1:
            let n = 190 + below(20)
            return GeneratedPattern(bytes: Array(repeating: Array(pick(["a-", "(a)", "()"]).utf8), count: n).flatMap { $0 },
                                    literals: [a], preferredLength: 180 + below(40))
        case 2:
            let n = 30 + below(5)
            return GeneratedPattern(bytes: Array(repeating: UInt8(ascii: "("), count: n) + Array("a*".utf8)
                                        + Array(repeating: UInt8(ascii: ")"), count: n) + Array("%1".utf8),
                                    literals: [a], preferredLength: below(8))
        case 3:
            return GeneratedPattern(bytes: Array("%b()".utf8), literals: Array("()a".utf8), preferredLength: 60 + below(200))
        default:
            return GeneratedPattern(bytes: Array(repeating: Array(".-".utf8), count: 3).flatMap { $0 } + [pick(Self.literals)],
                                    literals: Self.literals, preferredLength: 20 + below(40))
        }
    }

    // MARK: subjects and arguments

    mutating func subject(for p: GeneratedPattern) -> [UInt8] {
        let n = p.preferredLength ?? (chance(10) ? below(120) : below(20))
        let pool = p.literals + Self.literals + Array("()aab".utf8)
        return (0..<n).map { _ in chance(3) && !p.literals.isEmpty ? pick(p.literals) : pick(pool) }
    }

    /// A string argument as Lua, now and then a number (converted by Lua) or a wrong type.
    mutating func argument(_ bytes: [UInt8], odd: Int) -> String {
        guard chance(odd) else { return SandboxDifferential.quoted(bytes) }
        return pick(["12", "1.5", "-0.0", "1e300", "nil", "{}", "true"])
    }

    mutating func initArgument(_ length: Int) -> String {
        pick(["nil", "0", "1", "2", "3", "-1", "-2", "-5", "-100", "\(length)", "\(length + 1)", "\(length + 2)", "100",
              "math.maxinteger", "math.mininteger", "\"2\"", "2.0", "1.5", "{}", "-\(length)", "-\(length + 1)"])
    }

    mutating func countArgument() -> String {
        pick(["nil", "0", "1", "2", "-1", "1.0", "\"1\"", "2.5", "math.maxinteger", "math.mininteger", "{}"])
    }

    /// `s:f(args)`, `string.f(s, args)` or `pcall(string.f, s, args)` (a function called with no
    /// name: its argument errors name it `string.f`).
    mutating func call(_ f: String, _ args: [String]) -> String {
        switch below(8) {
        case 0..<4: return "s:\(f)(\(args.joined(separator: ", ")))"
        case 7: return "pcall(string.\(f), \((["s"] + args).joined(separator: ", ")))"
        default: return "string.\(f)(\((["s"] + args).joined(separator: ", ")))"
        }
    }

    /// gsub's third argument.
    mutating func replacement(_ p: GeneratedPattern) -> String {
        switch below(16) {
        case 0..<7:
            var r: [UInt8] = []
            for _ in 0..<below(5) {
                switch below(6) {
                case 0, 1: r.append(pick(Self.literals))
                case 2, 3: r += [UInt8(ascii: "%"), UInt8(ascii: "0") + UInt8(below(10))]
                case 4: r += Array("%%".utf8)
                default: r += [UInt8(ascii: "%"), pick(Array("x%\0a".utf8) + [0x80])]
                }
            }
            if chance(12) { r.append(UInt8(ascii: "%")) }
            return SandboxDifferential.quoted(r)
        case 7:
            return pick(["42", "1.5", "-0.0", "2^63", "nil", "true"])
        case 8, 9:
            var entries: [String] = []
            for _ in 0..<(1 + below(4)) {
                let key = chance(4) ? String(1 + below(4)) : SandboxDifferential.quoted([pick(p.literals + Array("ab".utf8))])
                let value = pick(["\"T\"", "7", "false", "true", "{}", "\"\"", "1.25"])
                entries.append("[\(key)] = \(value)")
            }
            return "{\(entries.joined(separator: ", "))}"
        case 10:
            return "setmetatable({}, {__index = function(_, k) return tostring(k) .. \"!\" end})"
        default:
            return pick([
                "function(...) return select('#', ...) end",
                "function(a) return a end",
                "function(a, b) return b end",
                "function() return false end",
                "function() return {} end",
                "function() return true end",
                "function(a) return a .. a end",
                "function() error(\"repl failed\") end",
                "function() error({code = 1}) end",
                "function(a) return (tostring(a):gsub(\".\", \"%0%0\")) end",
                "function() return 2^53 end",
                "function(a) return a:upper() end",
            ])
        }
    }
}

private func isAlnum(_ c: UInt8) -> Bool {
    (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
        || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
}
