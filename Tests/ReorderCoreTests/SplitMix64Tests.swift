import Testing
import ReorderCore

/// ReorderCore's seeded generator gives the reference SplitMix64 stream.
@Suite struct SplitMix64Tests {
    @Test func splitMixMatchesTheReferenceStream() {
        var rng = SplitMix64(seed: 0)
        // The first outputs of Vigna's reference splitmix64.c from state 0.
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
    }
}
