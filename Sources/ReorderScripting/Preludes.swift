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
    /// `spec.lua`, the spec runner's Lua half: `reorder._run_specs(args, options)` runs Debian's
    /// busted (`require 'busted.runner'`) in this VM with busted's own command line, its
    /// `os.exit` caught, and the test file loader `reorder` (files read with the host's checks).
    static let spec = Prelude(file: "spec", chunkName: "=reorder.spec")
    /// `spec_output.lua`, busted's output handler `reorder` (the default of `reorder test`):
    /// marks per file, failures at the spec's FILE:LINE with a table diff, TAP, the closing line.
    static let specOutput = Prelude(file: "spec_output", chunkName: "=reorder.spec_output")

    /// The Lua source (nil only when the build embedded no such file).
    var source: String? { EmbeddedPreludes.sources.first { $0.name == file }?.source }
}
