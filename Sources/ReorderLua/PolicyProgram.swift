import CLua
import CLuaShim
import Foundation
import ReorderCore
import ReorderPersistence

/// One loaded policy: its VM, hook references, static configuration and reused `ctx`.
/// A `LuaPolicy` swaps programs on reload.
final class PolicyProgram {
    let vm: LuaVM
    /// The VM belongs to this program (a sandbox); otherwise it is a caller's trusted VM.
    let ownsVM: Bool
    let fields: PolicyFields
    /// The registry references of the hooks, as plain integers for the hot path.
    let hooks: HookRefs
    /// The fields that may be a hook, when given as a fixed value instead (read on the hot path).
    let fixed: FixedValues
    let configuration: PolicyConfiguration
    /// Chunk name of the policy itself (`kanban.lua`).
    let file: String
    /// Per-call budget for hooks in a trusted VM (nil: the VM's own default).
    let budget: Int64
    /// Unknown-field warnings found while loading.
    var warnings: [PolicyDiagnostic] = []
    /// Where the VM's output goes (set by the owning LuaPolicy, which clears it when it goes).
    var outputBox: OutputBox?

    // The reused ctx: a read-only proxy of a hidden table with sub-tables.
    private(set) var ctxRef: Int32 = LUA_NOREF
    private var hiddenRef: Int32 = LUA_NOREF
    private var cacheRef: Int32 = LUA_NOREF
    /// The rs_ctx userdata (kept alive by this ref and by the proxies' refreshers).
    private let numbersRef: Int32
    private(set) var horizontalRef: Int32 = LUA_NOREF
    private(set) var verticalRef: Int32 = LUA_NOREF
    /// The numbers of ctx, refreshed lazily in Lua (see `rs_ctx_prepare`); points into the VM.
    private let ctxNumbers: UnsafeMutablePointer<rs_ctx>
    /// How many hook calls read `ctx.time`, `ctx.drag_time` or `ctx.frame_rate` (see
    /// ``DragPolicy/clockReads``).
    var clockReads: Int { Int(truncatingIfNeeded: ctxNumbers.pointee.time_reads) }
    /// The context of the hook call in progress (read by `ctx.item` & co); valid only during
    /// the call, so the order is neither copied nor retained per call. Heap storage shared
    /// with the `ctx` closures: no runtime exclusivity checks per call.
    private let current: UnsafeMutablePointer<UnsafePointer<PolicyContext>?>
    /// The `ctx` closures reach the program through this box, which the program clears when
    /// it goes (a shared VM can outlive it). Not `weak`: a weak reference would give the
    /// program a side table and slow every retain and release of it.
    private let contextBox = ContextBox()
    /// The item storage the cache was built for (kept alive so its address stays unique).
    private var cachedStorage: [Item] = []
    let registry = rs_registryindex()
    /// The VM's state (read on every hook call: one load instead of two).
    let L: OpaquePointer

    /// The largest policy file read (4 MiB): a larger one is refused from its size, unread.
    static var maximumFileSize: Int { LuaPolicy.maximumFileSize }

    /// The source of a policy file: a regular file of at most ``maximumFileSize`` bytes of
    /// UTF-8 Lua text (not a precompiled chunk). Messages name the file and what is wrong.
    static func readPolicyFile(_ path: String, reference: String, chunk: String,
                               referrer: String?) throws(LuaError) -> String {
        var bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, displayPath: chunk, kind: "policy", limit: maximumFileSize, utf8: false)
        } catch {
            let what = referrer == nil ? "cannot read policy file '\(reference)'" : "extends: cannot read policy file '\(reference)'"
            // A missing file keeps the short message; anything else says what is wrong.
            if error.problem == .missing { throw LuaError(kind: .file, file: referrer, message: "\(what): no such file") }
            if error.problem == .tooLarge { throw LuaError(kind: .file, file: chunk, message: "file \(error.reason)") }
            throw LuaError(kind: .file, file: referrer, message: "\(what): \(error.reason)")
        }
        // A UTF-8 byte-order mark is skipped, as `lua` skips it (lauxlib.c, skipBOM).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // "\27Lua": the signature of a precompiled chunk (LUA_SIGNATURE).
        if bytes.starts(with: [0x1B, 0x4C, 0x75, 0x61]) {
            throw LuaError(kind: .file, file: chunk,
                           message: "a precompiled (binary) Lua chunk; binary chunks are not accepted, give the Lua source")
        }
        do {
            try InputFile.checkUTF8(bytes, path: chunk)
        } catch {
            throw LuaError(kind: .file, file: chunk, line: error.line, message: "column \(error.column ?? 1): \(error.reason)")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    init(vm: LuaVM, ownsVM: Bool, fields: PolicyFields, file: String, name: String, budget: Int64) {
        self.vm = vm; self.ownsVM = ownsVM; self.fields = fields; self.file = file; self.budget = budget
        self.configuration = fields.configuration(name: name)
        self.hooks = HookRefs(fields)
        self.fixed = FixedValues(fields)
        self.L = vm.L
        current = UnsafeMutablePointer<UnsafePointer<PolicyContext>?>.allocate(capacity: 1)
        current.initialize(to: nil)
        ctxNumbers = rs_ctx_new(vm.L)
        numbersRef = vm.ref()
    }

    deinit {
        contextBox.program = nil
        current.deallocate()
        hooks.deallocate()
        // In a shared VM, release what this program referenced; an owned VM is closed whole.
        if !ownsVM {
            rs_ctx_unbind(vm.L, ctxNumbers)
            for r in fields.refs + [ctxRef, hiddenRef, cacheRef, numbersRef, horizontalRef, verticalRef] where r != LUA_NOREF {
                vm.unref(r)
            }
        }
    }

    // MARK: - Loading

    /// The names of the built-in policies.
    static var builtinNames: [String] { EmbeddedPolicies.sources.map(\.name) }

    static func builtinSource(_ name: String) -> String? {
        EmbeddedPolicies.sources.first { $0.name == name }?.source
    }

    /// Loads a built-in policy or a file into a fresh sandbox.
    static func load(source: PolicySource, options: LuaVM.Options, output: @escaping (LuaVM.Output) -> Void) throws(LuaError) -> PolicyProgram {
        let vm = try LuaVM(options: options)
        vm.output = output
        var warnings: [PolicyDiagnostic] = []
        let reference: String
        switch source {
        case .builtin(let n): reference = n
        case .file(let p): reference = p
        case .table: throw LuaError(kind: .file, message: "a table policy is loaded with LuaPolicy(tableAt:in:)")
        }
        let top = vm.top
        let fields = try loadChain(vm: vm, reference: reference, forceFile: { if case .file = source { return true }; return false }(),
                                            baseDirectory: nil, referrer: nil, visited: [], warnings: &warnings)
        vm.setTop(top)
        let name = fields.top.name ?? baseName(fields.file)
        let program = PolicyProgram(vm: vm, ownsVM: true, fields: fields.merged, file: fields.file, name: name, budget: 0)
        program.warnings = warnings
        try program.makeContext()
        vm.collectGarbage()
        return program
    }

    /// Builds a program from the table at `index` of a trusted VM (functions run there).
    static func load(tableAt index: Int32, in vm: LuaVM, chunkName: String, baseDirectory: String?) throws(LuaError) -> PolicyProgram {
        guard vm.type(at: index) == LUA_TTABLE else {
            throw LuaError(kind: .type, file: chunkName, message: "a policy must be a table, got \(vm.typeName(at: index))")
        }
        var reader = PolicyReader(vm: vm, file: chunkName)
        let own = try reader.read(at: index)
        var warnings = reader.warnings
        let parent = try loadChain(vm: vm, reference: own.extends ?? "default", forceFile: false,
                                   baseDirectory: baseDirectory, referrer: chunkName, visited: [], warnings: &warnings)
        let merged = parent.merged.overlaid(by: own)
        let program = PolicyProgram(vm: vm, ownsVM: false, fields: merged, file: chunkName, name: own.name ?? "inline",
                                    budget: Int64(LuaVM.Options.policy.instructionBudget))
        program.warnings = warnings
        try program.makeContext()
        return program
    }

    /// What to say after "no built-in policy named 'NAME'": the file `NAME.lua` when it exists in
    /// `directory` (the working directory when nil), else the nearest built-in name by edit
    /// distance when it is close (`jx_moveable`: `jx_movable`), else the list of built-ins.
    static func unknownNameHint(_ name: String, directory: String?) -> String {
        let folder = directory ?? FileManager.default.currentDirectoryPath
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + name + ".lua", isDirectory: &isDirectory), !isDirectory.boolValue {
            return "(did you mean the file '\(name).lua'?)"
        }
        if let near = PolicyReader.suggestion(for: name, among: builtinNames) { return "(did you mean '\(near)'?)" }
        return "(built-ins: \(builtinNames.joined(separator: ", ")))"
    }

    static func baseName(_ file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        return last.hasSuffix(".lua") ? String(last.dropLast(4)) : last
    }

    /// Loads `reference` and its `extends` chain into `vm`; returns the merged fields, the
    /// reference's own fields and its chunk name.
    static func loadChain(vm: LuaVM, reference: String, forceFile: Bool, baseDirectory: String?, referrer: String?,
                          visited: [(id: String, file: String)], warnings: inout [PolicyDiagnostic])
        throws(LuaError) -> (merged: PolicyFields, top: PolicyFields, file: String) {
        // Resolve: a built-in name, or a path relative to the referring file.
        let isPath = forceFile || PolicyReference.isPath(reference)
        let id: String, chunk: String, text: String, directory: String?, coveragePath: String
        if !isPath, let src = builtinSource(reference) {
            // The repository path: messages and coverage name the file a reader can open.
            id = "builtin:" + reference; chunk = "Policies/" + reference + ".lua"; text = src; directory = baseDirectory
            coveragePath = chunk
        } else if !isPath {
            throw LuaError(kind: .file, file: referrer, message: (referrer == nil ? "" : "extends: ")
                           + "no built-in policy named '\(EchoText.clip(reference))' " + unknownNameHint(reference, directory: baseDirectory))
        } else {
            let path = PolicyReference.resolve(reference, against: baseDirectory)
            let url = URL(fileURLWithPath: path).standardizedFileURL
            id = "file:" + url.path
            chunk = url.lastPathComponent
            directory = url.deletingLastPathComponent().path
            text = try readPolicyFile(url.path, reference: reference, chunk: chunk, referrer: referrer)
            coveragePath = PolicyCoverage.displayPath(url.path)
        }
        if let i = visited.firstIndex(where: { $0.id == id }) {
            let cycle = (visited[i...].map(\.file) + [chunk]).joined(separator: " -> ")
            throw LuaError(kind: .validation, file: referrer, message: "extends: cycle \(cycle)")
        }
        // Run the chunk (budgeted, capped): it must return a table.
        let top = vm.top
        do {
            try vm.load(text, chunkName: chunk)
        } catch {
            // Out of memory while parsing carries no position: still name the file.
            var e = error
            if e.file == nil { e.file = chunk }
            if e.kind == .memory, vm.options.memoryLimit > 0 { e.message = "not enough memory to load the policy (the limit is \(InputFile.mebibytes(vm.options.memoryLimit)) per policy VM)" }
            throw extended(e, reference: reference, referrer: referrer)
        }
        if PolicyCoverage.isEnabled { PolicyCoverage.register(vm: vm, chunk: chunk, path: coveragePath, source: text) }
        do {
            try vm.pcall(nargs: 0, nresults: 1, budget: vm.options.instructionBudget > 0 ? nil : LuaVM.Options.policy.instructionBudget)
        } catch {
            // Memory errors carry no position: still name the file.
            var e = error
            if e.file == nil { e.file = chunk }
            throw extended(e, reference: reference, referrer: referrer)
        }
        guard vm.type(at: -1) == LUA_TTABLE else {
            let got = vm.typeName(at: -1)
            vm.setTop(top)
            throw extended(LuaError(kind: .validation, file: chunk, message: "a policy must return a table, got \(got)"),
                           reference: reference, referrer: referrer)
        }
        var reader = PolicyReader(vm: vm, file: chunk, source: text)
        let own: PolicyFields
        do { own = try reader.read(at: -1) } catch { vm.setTop(top); throw error }
        warnings += reader.warnings
        vm.setTop(top)
        let chain = visited + [(id, chunk)]
        let parentRef: String? = own.extends ?? (id == "builtin:default" ? nil : "default")
        guard let parentRef else { return (own, own, chunk) }
        let parent = try loadChain(vm: vm, reference: parentRef, forceFile: false, baseDirectory: directory,
                                   referrer: chunk, visited: chain, warnings: &warnings)
        return (parent.merged.overlaid(by: own), own, chunk)
    }

    /// An error in a policy that `referrer` extends names the referrer first
    /// (`extends = "/etc/passwd"` in a.lua reads `a.lua: extends '/etc/passwd': passwd:1: ...`),
    /// so the message says which policy pulled the file in.
    static func extended(_ e: LuaError, reference: String, referrer: String?) -> LuaError {
        guard let referrer else { return e }
        return LuaError(kind: e.kind, file: referrer, message: "extends '\(reference)': \(e.description)", traceback: e.traceback)
    }

    // MARK: - ctx

    private func makeContext() throws(LuaError) {
        let top = vm.top
        defer { vm.setTop(top) }
        contextBox.program = self
        let box = contextBox
        vm.pushRef(numbersRef)
        let ud = vm.top
        // hidden table
        vm.newTable(fieldCount: 12)
        let hidden = vm.top
        for (group, key, make) in [(Int32(1), "viewport", "ctx.viewport"), (2, "content", "ctx.content"),
                                   (3, "offset", "ctx.offset"), (4, "item_size", "ctx.item_size")] {
            vm.newTable(fieldCount: 2)
            let k1 = key == "offset" ? "x" : "width", k2 = key == "offset" ? "y" : "height"
            vm.push(0.0); vm.rawSet(at: -2, field: k1)
            vm.push(0.0); vm.rawSet(at: -2, field: k2)
            guardFields(at: vm.top, name: make, nilable: nil)
            rs_push_readonly(L, -1, make)
            rs_ctx_bind(L, ud, group, -2, -1)
            vm.rawSet(at: hidden, field: key)
            vm.pop(1)
        }
        for key in ["frame_rate", "time", "drag_time", "dt"] { vm.push(0.0); vm.rawSet(at: hidden, field: key) }
        vm.push(false); vm.rawSet(at: hidden, field: "outside")   // over_since: nil until a drag's frame
        vm.newTable(); vm.rawSet(at: hidden, field: "state")
        vm.pushFunction { vm in try box.program?.luaItem(vm) ?? 0 }
        vm.rawSet(at: hidden, field: "item")
        vm.pushFunction { vm in try box.program?.luaCount(vm) ?? 0 }
        vm.rawSet(at: hidden, field: "count")
        vm.pushFunction { vm in
            vm.push(box.program?.current.pointee?.pointee.sections ?? 0)
            return 1
        }
        vm.rawSet(at: hidden, field: "sections")
        vm.pushFunction { vm in try box.program?.luaNode(vm) ?? 0 }
        vm.rawSet(at: hidden, field: "node")
        vm.pushFunction { vm in box.program?.luaProjection(vm) ?? 0 }
        vm.rawSet(at: hidden, field: "projection")
        vm.pushFunction { vm in try box.program?.luaSectionTitle(vm) ?? 0 }
        vm.rawSet(at: hidden, field: "section_title")
        // over_since is absent while it has no value: it reads nil, not as a misspelt field.
        guardFields(at: hidden, name: "ctx", nilable: "over_since")
        vm.pushValue(at: hidden)
        hiddenRef = vm.ref()
        rs_push_readonly(L, hidden, "ctx")
        rs_ctx_bind(L, ud, 0, hidden, -1)
        ctxRef = vm.ref()
        vm.newTable()
        cacheRef = vm.ref()
        vm.push("horizontal"); horizontalRef = vm.ref()
        vm.push("vertical"); verticalRef = vm.ref()
    }

    /// Makes a read of a field that the ctx table at `index` (shown to hooks as `name`) lacks an
    /// error naming the field, the nearest one and those there are (as an unknown policy field
    /// is named), instead of a silent nil. A read of a field it has pays nothing for this: the
    /// check is the table's `__index`, which Lua runs only on a miss.
    private func guardFields(at index: Int32, name: String, nilable: String?) {
        vm.pushFunction { vm in
            var known: [String] = []
            lua_pushnil(vm.L)
            while lua_next(vm.L, 1) != 0 {
                if vm.type(at: -2) == LUA_TSTRING, let k = vm.string(at: -2) { known.append(k) }
                vm.pop(1)
            }
            if let nilable, !known.contains(nilable) { known.append(nilable) }
            known.sort()
            let key = vm.string(at: 2) ?? ""
            vm.push(PolicyReader.unknownField(key, path: name, known: known)
                    + "; the fields of \(name): " + known.joined(separator: ", "))
            return 1
        }
        if let nilable { rs_ctx_guard(L, index, -1, nilable) } else { rs_ctx_guard(L, index, -1, nil) }
        vm.pop(1)
    }

    /// Makes `ctx` describe `c` for the next hook call: copies the numbers; Lua tables are
    /// refreshed only when a hook reads them.
    @inline(__always)
    private func prepare(_ c: borrowing PolicyContext) {
        var now = rs_ctx_values(time: c.time, drag_time: c.dragTime, frame_rate: c.frameRate, dt: c.dt,
                                engagement: c.engagement,
                                viewport_w: c.viewport.width, viewport_h: c.viewport.height,
                                content_w: c.content.width, content_h: c.content.height,
                                offset_x: c.offset.x, offset_y: c.offset.y,
                                item_w: c.itemSize.width, item_h: c.itemSize.height)
        rs_ctx_prepare(L, ctxNumbers, &now)
    }

    /// Replaces `ctx.state` with an empty table (a new drag).
    func resetState() {
        vm.pushRef(hiddenRef)
        vm.newTable()
        vm.rawSet(at: -2, field: "state")
        vm.pop(1)
    }

    private func position(_ vm: LuaVM, _ name: String) throws -> ItemPosition? {
        for i in Int32(1)...2 where vm.type(at: i) != LUA_TNUMBER {
            throw LuaError(kind: .type, message: "\(name): expected section and row numbers, got \(vm.typeName(at: i))")
        }
        guard let s = vm.integer(at: 1), let r = vm.integer(at: 2), s >= 1, r >= 1 else { return nil }
        return ItemPosition(section: s - 1, item: r - 1)
    }

    private func luaItem(_ vm: LuaVM) throws -> Int32 {
        guard let c = current.pointee?.pointee, let p = try position(vm, "ctx.item"), c.order.isValid(p) else {
            vm.pushNil(); return 1
        }
        let order = c.order
        let same = order.storage.withUnsafeBufferPointer { a in
            cachedStorage.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
        if !same {
            cachedStorage = order.storage
            vm.newTable()
            let r = vm.ref()
            vm.unref(cacheRef)
            cacheRef = r
        }
        let handle = Int(order.handle(at: p))
        vm.pushRef(cacheRef)
        if vm.rawGet(at: -1, index: handle + 1) != LUA_TNIL {
            lua_rotate(vm.L, -2, 1); vm.pop(1)
            return 1
        }
        vm.pop(1)
        let item = order.item(handle: Int32(handle))
        if item.isPlain {
            vm.push(item.title)
        } else {
            vm.newTable(fieldCount: Int32(2 + item.fields.count))
            vm.push(item.id); vm.rawSet(at: -2, field: "id")
            vm.push(item.title); vm.rawSet(at: -2, field: "title")
            for (k, v) in item.fields {
                switch v {
                case .string(let s): vm.push(s)
                case .number(let d): vm.push(d)
                case .bool(let b): vm.push(b)
                }
                vm.rawSet(at: -2, field: k)
            }
            rs_push_readonly(vm.L, -1, "item")
            lua_rotate(vm.L, -2, 1); vm.pop(1)
        }
        vm.pushValue(at: -1)
        vm.rawSet(at: -3, index: handle + 1)   // cache[handle + 1] = item
        lua_rotate(vm.L, -2, 1); vm.pop(1)     // drop the cache table
        return 1
    }

    /// `ctx.node(section, row)`: a tree session's node at a row, `{ id, depth, parent, children,
    /// collapsed }` (`parent` the parent's id, nil for a root; `children` how many), nil for no
    /// node (or outside a tree session).
    private func luaNode(_ vm: LuaVM) throws -> Int32 {
        guard let c = current.pointee?.pointee, let p = try position(vm, "ctx.node"), let h = c.node(at: p),
              let tree = c.tree?.tree else {
            vm.pushNil(); return 1
        }
        vm.newTable(fieldCount: 5)
        vm.push(tree.id(h)); vm.rawSet(at: -2, field: "id")
        vm.push(tree.depth(h)); vm.rawSet(at: -2, field: "depth")
        if let parent = tree.parent(h) { vm.push(tree.id(parent)); vm.rawSet(at: -2, field: "parent") }
        vm.push(tree.children(of: h).count); vm.rawSet(at: -2, field: "children")
        vm.push(tree.isCollapsed(h)); vm.rawSet(at: -2, field: "collapsed")
        return 1
    }

    /// `ctx.projection()`: where a dragged tree node would land, `{ depth, parent, min_depth,
    /// max_depth }` (`parent` an id, nil at depth 0; the bounds the rows above and below and
    /// `tree.max_depth` allow); in `target`, at the proposed row. Nil outside a tree drag, or
    /// when no depth is allowed there.
    private func luaProjection(_ vm: LuaVM) -> Int32 {
        guard let t = current.pointee?.pointee.tree, let p = t.projection else { vm.pushNil(); return 1 }
        vm.newTable(fieldCount: 4)
        vm.push(p.depth); vm.rawSet(at: -2, field: "depth")
        if let parent = p.parent { vm.push(t.tree.id(parent)); vm.rawSet(at: -2, field: "parent") }
        vm.push(p.minDepth); vm.rawSet(at: -2, field: "min_depth")
        vm.push(p.upperDepth); vm.rawSet(at: -2, field: "max_depth")
        return 1
    }

    /// `ctx.section_title(section)`: the section's title, nil for a section without one (or
    /// that does not exist).
    private func luaSectionTitle(_ vm: LuaVM) throws -> Int32 {
        guard vm.type(at: 1) == LUA_TNUMBER else {
            throw LuaError(kind: .type, message: "ctx.section_title: expected a section number, got \(vm.typeName(at: 1))")
        }
        guard let c = current.pointee, let s = vm.integer(at: 1), s >= 1, s <= c.pointee.order.sectionCount,
              s <= c.pointee.order.sectionTitles.count else {
            vm.pushNil(); return 1
        }
        vm.push(c.pointee.order.sectionTitles[s - 1])
        return 1
    }

    private func luaCount(_ vm: LuaVM) throws -> Int32 {
        guard vm.type(at: 1) == LUA_TNUMBER else {
            throw LuaError(kind: .type, message: "ctx.count: expected a section number, got \(vm.typeName(at: 1))")
        }
        if let c = current.pointee, let s = vm.integer(at: 1), s >= 1 { vm.push(c.pointee.count(s - 1)) } else { vm.push(0) }
        return 1
    }

    // MARK: - Calls

    /// Calls `hook(ctx, arguments...)` as `H` declares it (see ``HookCall``): pushes the message
    /// handler, the function, `ctx` and `H`'s arguments, and runs it under the budget. Leaves
    /// `H.results` results on the stack on success.
    @inline(__always)
    func call<H: HookCall>(_: H.Type, _ ref: Int32, _ c: borrowing PolicyContext, _ arguments: H.Arguments) -> LuaError? {
        prepare(c)
        rs_push_msgh(L)
        lua_rawgeti(L, registry, lua_Integer(ref))
        lua_rawgeti(L, registry, lua_Integer(ctxRef))
        let nargs = 1 + H.push(arguments, to: self)
        return pcall(c, nargs: nargs, nresults: H.results)
    }

    /// Pushes a position as Lua's 1-based `section, row` (two arguments).
    @inline(__always)
    func push(_ p: ItemPosition) {
        lua_pushinteger(L, lua_Integer(p.section + 1))
        lua_pushinteger(L, lua_Integer(p.item + 1))
    }

    @inline(__always)
    func push(_ d: Double) { lua_pushnumber(L, d) }

    /// Pushes `"horizontal"` or `"vertical"` (interned strings, no allocation).
    @inline(__always)
    func push(_ axis: Axis) {
        lua_rawgeti(L, registry, lua_Integer(axis == .horizontal ? horizontalRef : verticalRef))
    }

    /// The value at `index` as a message shows it (`string "yes"`, `number 1.5`, `nil`).
    func describe(at index: Int32) -> String {
        PolicyReader(vm: vm, file: file).describe(at: index)
    }

    /// Runs the hook call the caller pushed (message handler, function, `nargs` arguments)
    /// under the budget with `c` as the current context; leaves `nresults` results on success.
    @inline(__always)
    private func pcall(_ c: borrowing PolicyContext, nargs: Int32, nresults: Int32) -> LuaError? {
        let status = withUnsafePointer(to: c) { ptr in
            current.pointee = ptr
            defer { current.pointee = nil }
            return rs_pcall_h(L, nargs, nresults, budget)
        }
        if status != LUA_OK { return vm.popError(status: status) }
        return nil
    }
}

/// The registry references of a program's hooks by ``Hook`` (`LUA_NOREF` where the field is
/// absent or a fixed value), in heap storage: the hot path reads one as a plain integer.
struct HookRefs {
    private let refs: UnsafeMutablePointer<Int32>

    init(_ f: PolicyFields) {
        refs = .allocate(capacity: Hook.allCases.count)
        for h in Hook.allCases { (refs + h.rawValue).initialize(to: f.definition(of: h)?.ref ?? LUA_NOREF) }
    }

    @inline(__always)
    subscript(_ hook: Hook) -> Int32 { refs[hook.rawValue] }

    /// Frees the storage (the owning program's deinit).
    func deallocate() { refs.deallocate() }
}

/// The values of the fields that may also be hooks, when given as values (nil: a hook, or
/// absent).
struct FixedValues {
    var semantics: Semantics?
    var zone: Double?
    var speed: Double?
    var onCancel: CancelResolution?
    var instructions: String?

    init(_ f: PolicyFields) {
        func value<V>(_ h: Hook) -> V? { PolicyField.paths[h].flatMap { f.value($0) } }
        semantics = value(.semantics); zone = value(.zone); speed = value(.speed); onCancel = value(.onCancel)
        instructions = value(.instructions)
    }
}

/// The `ctx` closures' way back to their program (cleared by the program's deinit).
private final class ContextBox {
    unowned(unsafe) var program: PolicyProgram?
}
