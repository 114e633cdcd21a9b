/// The policies implemented in Swift, by their Lua built-in names.
///
/// ```swift
/// let policy = NativePolicies.named("jx_movable")   // a JXMovablePolicy
/// NativePolicies.names                              // ["default", "jx_movable", "uikit"]
/// ```
public enum NativePolicies {
    /// Names with a native implementation.
    public static let names = ["default", "jx_movable", "uikit"]

    /// A fresh instance of the native policy called `name`, or nil.
    public static func named(_ name: String) -> (any DragPolicy)? {
        switch name {
        case "default": return DefaultPolicy()
        case "jx_movable": return JXMovablePolicy()
        case "uikit": return UIKitPolicy()
        default: return nil
        }
    }
}
