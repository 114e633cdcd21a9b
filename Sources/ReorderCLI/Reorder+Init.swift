import ArgumentParser
import Foundation
import ReorderPersistence
import ReorderScripting

extension Reorder {
    /// `reorder init NAME`: a folder NAME with a commented policy, its specs, and the editor and
    /// linter configuration.
    ///
    /// ```sh
    /// reorder init mine
    /// # mine/mine.lua  mine/mine_spec.lua  mine/.luarc.json  mine/.luacheckrc  mine/types/reorder.d.lua
    /// ```
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a policy: NAME/NAME.lua (extends default), NAME/NAME_spec.lua, .luarc.json, .luacheckrc and the definitions.",
            discussion: "Refuses to overwrite any file that exists.")

        @Argument(help: "The policy's name: letters, digits and underscores, not starting with a digit.")
        var name: String

        func validate() throws {
            if let problem = EditorKit.nameProblem(name) { throw ValidationError(problem) }
        }

        func run() throws {
            let console = Console.standard()
            let status = Self.create(name, console: console)
            if status != 0 { throw ExitCode(status) }
        }

        /// The files `reorder init NAME` writes, relative to the folder NAME.
        static func files(_ name: String) throws -> [(path: String, text: String)] {
            [
                ("\(name).lua", EditorKit.policyTemplate(name: name)),
                ("\(name)_spec.lua", EditorKit.specTemplate(name: name)),
                (".luarc.json", EditorKit.luarc),
                (".luacheckrc", try EditorKit.luacheckrc()),
                ("\(EditorKit.typesFolder)/\(EditorKit.definitionsFile)", EditorKit.definitions),
            ]
        }

        /// Creates the folder and its files, or writes nothing when any of them exists.
        static func create(_ name: String, console: Console) -> Int32 {
            let fm = FileManager.default
            let dir = console.resolve(name)
            let files: [(path: String, text: String)]
            do { files = try Self.files(name) } catch {
                console.writeError("reorder init: \(error)\n")
                return 1
            }
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: dir, isDirectory: &isDirectory), !isDirectory.boolValue {
                console.writeError("reorder init: '\(name)' exists and is not a folder; nothing written\n")
                return 1
            }
            let existing = files.map(\.path).filter { fm.fileExists(atPath: dir + "/" + $0) }
            if !existing.isEmpty {
                console.writeError("reorder init: will not overwrite \(existing.map { "\(name)/\($0)" }.joined(separator: ", ")); nothing written\n")
                return 1
            }
            do throws(OutputFileError) {
                for f in files {
                    let path = dir + "/" + f.path, shown = name + "/" + f.path
                    try OutputFile.makeFolder(FileProblem.parentFolder(of: path), displayPath: FileProblem.parentFolder(of: shown))
                    try OutputFile.write(f.text, to: path, displayPath: shown)
                    console.write("created \(shown)\n")
                }
            } catch {
                console.writeError("reorder init: \(error)\n")
                return 1
            }
            console.write("""

                next:
                  cd \(name)
                  reorder test .
                  reorder check --lint \(name).lua

                """)
            return 0
        }
    }
}
