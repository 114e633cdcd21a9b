import Foundation
import Testing
@testable import ReorderPersistence

/// The one writer of output files (OutputFile.swift) and the one wording of file problems
/// (FileProblem.swift): every failure names the path and says what is wrong.
@Suite struct OutputFileTests {
    func writeError(_ text: String = "x", to path: String, shown: String) -> String? {
        do {
            try OutputFile.write(text, to: path, displayPath: shown)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func writesAndReplacesARegularFileAtomically() throws {
        let dir = try TemporaryDirectory()
        try OutputFile.write("one\n", to: dir.file("a.svg"))
        #expect(try dir.text("a.svg") == "one\n")
        try dir.write("b.svg", "old")
        #expect(chmod(dir.file("b.svg"), 0o600) == 0)
        try OutputFile.write("new", to: dir.file("b.svg"))
        #expect(try dir.text("b.svg") == "new")
        // The replaced file keeps its permission bits; no temporary file is left.
        let mode = try FileManager.default.attributesOfItem(atPath: dir.file("b.svg"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try dir.entries() == ["a.svg", "b.svg"])
        // A link to a regular file writes the file it points to.
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.svg"), withDestinationPath: dir.file("a.svg"))
        try OutputFile.write("through", to: dir.file("link.svg"))
        #expect(try dir.text("a.svg") == "through")
    }

    @Test func namesTheFolderThatIsMissingOrIsAFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("notes.txt", "mine")
        #expect(writeError(to: dir.file("notes.txt/x.svg"), shown: "notes.txt/x.svg")
                == "cannot write notes.txt/x.svg: notes.txt is a file, not a folder")
        #expect(writeError(to: dir.file("no/such/x.svg"), shown: "no/such/x.svg")
                == "cannot write no/such/x.svg: the folder no does not exist")
        #expect(writeError(to: dir.path, shown: "out") == "cannot write out: is a directory, not a file")
        #expect(writeError(to: "/dev/full/x.svg", shown: "/dev/full/x.svg")
                == "cannot write /dev/full/x.svg: /dev/full is a character device, not a folder")
        // Nothing was written over the file in the way.
        #expect(try dir.text("notes.txt") == "mine")
    }

    @Test func writesDevicesInPlaceAndSaysWhenTheyFail() throws {
        // /dev/full takes no byte: ENOSPC, in words.
        #expect(writeError(to: "/dev/full", shown: "/dev/full") == "cannot write /dev/full: no space left on device")
        #expect(writeError(to: "/dev/null", shown: "/dev/null") == nil)
        let dir = try TemporaryDirectory()
        #expect(mkfifo(dir.file("pipe"), 0o644) == 0)
        // A FIFO with no reader would block the writer: refused at once.
        #expect(writeError(to: dir.file("pipe"), shown: "pipe") == "cannot write pipe: is a FIFO (named pipe) with no reader")
    }

    @Test func aNameOverTheFileSystemsLimitIsNamedByItsLength() throws {
        let dir = try TemporaryDirectory()
        let name = String(repeating: "n", count: 300) + ".svg"
        // FileProblem.maximumNameLength = 255 bytes.
        #expect(writeError(to: dir.file(name), shown: "long.svg")
                == "cannot write long.svg: the name is 304 bytes long, over the file system's limit of 255 bytes")
    }

    @Test func aWriterThatFailsLeavesTheOldFile() throws {
        let dir = try TemporaryDirectory()
        try dir.write("t.jsonl", "old\n")
        let w = try OutputFile.Writer(path: dir.file("t.jsonl"))
        try w.append(String(repeating: "x", count: 100_000))
        w.discard()
        #expect(try dir.text("t.jsonl") == "old\n")
        #expect(try dir.entries() == ["t.jsonl"])
    }

    @Test func checkSaysWhatWriteWouldWithoutWriting() throws {
        let dir = try TemporaryDirectory()
        try dir.write("notes.txt", "mine")
        #expect(throws: OutputFileError(path: "notes.txt/x.svg", reason: "notes.txt is a file, not a folder")) {
            try OutputFile.check(dir.file("notes.txt/x.svg"), displayPath: "notes.txt/x.svg")
        }
        #expect(throws: Never.self) { try OutputFile.check(dir.file("new.svg")) }
        #expect(try dir.entries() == ["notes.txt"])
    }

    @Test func makeFolderRefusesAFileInTheWay() throws {
        let dir = try TemporaryDirectory()
        try OutputFile.makeFolder(dir.file("a/b/c"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.file("a/b/c"), isDirectory: &isDirectory) && isDirectory.boolValue)
        try dir.write("f", "x")
        #expect(throws: OutputFileError(path: "f/types", reason: "f is a file, not a folder")) {
            try OutputFile.makeFolder(dir.file("f/types"), displayPath: "f/types")
        }
        #expect(throws: OutputFileError(path: "/dev/full", reason: "/dev/full is a character device, not a folder")) {
            try OutputFile.makeFolder("/dev/full")
        }
    }

    @Test func systemErrorsInWords() {
        #expect(FileProblem.words(ENOSPC) == "no space left on device")
        #expect(FileProblem.words(EACCES) == "permission denied")
        #expect(FileProblem.words(EROFS) == "the file system is read-only")
        #expect(FileProblem.parentFolder(of: "out/x.svg") == "out")
        #expect(FileProblem.parentFolder(of: "x.svg") == ".")
        #expect(FileProblem.parentFolder(of: "/x.svg") == "/")
    }

    /// A file another program reads (luacheck) is checked as InputFile.read checks it.
    @Test func inputCheckRefusesWhatReadRefuses() throws {
        let dir = try TemporaryDirectory()
        #expect(mkfifo(dir.file("pipe.lua"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.file("zero.lua"), withDestinationPath: "/dev/zero")
        try makeSparseFile(dir.file("big.lua"), size: 5_000_000)
        func checkError(_ name: String) -> String? {
            do {
                try InputFile.check(dir.file(name), displayPath: name, kind: "policy", limit: 4 << 20)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(checkError("pipe.lua") == "pipe.lua: is a FIFO (named pipe), not a regular file")
        #expect(checkError("zero.lua") == "zero.lua: is a character device (a symbolic link to /dev/zero), not a regular file")
        #expect(checkError("big.lua") == "big.lua: is 5000000 bytes, over the limit of 4194304 bytes (4 MiB) for a policy")
    }

    /// An order file's name must leave room for its lock and temporary files' names.
    @Test func anOrderFileNameTooLongToSaveIsRefusedByItsLength() throws {
        let dir = try TemporaryDirectory()
        let name = String(repeating: "o", count: 230) + ".json"
        // OrderStore.maximumNameLength = 255 − 27 = 228 bytes.
        #expect(throws: OrderFileError(path: dir.file(name), kind: .writeFailed, reason:
            "the file name is 235 bytes long; an order file's name has at most 228 bytes (its lock file NAME.lock and "
            + "its temporary files .NAME.*.tmp must fit the file system's limit of 255 bytes)")) {
            try OrderStore(path: dir.file(name)).save(ids: [["a"]], key: "k")
        }
        #expect(try dir.entries() == [])
    }
}
