import ReorderCLI

// The whole command line lives in ReorderCLI (so tests run it in-process); this is the entry point.
@main
extension Reorder {}
