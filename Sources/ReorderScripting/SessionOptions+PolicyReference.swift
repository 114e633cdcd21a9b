import ReorderLua

// The bridge from a PolicyReference (ReorderLua) to the session options' policy.

extension SessionOptions.PolicySource {
    /// The source a reference names.
    ///
    /// ```swift
    /// SessionOptions.PolicySource(PolicyReference("mine.lua"))   // .file("mine.lua")
    /// ```
    public init(_ reference: PolicyReference) {
        switch reference {
        case .builtin(let name): self = .builtin(name)
        case .file(let path): self = .file(path)
        }
    }
}
