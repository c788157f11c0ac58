/// A drag that pans a grid, locked to the axis along which it first moved
/// `threshold` cells: a slightly diagonal hand still scrolls straight.
public struct DragLock: Equatable, Sendable {
    public enum Axis: Equatable, Sendable { case horizontal, vertical }

    public static let threshold = 2

    /// Where the button went down, and the scroll at that moment.
    public let originX: Int, originY: Int
    public let startOffset: Viewport.Offset
    /// Decided once the pointer has moved far enough; nil until then.
    public private(set) var axis: Axis?

    public init(x: Int, y: Int, offset: Viewport.Offset) {
        originX = x
        originY = y
        startOffset = offset
        axis = nil
    }

    /// The scroll for the pointer at (x, y): the content follows the
    /// pointer along the locked axis; nil while no axis is decided.
    public mutating func offset(x: Int, y: Int) -> Viewport.Offset? {
        let dx = x - originX, dy = y - originY
        if axis == nil {
            guard max(abs(dx), abs(dy)) >= Self.threshold else { return nil }
            axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
        }
        switch axis {
        case .horizontal: return Viewport.Offset(x: startOffset.x - dx, y: startOffset.y)
        case .vertical, nil: return Viewport.Offset(x: startOffset.x, y: startOffset.y - dy)
        }
    }
}
