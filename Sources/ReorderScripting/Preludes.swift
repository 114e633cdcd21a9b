/// The Lua half of the session API, in `Preludes/*.lua` and embedded at build time by the
/// EmbedPreludes plugin. Each runs in a ``ScriptingHost``'s VM after the host functions are
/// registered, under the chunk name its error messages show.
///
/// ```swift
/// Prelude.core.chunkName   // "=reorder.prelude": errors read "reorder.prelude:126: ..."
/// ```
struct Prelude {
    /// The embedded file's name without `.lua`.
    let file: String
    /// The chunk name Lua gives the code (`=` + the name messages show).
    let chunkName: String

    /// `core.lua`, loaded into every scripting VM (REPL, specs, `reorder run`): `print` and
    /// `io.write` routed to the host's output, `reorder.inspect` (readable values with sorted
    /// keys) and the REPL's evaluator.
    static let core = Prelude(file: "core", chunkName: "=reorder.prelude")
    /// `busted.lua`, the spec vocabulary (busted's `describe`/`it`/`pending`/`before_each`/
    /// `after_each` and luassert's `assert.*` with modifier words), loaded into a fresh trusted
    /// VM per spec file. `reorder._run_spec(path, filter)` collects, runs and returns the results.
    static let busted = Prelude(file: "busted", chunkName: "=reorder.busted")

    /// The Lua source (nil only when the build embedded no such file).
    var source: String? { EmbeddedPreludes.sources.first { $0.name == file }?.source }
}
