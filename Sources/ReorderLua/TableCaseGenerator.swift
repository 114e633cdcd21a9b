import ReorderCore

/// Differential cases for the table library (`table.insert`, `remove`, `move`, `concat`,
/// `pack`, `unpack`, `sort`; Sources/CLuaShim/tables.c against Lua's own): lists with holes and
/// odd keys, every argument shape (missing, wrong types, positions at the ends of the integers),
/// values that are not tables, and tables behind metatables whose Lua `__index`, `__newindex`
/// and `__len` log every call, redirect, lie about the length (a fixed value, or one that grows
/// at every read), return a length that is not an integer, or raise.
///
/// What is compared: for every function but `sort`, the results, the error message (called
/// directly or through `pcall`), the list's contents after the call and the log of every
/// metamethod call, in order: both libraries must read and write the same elements in the same
/// order. For `sort`, whose sequence of reads, writes and comparisons the manual leaves to the
/// implementation (and whose order of equal keys it leaves unspecified), each case reduces the
/// outcome to what must agree:
///
/// - an order (`<`, `>`, a key compared by `<`, `__lt`): the sequence of keys after the sort
///   (records with equal keys may end up in different orders; their keys may not);
/// - no order (`<=`, `>=`, always true or false, pseudo-random answers): the list is a
///   permutation of what it was, after a normal return or after "invalid order function for
///   sorting", an error Lua raises for such functions; any other error is compared as it is;
/// - a comparator that raises: on its k-th call with k < n (any sort of n elements makes at
///   least n - 1 comparisons), or when it meets a given element (every element is compared):
///   the error, as it is;
/// - values `<` cannot order (a list not all numbers or all strings): "attempt to compare"
///   with two types that are in the list and cannot be compared; which pair a sort meets first
///   is its own business.
///
/// Metamethods whose effect depends on which accesses a sort makes (logging, raising in
/// `__newindex`) are left out of the sort cases.
///
/// ```swift
/// let report = try SandboxDifferential.run(generators: [TableCaseGenerator()], seed: 7, cases: 2000)
/// #expect(report.mismatchCount == 0)
/// ```
public struct TableCaseGenerator: DifferentialGenerator {
    public let name = "tables"

    public init() {}

    public mutating func next(_ rng: inout SplitMix64) -> DifferentialCase {
        Self.weighted(&rng, [(13, Self.insert), (11, Self.remove), (14, Self.move), (14, Self.concat), (5, Self.pack),
                             (11, Self.unpack), (32, Self.sort)])
    }

    /// A case from one of `makers`, each drawn with its weight.
    static func weighted(_ rng: inout SplitMix64,
                         _ makers: [(weight: Int, make: (inout SplitMix64) -> DifferentialCase)]) -> DifferentialCase {
        var roll = rng.int(in: 0...(makers.reduce(0) { $0 + $1.weight } - 1))
        for maker in makers {
            if roll < maker.weight { return maker.make(&rng) }
            roll -= maker.weight
        }
        return makers[makers.count - 1].make(&rng)
    }

    // MARK: - values, lists and metatables

    /// Elements (Lua expressions): integers, floats, strings with NULs and high bytes, booleans,
    /// a table, a function.
    static let elements = [
        "0", "1", "2", "3", "-1", "7", "42", "2.5", "-0.0", "1e300", "0/0", "math.maxinteger", "math.mininteger",
        "'a'", "'b'", "''", "'x\\0y'", "'\\200\\255'", "'10'", "true", "false", "{}", "print",
    ]

    /// Positions and counts: small ones near a list's length, the ends of the integers, floats
    /// with and without an integer value, strings that are and are not numbers, and no number.
    static let positions = [
        "0", "1", "2", "3", "4", "5", "-1", "-2", "10", "math.maxinteger", "math.mininteger", "math.maxinteger - 1",
        "math.mininteger + 1", "2^31", "-2^31", "2^53", "1.0", "1.5", "'2'", "'x'", "nil", "true", "1e7",
    ]

    /// Values that are not tables (a string has a metatable with `__index` but no `__newindex`).
    static let nonTables = ["5", "'abc'", "nil", "true", "print"]

    /// The setup shared by cases that log metamethod calls: `note` appends to `log`; `show`
    /// writes a key or value without an address, so both VMs log alike; `after` returns a call's
    /// results with the state it left.
    static let logging = [
        "local log = {}",
        "local function show(v) local ty = type(v) if ty == 'string' or ty == 'number' or ty == 'boolean' or ty == 'nil' then return tostring(v) end return ty end",
        "local function note(e) log[#log + 1] = e end",
    ]

    /// `local s = {...}`: up to `maxLength` elements, some of them nil (holes), sometimes an
    /// element at an odd key as well.
    static func list(_ rng: inout SplitMix64, maxLength: Int = 8) -> String {
        let n = rng.int(in: 0...maxLength)
        var items: [String] = []
        for _ in 0..<n {
            items.append(rng.chance(0.12) ? "nil" : rng.pick(elements))
        }
        var line = "local s = {\(items.joined(separator: ", "))}"
        if rng.chance(0.15) {
            line += " s[\(rng.pick(["0", "-1", "\(n + 2)", "math.maxinteger", "'n'"]))] = \(rng.pick(elements))"
        }
        return line
    }

    /// A `__len` (or none: the raw length), as a Lua expression.
    static func length(_ rng: inout SplitMix64) -> String? {
        switch rng.int(in: 0...9) {
        case 0...2: return nil
        case 3, 4: return "function() note('len') return rawlen(s) end"
        case 5: return "function() note('len') return \(rng.pick(positions.filter { $0 != "nil" })) end"
        case 6: return "function() note('len') return \(rng.int(in: -3...12)) end"
        case 7: return "function() reads = reads + 1 note('len') return rawlen(s) + reads end"
        case 8: return rng.pick(["function() return 2.5 end", "function() return '3' end", "function() return 'x' end"])
        default: return "function() note('len') error('len fails') end"
        }
    }

    /// How `__index` or `__newindex` reaches the list `s`, raw, and how its calls are logged
    /// (`r` or `w` and the key; a write also its value).
    struct Access {
        var event: String, parameters: String, verb: String, mark: String, raw: String, cFunction: String
        static let read = Access(event: "__index", parameters: "_, k", verb: "read", mark: "r",
                                 raw: "return rawget(s, k)", cFunction: "rawlen")
        static let write = Access(event: "__newindex", parameters: "_, k, v", verb: "write", mark: "w",
                                  raw: "rawset(s, k, v)", cFunction: "rawequal")
        /// The mark and the key (the entry of a call that raises).
        var key: String { "'\(mark)' .. show(k)" }
        /// The entry a call adds to the log: the mark, the key, and a write's value.
        var entry: String { parameters.hasSuffix("v") ? key + " .. '=' .. show(v)" : key }
    }

    /// A metatable field for `access` (or none): the list itself, a Lua function that logs the
    /// key and raises at one of them, a C function, or a Lua function that logs (with
    /// `forSort`, only passes the access on).
    static func accessor(_ rng: inout SplitMix64, _ access: Access, forSort: Bool) -> String? {
        switch rng.int(in: 0...5) {
        case 0: return nil
        case 1: return "\(access.event) = s"
        case 2 where !forSort:
            return "\(access.event) = function(\(access.parameters)) note(\(access.key)) if k == \(rng.int(in: 1...4)) "
                + "then error('cannot \(access.verb) ' .. show(k)) end \(access.raw) end"
        case 3 where !forSort: return "\(access.event) = \(access.cFunction)"
        default:
            return "\(access.event) = function(\(access.parameters)) \(forSort ? "" : "note(\(access.entry)) ")\(access.raw) end"
        }
    }

    /// `local t = ...`: the list itself, the list with a metatable, or a proxy whose metamethods
    /// reach the list `s` (raw, so a metatable on `s` itself does not call them again). With
    /// `forSort`, only metamethods whose calls both sorts must make alike.
    static func target(_ rng: inout SplitMix64, forSort: Bool = false) -> [String] {
        if rng.chance(0.35) { return ["local t = s"] }
        var fields: [String] = []
        if let read = accessor(&rng, .read, forSort: forSort) { fields.append(read) }
        if let write = accessor(&rng, .write, forSort: forSort) { fields.append(write) }
        if let len = length(&rng) { fields.append("__len = \(len)") }
        let base = rng.chance(0.3) ? "s" : "{}"
        return ["local reads = 0", "local t = setmetatable(\(base), {\(fields.joined(separator: ", "))})"]
    }

    /// The call as the case's expression: directly (an error comes back with its position and
    /// the name it was called by), or through pcall with the state it left.
    static func call(_ rng: inout SplitMix64, _ function: String, _ args: [String], state: String = "s, t, log") -> String {
        let list = args.joined(separator: ", ")
        if rng.chance(0.4) { return "\(function)(\(list))" }
        let results = "(function(...) return {n = select('#', ...), ...} end)(pcall(\(function)\(list.isEmpty ? "" : ", " + list)))"
        return "\(results), \(state)"
    }

    /// A position, or (when the list has a length) one near it.
    static func position(_ rng: inout SplitMix64) -> String {
        rng.chance(0.5) ? rng.pick(positions) : "rawlen(s) + \(rng.int(in: -3...2))"
    }

    // MARK: - the functions

    static func insert(_ rng: inout SplitMix64) -> DifferentialCase {
        var setup = Self.logging + [Self.list(&rng)] + Self.target(&rng)
        var args: [String]
        switch rng.int(in: 0...9) {
        case 0...3: args = ["t", rng.pick(Self.elements)]
        case 4...7: args = ["t", Self.position(&rng), rng.pick(Self.elements)]
        case 8: args = rng.chance(0.5) ? ["t"] : ["t", "1", "2", "3"]
        default: args = [rng.pick(Self.nonTables), "'v'"]
        }
        if rng.chance(0.05) { setup.append("local t = 'abc'") }
        return DifferentialCase(setup: setup, Self.call(&rng, "table.insert", args))
    }

    static func remove(_ rng: inout SplitMix64) -> DifferentialCase {
        let setup = Self.logging + [Self.list(&rng)] + Self.target(&rng)
        var args = ["t"]
        switch rng.int(in: 0...9) {
        case 0...2: break
        case 3...8: args.append(Self.position(&rng))
        default: args = rng.chance(0.5) ? [rng.pick(Self.nonTables)] : ["t", "1", "2"]
        }
        return DifferentialCase(setup: setup, Self.call(&rng, "table.remove", args))
    }

    static func move(_ rng: inout SplitMix64) -> DifferentialCase {
        var setup = Self.logging + [Self.list(&rng)] + Self.target(&rng)
        // A second list for the destination: plain, or a proxy that logs its writes.
        setup.append("local s2 = {\(rng.pick(["", "'p'", "'p', 'q', 'r'"]))}")
        setup.append(rng.chance(0.5) ? "local u = s2"
                     : "local u = setmetatable({}, {__index = s2, __newindex = function(_, k, v) note('W' .. show(k) .. '=' .. show(v)) rawset(s2, k, v) end})")
        let (first, last): (String, String)
        if rng.chance(0.7) {
            let f = rng.int(in: -3...8)
            (first, last) = ("\(f)", "\(f + rng.int(in: -2...6))")
        } else {
            (first, last) = (rng.pick(Self.positions), rng.pick(Self.positions))
        }
        let to = rng.chance(0.7) ? "\(rng.int(in: -3...10))" : rng.pick(Self.positions)
        var args = [rng.chance(0.05) ? rng.pick(Self.nonTables) : "t", first, last, to]
        switch rng.int(in: 0...9) {
        case 0...3: break
        case 4...6: args.append("u")
        case 7: args.append("t")
        case 8: args.append("nil")
        default: args.append(rng.pick(Self.nonTables))
        }
        if rng.chance(0.04) { args = Array(args.prefix(rng.int(in: 1...3))) }
        return DifferentialCase(setup: setup, Self.call(&rng, "table.move", args, state: "s, t, s2, log"))
    }

    static func concat(_ rng: inout SplitMix64) -> DifferentialCase {
        var setup = Self.logging + [Self.list(&rng)] + Self.target(&rng)
        if rng.chance(0.5) {
            // Strings and numbers only, so that more calls get to the end.
            let n = rng.int(in: 0...8)
            let items = (0..<n).map { _ in rng.pick(["'a'", "'bc'", "''", "'x\\0y'", "1", "2.5", "-0.0", "1e300", "math.mininteger", "'\\255'"]) }
            setup[Self.logging.count] = "local s = {\(items.joined(separator: ", "))}"
        }
        var args = [rng.chance(0.05) ? rng.pick(Self.nonTables) : "t"]
        let shape = rng.int(in: 0...9)
        if shape >= 2 { args.append(rng.pick(["nil", "','", "''", "', '", "'\\0'", "1", "2.5", "{}"])) }
        if shape >= 5 { args.append(rng.chance(0.6) ? "\(rng.int(in: -2...5))" : rng.pick(Self.positions)) }
        if shape >= 7 { args.append(rng.chance(0.6) ? "rawlen(s) + \(rng.int(in: -2...2))" : rng.pick(Self.positions)) }
        return DifferentialCase(setup: setup, Self.call(&rng, "table.concat", args))
    }

    static func pack(_ rng: inout SplitMix64) -> DifferentialCase {
        let n = rng.int(in: 0...6)
        let args = (0..<n).map { _ in rng.chance(0.25) ? "nil" : rng.pick(Self.elements) }
        return DifferentialCase("table.pack(\(args.joined(separator: ", ")))")
    }

    static func unpack(_ rng: inout SplitMix64) -> DifferentialCase {
        var setup = Self.logging + [Self.list(&rng)] + Self.target(&rng)
        if rng.chance(0.1) { setup.append("local t = \(rng.pick(["'abc'", "5", "nil"]))") }
        var args = ["t"]
        switch rng.int(in: 0...9) {
        case 0...2: break
        case 3...5: args.append(Self.position(&rng))
        case 6...8:
            let i = rng.int(in: -3...5)
            args += rng.chance(0.7) ? ["\(i)", "\(i + rng.int(in: -2...8))"] : [rng.pick(Self.positions), rng.pick(Self.positions)]
        default:
            // Ranges too long for any stack (LUAI_MAXSTACK is 1,000,000 slots), or shorter ones
            // that fit both VMs' stacks whatever their depth.
            args += [rng.pick(["1", "-5", "math.mininteger"]), rng.pick(["1e7", "2^31", "math.maxinteger", "300", "1000"])]
        }
        return DifferentialCase(setup: setup, Self.call(&rng, "table.unpack", args))
    }

    // MARK: - sort

    /// Lua lines that reduce a sort's outcome to what both libraries must agree on (see the
    /// type's documentation): `sorted` for orders, `permuted` for non-orders, `types` (the
    /// value types in the list, set per case) for the comparison errors.
    static let sortHelpers = [
        "local function key(v) if type(v) == 'table' then return rawget(v, 'k') end return v end",
        "local function compareError(err) local a, b = err:match('attempt to compare (%a+) with (%a+)$') if not a then a = err:match('attempt to compare two (%a+) values$') b = a end if a and types[a] and types[b] and not (a == b and (a == 'number' or a == 'string')) then return 'attempt to compare two types in the list that cannot be compared' end return err end",
        "local function sorted(ok, err) if not ok then return false, type(err) == 'string' and compareError(err) or err end local out = {} for i = 1, n do out[i] = key(rawget(s, i)) end return true, out end",
        "local function permuted(ok, err) if not ok and err ~= 'invalid order function for sorting' then return false, err end local c = {} for i = 1, n do local v = rawget(s, i) if v == nil then return false, 'lost ' .. i end c[v] = (c[v] or 0) + 1 end for i = 1, n do c[orig[i]] = (c[orig[i]] or 0) - 1 end for _, d in pairs(c) do if d ~= 0 then return false, 'not a permutation' end end return true, 'a permutation' end",
    ]

    /// Numbers no two of which are equal unless they are the same literal (1 and 1.0, 0 and
    /// -0.0 are equal under < but tell apart in the outcome), and strings.
    static let orderedNumbers = ["-5", "-1", "0", "1", "2", "3", "7", "42", "0.5", "2.5", "-1.5", "1e300", "-1e300", "math.huge",
                                 "-math.huge", "math.maxinteger", "math.mininteger"]
    static let orderedStrings = ["'a'", "'b'", "'ab'", "''", "'B'", "'a\\0'", "'a\\0b'", "'\\200'", "'10'", "'9'"]

    static func sort(_ rng: inout SplitMix64) -> DifferentialCase {
        weighted(&rng, [(30, sortOrdered), (15, sortRecords), (15, sortWithoutOrder), (12, sortRaising),
                        (12, sortUncomparable), (8, sortShapes), (8, sortLong)])
    }

    /// `local types = {...}`: the types of `values` (Lua expressions) for `compareError`.
    static func types(of values: [String], holes: Bool) -> String {
        var names: Set<String> = holes ? ["nil"] : []
        for v in values {
            switch v {
            case "nil": names.insert("nil")
            case "true", "false": names.insert("boolean")
            case "{}": names.insert("table")
            case "print": names.insert("function")
            default: names.insert(v.hasPrefix("'") ? "string" : "number")
            }
        }
        return "local types = {" + names.sorted().map { "['\($0)'] = true" }.joined(separator: ", ") + "}"
    }

    /// Numbers or strings by <, >, math.ult or none, through the list or a proxy, whose __len
    /// may say more than the list holds (then nils are compared).
    static func sortOrdered(_ rng: inout SplitMix64) -> DifferentialCase {
        let strings = rng.chance(0.35)
        let integersOnly = !strings && rng.chance(0.2)
        let pool = strings ? Self.orderedStrings
            : integersOnly ? ["-5", "-1", "0", "1", "2", "3", "7", "42", "math.maxinteger", "math.mininteger"] : Self.orderedNumbers
        let count = rng.int(in: 0...14)
        let values = (0..<count).map { _ in rng.pick(pool) }
        var comparators = ["nil", "function(a, b) return a < b end", "function(a, b) return a > b end"]
        if integersOnly { comparators.append("math.ult") }
        let cmp = rng.pick(comparators)
        var setup = Self.logging + ["local s = {\(values.joined(separator: ", "))}"]
        setup += Self.target(&rng, forSort: true)
        setup += ["local n = rawlen(s)", Self.types(of: values, holes: true)] + Self.sortHelpers
        return DifferentialCase(setup: setup, "sorted(pcall(table.sort, t, \(cmp)))")
    }

    /// Records with repeated keys, by a key comparator or by __lt: only the keys' order counts.
    static func sortRecords(_ rng: inout SplitMix64) -> DifferentialCase {
        let count = rng.int(in: 0...16)
        let withLt = rng.chance(0.4)
        let make = withLt ? "setmetatable({k = %@}, R)" : "{k = %@}"
        let keys = (0..<count).map { _ in "\(rng.int(in: 0...4))" }
        let values = keys.map { make.replacingOccurrences(of: "%@", with: $0) }
        var setup = ["local R = {__lt = function(a, b) return a.k < b.k end}", "local s = {\(values.joined(separator: ", "))}"]
        setup += ["local t = s", "local n = rawlen(s)", "local types = {}"] + Self.sortHelpers
        let cmp = withLt ? "nil" : rng.pick(["function(a, b) return a.k < b.k end", "function(a, b) return a.k > b.k end"])
        return DifferentialCase(setup: setup, "sorted(pcall(table.sort, t, \(cmp)))")
    }

    /// Functions that are not strict orders: any permutation, or "invalid order function".
    static func sortWithoutOrder(_ rng: inout SplitMix64) -> DifferentialCase {
        let count = rng.int(in: 0...20)
        let values = (0..<count).map { _ in "{k = \(rng.int(in: 0...5))}" }
        let cmp = rng.pick([
            "function(a, b) return a.k <= b.k end",
            "function(a, b) return a.k >= b.k end",
            "function() return true end",
            "function() return false end",
            "function(a, b) return a.k ~= b.k end",
            "function(a, b) seed = (seed * 1103515245 + 12345) % 2147483648 return seed // 65536 % 2 == 0 end",
            "function(a, b) seed = seed + 1 return seed % 3 == 0 end",
        ])
        let setup = ["local seed = \(rng.int(in: 0...1000))", "local s = {\(values.joined(separator: ", "))}", "local t = s",
                     "local n = rawlen(s)", "local orig = {} for i = 1, n do orig[i] = s[i] end"] + Self.sortHelpers
        return DifferentialCase(setup: setup, "permuted(pcall(table.sort, t, \(cmp)))")
    }

    /// Comparators that raise, on a call both sorts make or on an element both meet.
    static func sortRaising(_ rng: inout SplitMix64) -> DifferentialCase {
        let count = rng.int(in: 2...14)
        let values = (0..<count).map { _ in "\(rng.int(in: -3...20))" }
        let raise = rng.pick(["error('comparator fails')", "error({code = 7})", "error('no position', 0)", "error()"])
        let cmp: String
        if rng.chance(0.5) {
            // The k-th call, k < n: a sort of n elements compares at least n - 1 times.
            cmp = "function(a, b) calls = calls + 1 if calls == \(rng.int(in: 1...(count - 1))) then \(raise) end return a < b end"
        } else {
            let element = rng.pick(values)
            cmp = "function(a, b) if a == \(element) or b == \(element) then \(raise) end return a < b end"
        }
        let setup = ["local calls = 0", "local s = {\(values.joined(separator: ", "))}", "local t = s"]
        return DifferentialCase(setup: setup, rng.chance(0.5) ? "table.sort(t, \(cmp))"
                                                             : "pcall(table.sort, t, \(cmp))")
    }

    /// Values `<` cannot order all of: numbers, strings, booleans, tables, functions, holes.
    static func sortUncomparable(_ rng: inout SplitMix64) -> DifferentialCase {
        let count = rng.int(in: 2...10)
        var values = (0..<count).map { _ in rng.pick(Self.orderedNumbers + Self.orderedStrings) }
        values[rng.int(in: 0...(count - 1))] = rng.pick(["true", "false", "{}", "print", "'s'", "1", "nil"])
        var setup = ["local s = {\(values.joined(separator: ", "))}"]
        setup += ["local t = s", "local n = rawlen(s)", Self.types(of: values, holes: false)] + Self.sortHelpers
        let cmp = rng.pick(["nil", "function(a, b) return a < b end"])
        return DifferentialCase(setup: setup, "sorted(pcall(table.sort, t, \(cmp)))")
    }

    /// Argument shapes: comparators of the wrong type, values that are not tables, lengths
    /// that are not integers, raise, or are too big.
    static func sortShapes(_ rng: inout SplitMix64) -> DifferentialCase {
        let setup = Self.logging + ["local s = {\(rng.pick(["", "3", "3, 1", "3, 1, 2"]))}"]
            + Self.target(&rng, forSort: true)
            + [rng.pick(["", "local t = \(rng.pick(Self.nonTables))",
                         "local t = setmetatable({}, {__len = function() return \(rng.pick(["2^31 - 1", "2^31", "math.maxinteger", "-1", "2.5", "'2'"])) end, __index = function() return 0 end, __newindex = rawset})"])]
        let cmp = rng.pick(["", ", nil", ", 5", ", {}", ", 'x'", ", true", ", function(a, b) return a < b end"])
        let expression = "table.sort(t\(cmp))"
        return DifferentialCase(setup: setup, rng.chance(0.5) ? expression : "pcall(table.sort, t\(cmp)), s")
    }

    /// Long lists: records by a comparator up to 1,600 (on the Lua stack), numbers or strings
    /// by < past 16,384 elements, where the sandbox's sort works in a scratch table (by a
    /// comparator, at 64 a comparison, such a sort would not fit the differential budget).
    static func sortLong(_ rng: inout SplitMix64) -> DifferentialCase {
        let records = rng.chance(0.5)
        let n = records ? rng.int(in: 1000...1600) : rng.int(in: 16_385...20_000)
        let modulus = rng.pick([7, 100, 100_003])
        let fill = records ? "s[i] = {k = (i * 7919) % \(modulus)}"
            : rng.chance(0.5) ? "s[i] = (i * 7919) % \(modulus)" : "s[i] = tostring((i * 7919) % \(modulus))"
        let cmp = records ? rng.pick(["function(a, b) return a.k < b.k end", "function(a, b) return a.k > b.k end"]) : "nil"
        let setup = ["local s = {} for i = 1, \(n) do \(fill) end", "local t = s", "local n = rawlen(s)", "local types = {}"]
            + Self.sortHelpers
        return DifferentialCase(setup: setup, "sorted(pcall(table.sort, t, \(cmp)))")
    }
}
