import CLua
import CLuaShim
import ReorderCore

/// Animation fields: `{ duration = 0.2, curve = "ease_in_out" }`, the curve also given as the
/// control points of a cubic Bézier, `curve = { 0.2, 0, 0, 1 }` (CSS `cubic-bezier(0.2, 0, 0, 1)`).
extension PolicyReader {
    /// The names listed when a curve is neither a name nor four control points.
    static let curveNames = AnimationCurve.names + ["a {x1, y1, x2, y2} table"]

    /// The curve on top of the stack: a name, or an array of four finite numbers with x1 and
    /// x2 in 0...1.
    func curve(_ path: String) throws(LuaError) -> AnimationCurve {
        switch vm.type(at: -1) {
        case LUA_TTABLE:
            let a = vm.top
            vm.rawGet(at: a, index: 5)
            let extra = vm.type(at: -1) != LUA_TNIL
            vm.pop(1)
            if extra { throw fail(path, "4 control points {x1, y1, x2, y2}", at: -1) }
            var points: [Double] = []
            for i in 1...4 {
                vm.rawGet(at: a, index: i); defer { vm.pop(1) }
                guard vm.type(at: -1) == LUA_TNUMBER, let d = vm.number(at: -1), d.isFinite else {
                    throw fail("\(path)[\(i)]", "a finite number", at: -1)
                }
                if i == 1 || i == 3, d < 0 || d > 1 {
                    throw fail("\(path)[\(i)]", "a number in 0...1 (x of a control point)", at: -1)
                }
                points.append(d)
            }
            guard let c = AnimationCurve(x1: points[0], y1: points[1], x2: points[2], y2: points[3]) else {
                throw fail(path, Self.quotedList(Self.curveNames), at: -1)
            }
            return c
        default:
            guard let s = vm.string(at: -1), vm.type(at: -1) == LUA_TSTRING, let c = AnimationCurve(rawValue: s) else {
                throw fail(path, Self.quotedList(Self.curveNames), at: -1)
            }
            return c
        }
    }
}
