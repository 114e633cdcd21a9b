// The bridge from a PolicyReference to the session options' policy. It belongs with
// SessionOptions: when the scripting API becomes a module of its own, this file moves with it.

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
