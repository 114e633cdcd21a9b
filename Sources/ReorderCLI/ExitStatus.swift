/// Exit statuses shared by every subcommand.
///
/// A bad option or argument exits with 64 (`EX_USAGE` of sysexits.h), the status
/// swift-argument-parser uses for the errors it detects itself, so a script sees one status for
/// every usage error whichever layer found it. Failures of the work itself exit with 1.
///
/// ```swift
/// return ExitStatus.usage   // e.g. `reorder plot --viewport 375by667 jx_movable`
/// ```
public enum ExitStatus {
    /// A bad option value or argument (64, as argument-parser's own validation errors).
    public static let usage: Int32 = 64
}
