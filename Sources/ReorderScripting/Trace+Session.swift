import ReorderCore
import ReorderTrace

extension Trace.Header {
    /// The `session` line of a trace recorded on `session` from now: the list as it is now
    /// (order and titles; a tree session's tree, collapsed nodes included), its geometry, the
    /// content offset and a board's list offsets, and `policy` (a built-in name or a file, as
    /// the trace names it).
    ///
    /// ```swift
    /// let header = Trace.Header(recording: s, policy: "default")
    /// ```
    public init(recording session: ScriptSession, policy: String?) {
        let sim = session.simulator
        self.init(policy: policy, sections: sim.tree == nil ? sim.order.items : [], geometry: session.options.geometry)
        tree = sim.tree?.nested()
        titles = sim.order.sectionTitles
        offset = sim.offset
        listOffsets = sim.layout.listOffsets
    }
}

extension SessionOptions {
    /// Options for a session on a trace's list: its items (or tree), section titles and geometry (the
    /// policy is the caller's to set; the offsets are set on the session once it is made).
    ///
    /// ```swift
    /// var options = SessionOptions(trace.header ?? header)
    /// options.policy = .builtin("default")
    /// ```
    public init(_ header: Trace.Header) {
        self.init()
        sections = header.sections
        tree = header.tree
        sectionTitles = header.titles
        geometry = header.geometry
    }
}
