extension LuaPolicy {
    /// The names of the built-in policies (`Policies/*.lua`, embedded at build time), sorted.
    ///
    /// ```swift
    /// LuaPolicy.builtinNames.contains("default")   // true
    /// ```
    public static var builtinNames: [String] { PolicyProgram.builtinNames }
}
