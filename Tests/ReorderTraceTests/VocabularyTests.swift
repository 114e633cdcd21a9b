import ReorderCore
import ReorderPersistence
import Testing
@testable import ReorderTrace

/// The declared vocabulary: every input and event kind round-trips through its record, its
/// JSON reads back, and the text forms and bounds are the declared ones.
struct VocabularyTests {
    /// A value of `field`'s type for a test: the second name of a list, row 3, 12.5 pt, ...
    static func sample(_ field: Vocabulary.Field, _ i: Int) -> Vocabulary.Value {
        switch field.type {
        case .seconds, .points: return .number(12.5 + Double(i))
        case .index: return .whole(2 + i)
        case .count: return .whole(3)
        case .name(let names): return .name(names[names.count > 1 ? 1 : 0])
        case .action: return .name("move_to_section 2")
        case .position: return .position(ItemPosition(section: i, item: 4 + i))
        case .positions: return .positions([ItemPosition(section: 0, item: 1), ItemPosition(section: 1, item: 0)])
        case .ids: return .ids(["a", "b"])
        }
    }

    static func sampleRecord(_ kind: Vocabulary.Kind) -> Vocabulary.Record {
        Vocabulary.Record(kind: kind, values: kind.fields.enumerated().map { sample($1, $0) }, time: 1.25)
    }

    /// Every input kind makes an input whose record is the same again, and its JSON (a trace
    /// line) reads back to the input.
    @Test(arguments: Vocabulary.inputs.map(\.name))
    func everyInputRoundTrips(_ name: String) throws {
        let kind = try #require(Vocabulary.input(name))
        let record = Self.sampleRecord(kind)
        let input = try #require(record.input, "no input for \(name)")
        #expect(input.typeName == name)
        #expect(Vocabulary.Record(input) == record)
        let json = Vocabulary.json(record)
        #expect(json.hasPrefix("{\"type\":\"\(name)\""))
        #expect(json.hasSuffix(",\"time\":1.25}"))
        #expect(try Vocabulary.input(from: JSONParser.parse(Array(json.utf8)), strict: true) == input)
    }

    /// Every event kind makes an event whose record is the same again.
    @Test(arguments: Vocabulary.events.map(\.name))
    func everyEventRoundTrips(_ name: String) throws {
        let kind = try #require(Vocabulary.event(name))
        let record = Self.sampleRecord(kind)
        let event = try #require(record.event, "no event for \(name)")
        #expect(Vocabulary.Record(event) == record)
        #expect(Vocabulary.json(record).hasPrefix("{\"type\":\"\(name)\""))
    }
}
