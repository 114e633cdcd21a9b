import Foundation

/// The messages a page has not been sent yet. The hub puts its replies in without waiting, and
/// one writer task per page takes them out in order and sends them: a page that stops reading
/// (a frozen tab) fills its own outbox and nothing else. Were the hub to send to each page in
/// turn and wait for each write, one page whose socket is full would hold every other page's
/// answers, and the session, until it read again.
///
/// The outbox is bounded (``PlaygroundHub/maximumUnsentMessages``,
/// ``PlaygroundHub/maximumUnsentBytes``): ``push(_:)`` says when a page is over the bound, and
/// the hub closes it. A scene for every page is one `String` shared by every outbox, so the
/// pages' outboxes together hold one copy of it.
///
/// ```swift
/// let outbox = ClientOutbox()
/// _ = outbox.push(#"{"v":3,"type":"scene",...}"#)   // .queued
/// let next = await outbox.next()                     // the scene; nil once closed
/// ```
final class ClientOutbox: @unchecked Sendable {   // every field is guarded by `lock`
    /// What became of a message put in.
    enum Push: Equatable {
        case queued
        /// The outbox is over its bound with this message: what it holds, unsent.
        case overflow(messages: Int, bytes: Int)
        /// The outbox was closed (the page is gone); the message is dropped.
        case closed
    }

    private let lock = NSLock()
    private var queue: [String] = []
    private var head = 0
    private var bytes = 0
    private var waiting: CheckedContinuation<String?, Never>?
    private var closed = false

    /// Queues `text` for the writer (or hands it to the writer waiting for it).
    func push(_ text: String) -> Push {
        lock.lock()
        if closed {
            lock.unlock()
            return .closed
        }
        if let writer = waiting {
            waiting = nil
            lock.unlock()
            writer.resume(returning: text)
            return .queued
        }
        queue.append(text)
        bytes += text.utf8.count
        let count = queue.count - head
        // One message waits whatever its size (a long recording's trace); behind others, the
        // bytes count too.
        let over = count > PlaygroundHub.maximumUnsentMessages || (count > 1 && bytes > PlaygroundHub.maximumUnsentBytes)
        let held = (count, bytes)
        lock.unlock()
        return over ? .overflow(messages: held.0, bytes: held.1) : .queued
    }

    /// The next message to send, waiting for one; nil once the outbox is closed.
    func next() async -> String? {
        await withCheckedContinuation { (writer: CheckedContinuation<String?, Never>) in
            lock.lock()
            if head < queue.count {
                let text = queue[head]
                head += 1
                bytes -= text.utf8.count
                if head == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    head = 0
                } else if head >= 64, head * 2 >= queue.count {
                    queue.removeFirst(head)
                    head = 0
                }
                lock.unlock()
                writer.resume(returning: text)
            } else if closed {
                lock.unlock()
                writer.resume(returning: nil)
            } else {
                waiting = writer
                lock.unlock()
            }
        }
    }

    /// Drops what is queued and ends the writer (its ``next()`` returns nil).
    func close() {
        lock.lock()
        closed = true
        queue = []
        head = 0
        bytes = 0
        let writer = waiting
        waiting = nil
        lock.unlock()
        writer?.resume(returning: nil)
    }
}
