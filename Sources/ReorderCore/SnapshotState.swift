/// The lifted snapshot at one moment: where it is and how it looks.
///
/// `center` is in **viewport** coordinates (what the screen shows: it stays under a resting
/// finger while the content scrolls); `contentCenter` is the same point in content coordinates
/// (`center + offset`). `size` is the unscaled cell size; the drawn size is `size × scale`.
///
/// ```swift
/// if let snap = session.snapshot {
///     print(snap.center, snap.scale, snap.liftProgress)   // (187.5, 647.0) 1.05 1.0
/// }
/// ```
public struct SnapshotState: Hashable, Sendable {
    /// The animation phase of the snapshot.
    public enum Phase: String, Hashable, Sendable {
        /// Lifting: `liftProgress < 1`.
        case lifting
        /// Fully lifted, following the finger.
        case lifted
        /// Animating to the final cell frame.
        case dropping
    }

    public var phase: Phase
    /// Centre in viewport coordinates.
    public var center: Point
    /// Centre in content coordinates (`center + offset`).
    public var contentCenter: Point
    /// The cell's size (unscaled).
    public var size: Size
    public var scale: Double
    public var alpha: Double
    /// Rotation in radians.
    public var rotation: Double
    public var cornerRadius: Double
    public var shadow: Shadow
    /// How the origin cell looks while its item is lifted.
    public var placeholder: PlaceholderStyle
    /// Linear time fraction of the lift animation, 0...1 (values are eased with the lift curve).
    public var liftProgress: Double
    /// Linear time fraction of the drop animation, 0...1 (0 until the drop begins).
    public var dropProgress: Double

    public init(phase: Phase, center: Point, contentCenter: Point, size: Size, scale: Double,
                alpha: Double, rotation: Double, cornerRadius: Double, shadow: Shadow,
                placeholder: PlaceholderStyle, liftProgress: Double, dropProgress: Double) {
        self.phase = phase; self.center = center; self.contentCenter = contentCenter
        self.size = size; self.scale = scale; self.alpha = alpha; self.rotation = rotation
        self.cornerRadius = cornerRadius; self.shadow = shadow; self.placeholder = placeholder
        self.liftProgress = liftProgress; self.dropProgress = dropProgress
    }

    /// The drawn frame in viewport coordinates (`size × scale` around `center`, unrotated).
    public var frame: Rect {
        let w = size.width * scale, h = size.height * scale
        return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
    }

    /// Whether every number is finite.
    public var isFinite: Bool {
        let numbers = [center.x, center.y, contentCenter.x, contentCenter.y, size.width, size.height,
                       scale, alpha, rotation, cornerRadius, shadow.offset.width, shadow.offset.height,
                       shadow.opacity, shadow.radius, liftProgress, dropProgress]
        return numbers.allSatisfy(\.isFinite)
    }
}
