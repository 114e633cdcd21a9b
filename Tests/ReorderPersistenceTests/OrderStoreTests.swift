import Foundation
import Testing
import ReorderCore
@testable import ReorderPersistence

@Suite struct OrderStoreTests {
    // MARK: Round trip and format

    @Test func roundTripWritesTheDocumentedFormat() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(makeOrder([["mail", "phone"], ["x"]]), key: "admin")
        #expect(try store.load(key: "admin") == [["mail", "phone"], ["x"]])
        #expect(try dir.text("orders.json") == """
            {
              "version": 1,
              "orders": {
                "admin": [
                  ["mail", "phone"],
                  ["x"]
                ]
              }
            }

            """)
        // The lock file that serializes saves stays next to the order file.
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])
    }

    @Test func restoreAfterSaveGivesTheSavedOrder() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(url: URL(fileURLWithPath: dir.file("orders.json")))
        var order = makeOrder([["a", "b", "c", "d"]])
        order.move(from: ItemPosition(section: 0, item: 0), to: ItemPosition(section: 0, item: 3))
        try store.save(order, key: "default")
        let (restored, warnings) = store.restore(makeOrder([["a", "b", "c", "d"]]), key: "default")
        #expect(restored.ids == [["b", "c", "d", "a"]])
        #expect(warnings == [])
    }

    @Test func theDefaultKeyIsDefault() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(makeOrder([["b", "a"]]))
        #expect(try store.keys() == ["default"])
        #expect(try store.load() == [["b", "a"]])
        #expect(try store.load(key: "default") == [["b", "a"]])
        #expect(store.restore(makeOrder([["a", "b"]])).order.ids == [["b", "a"]])
    }

    @Test func restoreDocumentedExample() throws {
        let dir = try TemporaryDirectory()
        try dir.write("orders.json", #"{"version": 1, "orders": {"admin": [["phone", "gone", "mail"]]}}"#)
        let data = makeOrder([["mail", "phone", "maps"]])
        let (order, warnings) = OrderStore(path: dir.file("orders.json")).restore(data, key: "admin")
        #expect(order.ids == [["phone", "maps", "mail"]])
        #expect(warnings == [])
    }

    @Test func restoreReconcilesNewAndVanishedItems() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(ids: [["phone", "gone", "mail"], ["maps"]], key: "admin")
        // Since the save: "gone" was removed, "camera" (after mail) and "notes" (first) were added.
        let data = makeOrder([["notes", "mail", "camera", "phone"], ["maps"]])
        let (restored, warnings) = store.restore(data, key: "admin")
        #expect(restored.ids == [["notes", "phone", "mail", "camera"], ["maps"]])
        #expect(warnings == [])
    }

    @Test func restoreMovesItemsAcrossSections() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("board.json"))
        try store.save(ids: [["t1"], ["t3", "t2"], []], key: "board")
        let data = Order(sections: [[Item(id: "t1"), Item(id: "t2")], [Item(id: "t3")], [Item(id: "t4")]],
                         titles: ["today", "next", "later"])
        let (restored, warnings) = store.restore(data, key: "board")
        #expect(restored.ids == [["t1"], ["t3", "t2"], ["t4"]])
        #expect(restored.sectionTitles == ["today", "next", "later"])
        #expect(warnings == [])
    }

    @Test func restoreWarnsAboutRepeatedIdsAndExtraSections() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try dir.write("orders.json", #"{"version": 1, "orders": {"k": [["b", "a", "b"], ["a"], ["c"]]}}"#)
        let (restored, warnings) = OrderStore(path: path).restore(makeOrder([["a", "b"], ["c"]]), key: "k")
        #expect(restored.ids == [["b", "a"], ["c"]])
        #expect(warnings == [
            "\(path): orders.k: ignored repeated ids: b, a",
            "\(path): orders.k: ignored 1 saved section beyond the data's 2",
        ])
    }

    @Test func idsWithQuotesEscapesAndUnicodeRoundTrip() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        let ids = [["say \"hi\"", "back\\slash", "line\nbreak", "tab\t", "café ☕️", "\u{1}", "emoji 🧪"]]
        try store.save(ids: ids, key: "ключ \"q\"")
        #expect(try store.load(key: "ключ \"q\"") == ids)
        #expect(try dir.text("orders.json").contains(#""say \"hi\"", "back\\slash", "line\nbreak", "tab\t", "café ☕️", "\u0001", "emoji 🧪""#))
    }

    @Test func replacingKeepsTheFilePermissions() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let store = OrderStore(path: path)
        try store.save(ids: [["a"]], key: "k")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try store.save(ids: [["b"]], key: "k")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try store.load(key: "k") == [["b"]])
    }

    // MARK: Missing file and keys

    @Test func missingFileIsNotAnError() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("none.json"))
        #expect(try store.load(key: "admin") == nil)
        #expect(try store.keys() == [])
        let data = makeOrder([["a", "b"]])
        let (restored, warnings) = store.restore(data, key: "admin")
        #expect(restored == data)
        #expect(warnings == [])
        #expect(try dir.entries() == [])
    }

    @Test func missingKeyIsNotAnError() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(ids: [["a"]], key: "admin")
        #expect(try store.load(key: "guest") == nil)
        #expect(store.restore(makeOrder([["b", "a"]]), key: "guest") == (makeOrder([["b", "a"]]), []))
    }

    // MARK: Several keys

    @Test func severalKeysLiveSideBySide() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(ids: [["mail", "phone"]], key: "admin")
        try store.save(ids: [["phone", "mail"], []], key: "guest")
        try store.save(ids: [["phone"], ["mail"]], key: "admin")  // replaced in place
        #expect(try store.keys() == ["admin", "guest"])
        #expect(try store.load(key: "admin") == [["phone"], ["mail"]])
        #expect(try store.load(key: "guest") == [["phone", "mail"], []])
        #expect(try dir.text("orders.json") == """
            {
              "version": 1,
              "orders": {
                "admin": [
                  ["phone"],
                  ["mail"]
                ],
                "guest": [
                  ["phone", "mail"],
                  []
                ]
              }
            }

            """)
    }

    @Test func savingKeepsOtherKeysAndFieldsAsWritten() throws {
        let dir = try TemporaryDirectory()
        try dir.write("orders.json", """
            {"comment": "edited by hand", "version": 1.0, "orders": {"z": [["q"]], "admin": [["a"]]},
             "extra": {"n": 1.50e2, "flags": [true, false, null]}}
            """)
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(ids: [["b", "a"]], key: "admin")
        try store.save(ids: [["c"]], key: "new")
        #expect(try dir.text("orders.json") == """
            {
              "comment": "edited by hand",
              "version": 1.0,
              "orders": {
                "z": [
                  ["q"]
                ],
                "admin": [
                  ["b", "a"]
                ],
                "new": [
                  ["c"]
                ]
              },
              "extra": {
                "n": 1.50e2,
                "flags": [true, false, null]
              }
            }

            """)
    }

    @Test func aBadKeyDoesNotBlockTheOthers() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try dir.write("orders.json", #"{"version": 1, "orders": {"admin": [["a", 2]], "guest": [["b"]]}}"#)
        let store = OrderStore(path: path)
        #expect(throws: OrderFileError(path: path, kind: .invalidContent,
                                       reason: "\"orders.admin\" is not a list of lists of strings: section 1, item 2 is a number")) {
            try store.load(key: "admin")
        }
        #expect(try store.load(key: "guest") == [["b"]])
        try store.save(ids: [["c", "b"]], key: "guest")
        #expect(try dir.text("orders.json").contains("\"admin\": [\n      [\"a\", 2]\n    ]"))
        try store.save(ids: [["a"]], key: "admin")  // repairs the bad key
        #expect(try store.load(key: "admin") == [["a"]])
        #expect(try store.load(key: "guest") == [["c", "b"]])
    }

    // MARK: Unreadable and corrupt files

    @Test func corruptFileIsReportedWithPathAndLineAndLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        let corrupt = """
            {
              "version": 1,
              "orders": {"admin": [["a"]]
              "guest": []
            }
            """
        try dir.write("orders.json", corrupt)
        let before = try dir.bytes("orders.json")
        let store = OrderStore(path: path)
        let expected = OrderFileError(path: path, kind: .syntax, line: 4, column: 3,
                                      reason: "expected ',' or '}' after an object member, found '\"'")
        #expect(expected.description == "\(path): line 4, column 3: expected ',' or '}' after an object member, found '\"'")
        #expect(throws: expected) { try store.load(key: "admin") }
        #expect(throws: expected) { try store.keys() }

        let data = makeOrder([["a", "b"]])
        let (restored, warnings) = store.restore(data, key: "admin")
        #expect(restored == data)
        #expect(warnings == ["\(expected.description) (using the data's own order)"])

        // Saving over it refuses, and the file stays byte for byte as it was.
        #expect(throws: expected) { try store.save(data, key: "admin") }
        #expect(try dir.bytes("orders.json") == before)
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])

        // Unless the caller asks to replace it.
        try store.save(ids: [["b", "a"]], key: "admin", replacingUnreadableFile: true)
        #expect(try store.keys() == ["admin"])
        #expect(try store.load(key: "admin") == [["b", "a"]])
    }

    @Test func emptyFileIsCorrupt() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try dir.write("orders.json", [])
        #expect(throws: OrderFileError(path: path, kind: .syntax, line: 1, column: 1,
                                       reason: "expected a JSON value, found the end of the file")) {
            try OrderStore(path: path).load(key: "admin")
        }
        #expect(throws: OrderFileError.self) { try OrderStore(path: path).save(ids: [["a"]], key: "admin") }
        #expect(try dir.bytes("orders.json") == [])
    }

    @Test func nonUTF8FileIsReportedAndLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        // "café" in Latin-1: 0xE9 is not UTF-8 here.
        let bytes: [UInt8] = Array("{\"version\": 1,\n\"orders\": {\"admin\": [[\"caf".utf8) + [0xE9] + Array("\"]]}}".utf8)
        try dir.write("orders.json", bytes)
        let store = OrderStore(path: path)
        let expected = OrderFileError(path: path, kind: .notUTF8, line: 2,
                                      reason: "not UTF-8 text (invalid byte 0xE9 at byte offset 41)")
        #expect(expected.description == "\(path): line 2: not UTF-8 text (invalid byte 0xE9 at byte offset 41)")
        #expect(throws: expected) { try store.load(key: "admin") }
        #expect(throws: expected) { try store.save(ids: [["x"]], key: "admin") }
        #expect(try dir.bytes("orders.json") == bytes)
        #expect(store.restore(makeOrder([["café"]]), key: "admin").warnings ==
                ["\(expected.description) (using the data's own order)"])
    }

    @Test func directoryAtThePathIsUnreadable() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try dir.write("orders.json/keep", "inside")
        let store = OrderStore(path: path)
        let expected = OrderFileError(path: path, kind: .unreadable, reason: "cannot read: is a directory, not a file")
        #expect(throws: expected) { try store.load(key: "admin") }
        #expect(throws: expected) { try store.save(ids: [["a"]], key: "admin") }
        let data = makeOrder([["a", "b"]])
        #expect(store.restore(data, key: "admin") == (data, ["\(path): cannot read: is a directory, not a file (using the data's own order)"]))
        // Even when asked to replace, a directory is not clobbered; no temporary file is left.
        do {
            try store.save(ids: [["a"]], key: "admin", replacingUnreadableFile: true)
            Issue.record("expected the rename over a directory to fail")
        } catch {
            #expect(error.kind == .writeFailed)
            #expect(error.reason.hasPrefix("could not replace the order file (it is unchanged): rename "))
            #expect(error.reason.hasSuffix(": is a directory, not a file"))
        }
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])
        #expect(try dir.text("orders.json/keep") == "inside")
    }

    @Test func fifoAtThePathIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        #expect(mkfifo(path, 0o644) == 0)
        let store = OrderStore(path: path)
        let expected = OrderFileError(path: path, kind: .unreadable, reason: "cannot read: is a FIFO (named pipe), not a regular file")
        #expect(throws: expected) { try store.load(key: "admin") }
        #expect(throws: expected) { try store.save(ids: [["a"]], key: "admin") }
        #expect(try dir.entries() == ["orders.json", "orders.json.lock"])
    }

    @Test func pathThroughAFileIsUnreadable() throws {
        let dir = try TemporaryDirectory()
        try dir.write("plain", "x")
        let path = dir.file("plain/orders.json")
        #expect(throws: OrderFileError(path: path, kind: .unreadable, reason: "cannot read: \(dir.path)/plain is a file, not a folder")) {
            try OrderStore(path: path).load(key: "admin")
        }
    }

    @Test func missingDirectoryMakesSaveFailClearly() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("nowhere/orders.json")
        do {
            try OrderStore(path: path).save(ids: [["a"]], key: "k")
            Issue.record("expected a write failure")
        } catch {
            // The lock file is the first thing a save creates.
            #expect(error.kind == .writeFailed)
            #expect(error.reason ==
                    "could not lock the order file (it is unchanged): open \(dir.path)/nowhere/orders.json.lock: the folder \(dir.path)/nowhere does not exist")
        }
    }

    @Test(arguments: [
        (#"[["a"]]"#, #"the file holds a list, expected an object with "version" and "orders""#),
        (#"{"orders": {}}"#, #"missing "version" (expected 1)"#),
        (#"{"version": 2, "orders": {}}"#, #"unsupported "version" 2 (this build reads version 1)"#),
        (#"{"version": "1", "orders": {}}"#, #""version" is a string, expected the number 1"#),
        (#"{"version": 1}"#, #"missing "orders""#),
        (#"{"version": 1, "orders": [["a"]]}"#, #""orders" is a list, expected an object of orders by key"#),
        (#"{"version": 1, "orders": {"admin": "a"}}"#, #""orders.admin" is not a list of lists of strings: it is a string"#),
        (#"{"version": 1, "orders": {"admin": [["a"], {}]}}"#, #""orders.admin" is not a list of lists of strings: section 2 is an object"#),
    ])
    func wrongShapesAreReported(text: String, reason: String) throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("orders.json")
        try dir.write("orders.json", text)
        #expect(throws: OrderFileError(path: path, kind: .invalidContent, reason: reason)) {
            try OrderStore(path: path).load(key: "admin")
        }
        #expect(try dir.text("orders.json") == text)
    }

    @Test func wrongVersionIsNotOverwritten() throws {
        let dir = try TemporaryDirectory()
        let text = #"{"version": 2, "orders": {"admin": {"layout": "new"}}}"#
        try dir.write("orders.json", text)
        let store = OrderStore(path: dir.file("orders.json"))
        #expect(throws: OrderFileError.self) { try store.save(ids: [["a"]], key: "admin") }
        #expect(try dir.text("orders.json") == text)
    }

    // MARK: Paths

    @Test func temporaryFilesLiveNextToTheOrderFile() {
        #expect(OrderStore(path: "orders.json").location == (".", "orders.json"))
        #expect(OrderStore(path: "/orders.json").location == ("/", "orders.json"))
        #expect(OrderStore(path: "a/b/orders.json").location == ("a/b", "orders.json"))
        let store = OrderStore(path: "a/orders.json")
        #expect(store.isTemporaryName(".orders.json.123-abc.tmp"))
        #expect(!store.isTemporaryName("orders.json"))
        #expect(!store.isTemporaryName(".other.json.123-abc.tmp"))
    }
}
