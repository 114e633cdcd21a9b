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
    @inline(__always) public var isFinite: Bool {
        center.x.isFinite && center.y.isFinite && contentCenter.x.isFinite && contentCenter.y.isFinite
            && size.width.isFinite && size.height.isFinite && scale.isFinite && alpha.isFinite
            && rotation.isFinite && cornerRadius.isFinite && shadow.offset.width.isFinite
            && shadow.offset.height.isFinite && shadow.opacity.isFinite && shadow.radius.isFinite
            && liftProgress.isFinite && dropProgress.isFinite
    }
}

extension SnapshotState {
    /// One step of the lift: the new look and position (`center` in viewport coordinates,
    /// `offset` the content offset), written in place. Non-finite results are replaced as
    /// ``replaceNonFinite(center:contentCenter:)`` does, the centres falling back to the
    /// previous ones.
    mutating func lift(progress: Double, center newCenter: Point, offset: Point, scale newScale: Double,
                       alpha newAlpha: Double, rotation newRotation: Double) {
        let previousCenter = center, previousContentCenter = contentCenter
        liftProgress = progress
        phase = progress < 1 ? .lifting : .lifted
        center = newCenter
        scale = newScale
        alpha = newAlpha
        rotation = newRotation
        contentCenter = newCenter + offset
        if !isFinite { replaceNonFinite(center: previousCenter, contentCenter: previousContentCenter) }
    }

    /// Replaces every non-finite number: the centres by the given ones, the other numbers by
    /// their neutral values (size, rotation, corner radius, shadow, drop progress 0; scale,
    /// alpha, lift progress 1).
    mutating func replaceNonFinite(center fallbackCenter: Point, contentCenter fallbackContentCenter: Point) {
        func fix(_ v: Double, _ d: Double) -> Double { v.isFinite ? v : d }
        center = Point(x: fix(center.x, fallbackCenter.x), y: fix(center.y, fallbackCenter.y))
        contentCenter = Point(x: fix(contentCenter.x, fallbackContentCenter.x),
                              y: fix(contentCenter.y, fallbackContentCenter.y))
        size = Size(width: fix(size.width, 0), height: fix(size.height, 0))
        scale = fix(scale, 1); alpha = fix(alpha, 1); rotation = fix(rotation, 0)
        cornerRadius = fix(cornerRadius, 0)
        shadow.offset = Size(width: fix(shadow.offset.width, 0), height: fix(shadow.offset.height, 0))
        shadow.opacity = fix(shadow.opacity, 0); shadow.radius = fix(shadow.radius, 0)
        liftProgress = fix(liftProgress, 1); dropProgress = fix(dropProgress, 0)
    }
}
