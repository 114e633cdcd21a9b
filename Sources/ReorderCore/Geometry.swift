/// A point in points (origin top-left, y grows downwards).
///
/// ```swift
/// let finger = Point(x: 120, y: 210)
/// finger[.vertical]                   // 210.0 (``AxisPair``)
/// finger - Point(x: 20, y: 10)        // (100.0, 200.0)
/// ```
public struct Point: AxisPair, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}

/// A size in points.
///
/// ```swift
/// let viewport = Size(width: 375, height: 667)
/// viewport[.horizontal]               // 375.0 (``AxisPair``)
/// ```
public struct Size: AxisPair, CustomStringConvertible {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// Two numbers, one along each ``Axis``: what ``Point`` (x, y) and ``Size`` (width, height)
/// share. Each says where it stores its two numbers; reading and writing one by axis, zero and
/// the componentwise sum and difference are written once, here.
///
/// ```swift
/// var p = Point(x: 3, y: 4)
/// p[.vertical] += 1                   // (3.0, 5.0)
/// Size.zero + Size(width: 2, height: 1)   // 2.0x1.0
/// ```
public protocol AxisPair: Hashable, Sendable {
    /// The pair of `horizontal` (x, width) and `vertical` (y, height).
    init(horizontal: Double, vertical: Double)
    /// Where the number along each axis is stored: key paths the optimiser turns into plain
    /// stored-property accesses, so `p[axis]` costs what `p.x` does.
    static var components: (horizontal: WritableKeyPath<Self, Double>, vertical: WritableKeyPath<Self, Double>) { get }
}

extension AxisPair {
    /// The number along `axis`.
    @inlinable public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? self[keyPath: Self.components.horizontal] : self[keyPath: Self.components.vertical] }
        set {
            if axis == .horizontal {
                self[keyPath: Self.components.horizontal] = newValue
            } else {
                self[keyPath: Self.components.vertical] = newValue
            }
        }
    }
    /// Both numbers 0.
    @inlinable public static var zero: Self { Self(horizontal: 0, vertical: 0) }
    @inlinable public static func + (a: Self, b: Self) -> Self {
        Self(horizontal: a[.horizontal] + b[.horizontal], vertical: a[.vertical] + b[.vertical])
    }
    @inlinable public static func - (a: Self, b: Self) -> Self {
        Self(horizontal: a[.horizontal] - b[.horizontal], vertical: a[.vertical] - b[.vertical])
    }
}

extension Point {
    @inlinable public init(horizontal: Double, vertical: Double) { self.init(x: horizontal, y: vertical) }
    @inlinable public static var components: (horizontal: WritableKeyPath<Point, Double>, vertical: WritableKeyPath<Point, Double>) { (\.x, \.y) }
}

extension Size {
    @inlinable public init(horizontal: Double, vertical: Double) { self.init(width: horizontal, height: vertical) }
    @inlinable public static var components: (horizontal: WritableKeyPath<Size, Double>, vertical: WritableKeyPath<Size, Double>) { (\.width, \.height) }
}

/// A rectangle in points.
///
/// ```swift
/// let cell = Rect(x: 0, y: 44, width: 375, height: 44)
/// cell.contains(Point(x: 10, y: 44))   // true: the first pixel row belongs to the cell
/// cell.contains(Point(x: 10, y: 88))   // false: maxY belongs to the next cell
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y); self.size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var center: Point { Point(x: midX, y: midY) }
    /// Half-open containment: `[minX, maxX) × [minY, maxY)`.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    public var description: String { "[\(minX), \(minY), \(size.width), \(size.height)]" }
}

/// A scroll axis.
public enum Axis: String, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}
