/// The per-frame and per-drag instruction accounts of one policy.
///
/// The per-call budget bounds one hook call; a hook that stays just under it on every call
/// could still make every frame of a drag slow. The meter adds up what the policy's hooks
/// were charged (``LuaVM/instructionsCharged``, deterministic: instructions, not wall time)
/// per frame and per drag. A frame is every hook call that sees the same `ctx.time` (the
/// session builds one context per frame); a drag runs from `on_begin` to `on_end` /
/// `on_cancel`. Hooks called outside a drag (a script's `s:zone()`, `reorder check`) are
/// bounded by the per-call budget only.
///
/// ```swift
/// var m = FrameMeter(options: .policy)
/// m.begin()
/// m.record(time: 1.0, used: 900_000)   // .withinBudget (1 frame over 500,000 of the last 10)
/// ```
struct FrameMeter {
    /// What a record found.
    enum Verdict: Equatable {
        case withinBudget
        /// The frame budget was exceeded in `frames` of the last `window` frames.
        case frames(frames: Int, window: Int, used: Int64)
        /// The drag's total went past the drag budget.
        case drag(used: Int64)
    }

    /// Instructions per frame (`Int64.max`: unlimited).
    let frameBudget: Int64
    let framesOverBudget: Int
    let frameWindow: Int
    /// Instructions per drag (`Int64.max`: unlimited).
    let dragBudget: Int64
    private let windowMask: UInt64

    /// A drag is under way: hook calls are metered.
    private(set) var active = false
    /// `ctx.time` of the current frame, as bits (NaN-safe equality).
    private var frameTime: UInt64 = Double.nan.bitPattern
    /// Instructions charged in the current frame.
    private(set) var frameUsed: Int64 = 0
    /// Bit `i`: the frame `i` frames ago went over budget (bit 0: the current frame).
    private var history: UInt64 = 0
    /// Instructions charged in the current drag.
    private(set) var dragUsed: Int64 = 0

    init(options: LuaVM.Options) {
        frameBudget = options.frameBudget > 0 ? Int64(options.frameBudget) : .max
        framesOverBudget = max(1, options.framesOverBudget)
        frameWindow = min(64, max(framesOverBudget, options.frameWindow))
        dragBudget = options.dragBudget > 0 ? Int64(options.dragBudget) : .max
        windowMask = frameWindow >= 64 ? .max : (UInt64(1) << UInt64(frameWindow)) - 1
    }

    /// A drag begins: fresh accounts.
    mutating func begin() {
        active = true
        frameTime = Double.nan.bitPattern
        frameUsed = 0
        history = 0
        dragUsed = 0
    }

    /// The drag is over: nothing is metered until the next one.
    mutating func end() { active = false }

    /// Adds a hook call's instructions to the frame at `time` (a new frame when the time
    /// changed) and to the drag. Reports a budget at the call that breaks it.
    @inline(__always)
    mutating func record(time: Double, used: Int64) -> Verdict {
        if time.bitPattern != frameTime {
            frameTime = time.bitPattern
            frameUsed = 0
            history <<= 1
        }
        frameUsed &+= used
        dragUsed &+= used
        if frameUsed > frameBudget && history & 1 == 0 {
            history |= 1
            let over = (history & windowMask).nonzeroBitCount
            if over >= framesOverBudget { return .frames(frames: over, window: frameWindow, used: frameUsed) }
        }
        if dragUsed > dragBudget { return .drag(used: dragUsed) }
        return .withinBudget
    }
}
