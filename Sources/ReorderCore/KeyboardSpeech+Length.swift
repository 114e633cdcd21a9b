/// The bound on a policy's announcement text: a screen reader says a sentence, and a session
/// keeps what was said until the host takes it (up to 2 × ``DragSession/announcementLimit``
/// announcements), so a text is kept to ``maximumTextLength`` bytes, its end cut with the
/// count of what was cut shown. A policy that returns 3 MiB on every key costs the host at most
/// 1,000 bytes an announcement, 2 MB for all those it keeps.
///
/// ```swift
/// KeyboardSpeech.clipped(String(repeating: "a", count: 5000))
/// // .text(980 "a" and "… (4020 bytes cut)"): 1000 bytes in all
/// ```
extension KeyboardSpeech {
    /// The longest announcement text kept, in bytes of UTF-8, the note of the cut included.
    public static let maximumTextLength = 1000

    /// `text` as said: unchanged when it fits ``maximumTextLength`` bytes, else cut at a
    /// character boundary with `… (N bytes cut)` added, the whole within the limit.
    public static func clipped(_ text: String) -> KeyboardSpeech {
        if text.utf8.count <= maximumTextLength { return .text(text) }
        var text = text
        return text.withUTF8 { clipped(utf8: $0) }
    }

    /// A text given as UTF-8 bytes (a Lua string, read in place): only the bytes kept are
    /// copied, however long the text.
    public static func clipped(utf8 bytes: UnsafeBufferPointer<UInt8>) -> KeyboardSpeech {
        if bytes.count <= maximumTextLength { return .text(String(decoding: bytes, as: UTF8.self)) }
        // The note's length depends on the count it shows; the count only shrinks as the note
        // grows, so sizing the note for the whole length is enough.
        let noteLength = note(bytes.count).utf8.count
        var keep = max(0, maximumTextLength - noteLength)
        // Back to the first byte of a character (continuation bytes are 10xxxxxx).
        while keep > 0 && bytes[keep] & 0xC0 == 0x80 { keep -= 1 }
        let kept = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<keep]), as: UTF8.self)
        return .text(kept + note(bytes.count - keep))
    }

    /// `… (N bytes cut)`.
    static func note(_ cut: Int) -> String { "… (\(cut) bytes cut)" }
}
