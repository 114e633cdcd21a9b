import Testing
import ReorderCore
@testable import ReorderPersistence

/// A tree in an order file: `{"tree": [...]}` under its key, the nested shape by id.
@Suite struct OrderStoreTreeTests {
    static func shape(_ roots: [TreeNodeDescription]?) -> [String]? { roots?.map(\.description) }

    @Test func aTreeIsSavedInTheDocumentedShapeAndLoadsBack() throws {
        let dir = try TemporaryDirectory()
        let store = OrderStore(path: dir.file("orders.json"))
        try store.save(makeOrder([["x", "y"]]), key: "flat")
        let tree = try Tree(["a", TreeNodeDescription(id: "b", title: "Bee", children: ["b1", "b2"], collapsed: true)])
        try store.save(tree: tree, key: "outline")
        // Ids only (the items are the data's), a leaf as its id, `collapsed` only when set; the
        // other key kept as it was.
        #expect(try dir.text("orders.json") == """
            {
              "version": 1,
              "orders": {
                "flat": [
                  ["x", "y"]
                ],
                "outline": {
                  "tree": [
                    "a",
                    {
                      "id": "b",
                      "children": ["b1", "b2"],
                      "collapsed": true
                    }
                  ]
                }
              }
            }

            """)
        #expect(Self.shape(try store.loadTree(key: "outline")) == ["a", "+b(b1, b2)"])
        #expect(try store.loadTree(key: "nobody") == nil)
        #expect(try store.load(key: "flat") == [["x", "y"]])
    }

    @Test func restoreReconcilesTheDatasTree() throws {
        let dir = try TemporaryDirectory()
        try dir.write("orders.json", #"{"version": 1, "orders": {"default": {"tree": [{"id": "b", "children": ["a", "gone"]}]}}}"#)
        let data = try Tree(["a", TreeNodeDescription(id: "b", children: ["b1"])])
        let (tree, warnings) = OrderStore(path: dir.file("orders.json")).restore(data)
        #expect(tree.nested().map(\.description) == ["b(a, b1)"])
        #expect(warnings == [])
        // A missing key: the data's tree, no warning.
        let (same, none) = OrderStore(path: dir.file("orders.json")).restore(data, key: "other")
        #expect(same == data && none == [])
    }

    /// A key of the other kind, or a node of the wrong shape, is named; restore keeps the data's
    /// own arrangement and says why.
    @Test func aKeyOfTheWrongShapeIsNamed() throws {
        let dir = try TemporaryDirectory()
        try dir.write("orders.json", """
            {"version": 1, "orders": {"flat": [["a"]], "outline": {"tree": ["a"]},
             "bad": {"tree": ["a", {"id": "b", "children": [7]}]}, "odd": {"tree": [], "extra": 1},
             "flag": {"tree": [{"id": "a", "collapsed": "yes"}]}}}
            """)
        let store = OrderStore(path: dir.file("orders.json"))
        let path = dir.file("orders.json")
        #expect(throws: OrderFileError(path: path, kind: .invalidContent,
                                       reason: #""orders.flat" holds sections of items, not a tree (it was saved from a session of sections)"#)) {
            try store.loadTree(key: "flat")
        }
        #expect(throws: OrderFileError(path: path, kind: .invalidContent,
                                       reason: #""orders.outline" holds a tree, not sections of items (it was saved from a tree session)"#)) {
            try store.load(key: "outline")
        }
        #expect(throws: OrderFileError(path: path, kind: .invalidContent,
                                       reason: #""orders.bad".tree[2].children[1] must be a string or an object with an "id""#)) {
            try store.loadTree(key: "bad")
        }
        #expect(throws: OrderFileError(path: path, kind: .invalidContent,
                                       reason: #""orders.odd" has an unknown member "extra" (a saved tree holds only "tree")"#)) {
            try store.loadTree(key: "odd")
        }
        #expect(throws: OrderFileError(path: path, kind: .invalidContent,
                                       reason: #""orders.flag".tree[1].collapsed must be a boolean, got a string"#)) {
            try store.loadTree(key: "flag")
        }
        let data = try Tree(["a"])
        let (tree, warnings) = store.restore(data, key: "flat")
        #expect(tree == data)
        #expect(warnings == [path + #": "orders.flat" holds sections of items, not a tree (it was saved from a session of sections) (using the data's own tree)"#])
    }
}
