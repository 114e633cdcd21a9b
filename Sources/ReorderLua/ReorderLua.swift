/// The Lua host. (work in progress)
public enum ReorderLuaVersion { public static let api = 1 }
