/// Versions of the Lua host.
public enum ReorderLuaVersion {
    /// The policy API version a policy declares with `api = 1`.
    public static let api = 1
}
