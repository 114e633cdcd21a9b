/// The range a number must lie in: what the validator checks, and what errors and the
/// reference documentation say.
///
/// ```swift
/// let rowHeight = NumberRange(above: 0, upTo: 100_000)
/// rowHeight.contains(44)              // true
/// rowHeight.contains(0)               // false
/// rowHeight.describe("row_height")    // "0 < row_height <= 100000"
/// NumberRange(0, 1).description       // "in 0...1"
/// ```
public struct NumberRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest value, or the bound every value must exceed (see ``includesLower``).
    public var lower: Double
    /// Whether ``lower`` itself is allowed.
    public var includesLower: Bool
    /// The largest value allowed.
    public var upper: Double
    /// Whether only whole numbers are allowed.
    public var isWhole: Bool
    /// How the ends are written when not as plain numbers (`"-2π"`, `"2π"`).
    public var lowerText: String?
    public var upperText: String?

    /// `lower...upper`, both ends included.
    public init(_ lower: Double, _ upper: Double, whole: Bool = false, lowerText: String? = nil,
                upperText: String? = nil) {
        self.lower = lower; self.includesLower = true; self.upper = upper; self.isWhole = whole
        self.lowerText = lowerText; self.upperText = upperText
    }

    /// `lower < x <= upper`.
    public init(above lower: Double, upTo upper: Double) {
        self.lower = lower; self.includesLower = false; self.upper = upper; self.isWhole = false
    }

    /// Whether `value` is finite and in the range (and whole, when it must be).
    @inlinable public func contains(_ value: Double) -> Bool {
        value.isFinite && (includesLower ? value >= lower : value > lower) && value <= upper
            && (!isWhole || value == value.rounded())
    }

    var lowerString: String { lowerText ?? ValidationError.format(lower) }
    var upperString: String { upperText ?? ValidationError.format(upper) }

    /// The range as an inequality on `name`: `0 < row_height <= 100000`.
    public func describe(_ name: String) -> String {
        "\(lowerString) \(includesLower ? "<=" : "<") \(name) <= \(upperString)"
    }

    /// What a value must be, as a message says after "expected": `a whole number from 1 to
    /// 1000000`, `a number from 0 to 1000000000`, `a number > 0 and <= 10`.
    public var expectation: String {
        let what = isWhole ? "a whole number" : "a number"
        return includesLower ? "\(what) from \(lowerString) to \(upperString)" : "\(what) > \(lowerString) and <= \(upperString)"
    }

    /// As policy validation messages write it after "a number": `in 0...10`, `> 0 and <= 10`.
    public var description: String {
        includesLower ? "in \(lowerString)...\(upperString)" : "> \(lowerString) and <= \(upperString)"
    }
}

/// A value outside its documented range, or a list that cannot be a session's: the field, the
/// value and what is allowed.
///
/// ```swift
/// let e = ValidationError.outOfRange("row_height", 0, SessionGeometry.Limits.rowHeight)
/// e.message   // "row_height: 0 is out of range (0 < row_height <= 100000)"
/// ```
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field as a session or policy spells it (`row_height`, `grid.item_width`,
    /// `snapshot.drop.duration`).
    public var field: String
    /// The whole message, naming the field.
    public var message: String
    public var description: String { message }

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: value is out of range (lower <= field <= upper)`; for whole numbers
    /// `field must be a whole number from lower to upper, got value`.
    public static func outOfRange(_ field: String, _ value: Double, _ range: NumberRange) -> ValidationError {
        if range.isWhole {
            return ValidationError(field: field, message:
                "\(field) must be a whole number from \(range.lowerString) to \(range.upperString), got \(format(value))")
        }
        return ValidationError(field: field, message: "\(field): \(format(value)) is out of range (\(range.describe(field)))")
    }

    /// A number as messages write it: whole numbers without a fraction (`375`, `0`), others
    /// exactly (`2.5`, `1e+300`, `nan`, `inf`).
    /// ``NumberText/plain(_:)``, the package's one number formatter.
    public static func format(_ d: Double) -> String { NumberText.plain(d) }
}

/// The one validator of session geometry and item lists. The Lua session API
/// (`reorder.session{...}`), trace `session` lines, the fuzzer and the REPL all check through
/// it, so a list every one of them accepts is the same list, and none can build a session the
/// engine cannot run (a huge viewport, a tiny grid cell, a huge frame rate). A policy's static
/// fields are checked from the one table of policy fields (`PolicyConfiguration.validate()` in
/// ReorderLua), which also reads them from policy files.
///
/// ```swift
/// var geometry = SessionGeometry()
/// geometry.rowHeight = 0
/// try Validator.validate(geometry)
/// // throws "row_height: 0 is out of range (0 < row_height <= 100000)"
/// ```
public enum Validator {
    /// Throws ``ValidationError/outOfRange(_:_:_:)`` when `value` is not in `range`.
    @inlinable public static func check(_ value: Double, _ field: String, in range: NumberRange) throws(ValidationError) {
        if !range.contains(value) { throw ValidationError.outOfRange(field, value, range) }
    }

    /// Every number of `geometry` within ``SessionGeometry/Limits``, the grid and board keys
    /// known, and a board's inset narrower than the viewport.
    public static func validate(_ geometry: SessionGeometry) throws(ValidationError) {
        typealias L = SessionGeometry.Limits
        try check(geometry.rowHeight, "row_height", in: L.rowHeight)
        try check(geometry.headerHeight, "header_height", in: L.headerHeight)
        try check(geometry.viewport.width, "viewport.width", in: L.viewport)
        try check(geometry.viewport.height, "viewport.height", in: L.viewport)
        try check(geometry.frameRate, "frame_rate", in: L.frameRate)
        for (name, values, ranges, keys) in [("grid", geometry.grid, L.grid, SessionGeometry.gridKeys),
                                             ("board", geometry.board, L.board, SessionGeometry.boardKeys)] {
            for key in values.keys.sorted() {
                guard let range = ranges[key], let value = values[key] else {
                    throw ValidationError(field: name, message:
                        "\(name) accepts \(keys.joined(separator: ", ")); got key \"\(key)\"")
                }
                try check(value, "\(name).\(key)", in: range)
            }
        }
        if let inset = geometry.board["inset"], inset >= geometry.viewport.width {
            throw ValidationError(field: "board.inset", message:
                "board.inset must be less than the viewport width (\(ValidationError.format(geometry.viewport.width))), got \(ValidationError.format(inset))")
        }
    }

    /// A session's items: at most ``SessionGeometry/Limits/sections`` sections and
    /// ``SessionGeometry/Limits/items`` items in all, ids unique, and an item's own `height`
    /// (when a number) within ``SessionGeometry/Limits/itemHeight``. Ids are echoed through
    /// ``EchoText/clip(_:limit:)``.
    public static func validate(sections: [[Item]]) throws(ValidationError) {
        if sections.count > SessionGeometry.Limits.sections {
            throw ValidationError(field: "sections", message:
                "too many sections: \(sections.count) (at most \(SessionGeometry.Limits.sections))")
        }
        let total = sections.reduce(0) { $0 + $1.count }
        let limit = SessionGeometry.Limits.items
        if total > limit {
            throw ValidationError(field: "sections", message: "too many items: \(total) (at most \(limit))")
        }
        var seen = Set<String>()
        seen.reserveCapacity(total)
        for (s, section) in sections.enumerated() {
            for (r, item) in section.enumerated() {
                if !seen.insert(item.id).inserted {
                    throw ValidationError(field: "sections", message:
                        "duplicate item id '\(EchoText.clip(item.id))' (section \(s + 1), row \(r + 1)): ids must be unique")
                }
                if case .number(let h)? = item.fields["height"], !SessionGeometry.Limits.itemHeight.contains(h) {
                    throw ValidationError(field: "height", message:
                        "item '\(EchoText.clip(item.id))' (section \(s + 1), row \(r + 1)): height: \(ValidationError.format(h)) is out of range (\(SessionGeometry.Limits.itemHeight.describe("height")))")
                }
            }
        }
    }
}

extension SessionGeometry {
    /// The documented range of every geometry option (points, seconds, frames per second).
    ///
    /// Bounds are far past any real screen or list, and small enough that every count the
    /// engine derives from them (columns, frames, pages) fits an `Int` and a run stays short.
    ///
    /// ```swift
    /// SessionGeometry.Limits.rowHeight.describe("row_height")   // "0 < row_height <= 100000"
    /// SessionGeometry.Limits.grid["columns"]?.isWhole            // true
    /// ```
    public enum Limits {
        /// The longest length in points: viewport sides, row and header heights, grid cells,
        /// spacings and insets.
        public static let length = 100_000.0
        /// `0 < row_height <= 100000`.
        public static let rowHeight = NumberRange(above: 0, upTo: length)
        /// `0 <= header_height <= 100000`.
        public static let headerHeight = NumberRange(0, length)
        /// `0 < viewport.width, viewport.height <= 100000`.
        public static let viewport = NumberRange(above: 0, upTo: length)
        /// `1 <= frame_rate <= 1000` (as `reorder plot --frame-rate` allows).
        public static let frameRate = NumberRange(1, 1000)
        /// An item's own `height` field: `0 <= height <= 100000`.
        public static let itemHeight = NumberRange(0, length)
        /// Items in one session (as `reorder.session{ rows = N }` allows).
        public static let items = 10_000_000
        /// Sections (lists) in one session: each costs the layout work of a section, empty or
        /// not (two million empty sections took 20 s to lay out in a debug build).
        public static let sections = 100_000
        /// `grid = {...}`: cells at least 1 pt a side, at most 100000 columns.
        public static let grid: [String: NumberRange] = [
            "item_width": NumberRange(1, length), "item_height": NumberRange(1, length),
            "spacing": NumberRange(0, length), "line_spacing": NumberRange(0, length),
            "columns": NumberRange(1, 100_000, whole: true),
            "inset": NumberRange(0, length), "inset_top": NumberRange(0, length),
            "inset_left": NumberRange(0, length), "inset_bottom": NumberRange(0, length),
            "inset_right": NumberRange(0, length),
        ]
        /// `board = {...}` (the inset must also be less than the viewport width).
        public static let board: [String: NumberRange] = [
            "inset": NumberRange(0, length), "spacing": NumberRange(0, length),
        ]
    }

    /// The keys `grid = {...}` accepts.
    public static let gridKeys = ["item_width", "item_height", "spacing", "line_spacing", "columns", "inset",
                                  "inset_top", "inset_left", "inset_bottom", "inset_right"]
    /// The keys `board = {...}` accepts.
    public static let boardKeys = ["inset", "spacing"]

    /// Checks this geometry with the ``Validator``.
    ///
    /// ```swift
    /// try SessionGeometry(layout: .grid, grid: ["item_width": 0]).validate()
    /// // throws "grid.item_width: 0 is out of range (1 <= grid.item_width <= 100000)"
    /// ```
    public func validate() throws(ValidationError) { try Validator.validate(self) }
}

extension PolicyConfiguration {
    /// The documented range of every static policy field (seconds, points, points per second).
    ///
    /// Bounds keep every drag short: a press, a lift and a drop each last at most 10 s, so
    /// `s:drag` and the fuzzer's traces finish, and a drop always ends within the minute the
    /// simulator waits for it.
    ///
    /// ```swift
    /// PolicyConfiguration.Limits.duration.description   // "in 0...10"
    /// PolicyConfiguration.Limits.scale.contains(0)      // false
    /// ```
    public enum Limits {
        /// `min_press_duration`: `0...10` s.
        public static let minPressDuration = NumberRange(0, 10)
        /// `allowable_movement`: `0...100000` pt.
        public static let allowableMovement = NumberRange(0, SessionGeometry.Limits.length)
        /// `swap_threshold`: `0...1`, a share of the target's length.
        public static let swapThreshold = NumberRange(0, 1)
        /// `snapshot.scale`: `0 < scale <= 10`.
        public static let scale = NumberRange(above: 0, upTo: 10)
        /// `snapshot.alpha`, `snapshot.shadow.opacity`: `0...1`.
        public static let alpha = NumberRange(0, 1)
        /// `snapshot.rotation`: a turn either way, `-2π...2π` radians.
        public static let rotation = NumberRange(-2 * Double.pi, 2 * Double.pi, lowerText: "-2π", upperText: "2π")
        /// `snapshot.corner_radius`: `0...100000` pt.
        public static let cornerRadius = NumberRange(0, SessionGeometry.Limits.length)
        /// `snapshot.shadow.opacity`: `0...1`.
        public static let shadowOpacity = NumberRange(0, 1)
        /// `snapshot.shadow.radius`: `0...100000` pt.
        public static let shadowRadius = NumberRange(0, SessionGeometry.Limits.length)
        /// `snapshot.shadow.offset.x`, `.y`: `-100000...100000` pt.
        public static let shadowOffset = NumberRange(-SessionGeometry.Limits.length, SessionGeometry.Limits.length)
        /// `snapshot.lift.duration`, `snapshot.drop.duration`: `0...10` s.
        public static let duration = NumberRange(0, 10)
        /// `edge_scroll.zone` given as a number: `0...100000` pt.
        public static let zone = NumberRange(0, SessionGeometry.Limits.length)
        /// `edge_scroll.speed` given as a number: `0...1000000000` pt/s (the clamp applied to
        /// what a speed hook returns).
        public static let speed = NumberRange(0, 1e9)
    }
}

extension Int {
    /// `value` rounded toward zero and clamped to `range`; NaN gives the range's lower bound.
    ///
    /// The one conversion from `Double` the engine and plots use where the value is not already
    /// known to fit: unlike `Int(_:)`, it never traps on a NaN, an infinity or a value past
    /// `Int.max`.
    ///
    /// ```swift
    /// Int(clamping: 2.9, to: 0...10)        // 2
    /// Int(clamping: 1e300, to: 1...1 << 20)  // 1048576
    /// Int(clamping: -.infinity, to: 0...5)   // 0
    /// Int(clamping: .nan, to: 0...5)         // 0
    /// ```
    @inlinable @inline(__always) public init(clamping value: Double, to range: ClosedRange<Int>) {
        if value.isNaN || value <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            // Strictly between two Ints' images, so the truncation fits an Int.
            self = Swift.min(Swift.max(Int(value), range.lowerBound), range.upperBound)
        }
    }
}
