import Foundation

/// One bad policy of the corpus, with the expectations written in its header.
///
/// Every corpus file starts with comment lines saying what the fault is and what the host must
/// do, and one machine-readable line:
///
/// ```lua
/// -- expect: hook=can_move kind=error
/// ```
///
/// Keys: `load` (`ok`, the default; `error`: the file must be refused at load; `either`: refusing
/// it at load, with a clear message, is as good as containing it at run time), `hook` (the
/// hook that misbehaves), `kind` (`error`, `runaway`, `memory`, `type`, `value`, `escape`,
/// `ignored`, `isolation`, `gc`, `none`), `diag` (`required`, the default, or `optional` when
/// the contract allows silent clamping, e.g. a speed), `absent` (a path the policy tries to create; it must
/// not exist afterwards). The faulty line ends with `-- FAULT`.
struct CorpusEntry: Sendable, CustomStringConvertible {
    let url: URL
    let source: String
    let expect: [String: String]
    /// 1-based line of the `-- FAULT` marker.
    let faultLine: Int?

    var fileName: String { url.lastPathComponent }
    var name: String { url.deletingPathExtension().lastPathComponent }
    var loadFails: Bool { expect["load"] == "error" }
    var loadMayFail: Bool { expect["load"] == "either" }
    var hook: String? { expect["hook"] }
    var kind: String { expect["kind"] ?? "error" }
    var diagnosticRequired: Bool {
        expect["diag"] != "optional" && !["ignored", "none", "isolation", "gc"].contains(kind)
    }
    var absentPath: String? { expect["absent"] }
    var description: String { fileName }

    init(url: URL) throws {
        self.url = url
        source = try String(contentsOf: url, encoding: .utf8)
        var expect: [String: String] = [:]
        var faultLine: Int?
        for (i, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("-- expect:") {
                for pair in line.dropFirst("-- expect:".count).split(separator: " ") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    if kv.count == 2 { expect[String(kv[0])] = String(kv[1]) }
                }
            }
            if faultLine == nil, line.hasSuffix("-- FAULT") { faultLine = i + 1 }
        }
        self.expect = expect
        self.faultLine = faultLine
    }

    /// The corpus directory (copied into the test bundle as a resource).
    static var directory: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "Corpus", withExtension: nil) else {
                throw CocoaError(.fileNoSuchFile)
            }
            return url
        }
    }

    /// Every corpus file, sorted by name.
    static func all() throws -> [CorpusEntry] {
        let dir = try directory
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".lua") }.sorted()
        return try names.map { try CorpusEntry(url: dir.appendingPathComponent($0)) }
    }
}
