/// Splits a rectangle into rows or columns by constraints, like ratatui's
/// `Layout`: the card's chart, table and rows; a table's columns.
///
/// Parts get their size in order, so when space runs out the later ones
/// shrink first (never below zero). Space left over goes to the `.fill`
/// parts by weight; with no fill, to the `.min` parts evenly; with neither,
/// it stays unused after the last part.
public struct Layout: Sendable {
    public enum Direction: Sendable {
        case vertical    // rows, top to bottom
        case horizontal  // columns, left to right
    }

    public enum Constraint: Hashable, Sendable {
        /// Exactly `n` cells.
        case length(Int)
        /// At least `n` cells; grows when there is no fill.
        case min(Int)
        /// `p` percent of the space left after spacing, rounded down.
        case percentage(Int)
        /// A share of the leftover space, by weight.
        case fill(Int)
    }

    public var direction: Direction
    public var constraints: [Constraint]
    /// Cells between neighbouring parts.
    public var spacing: Int

    public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = max(0, spacing)
    }

    /// The parts of `area`, one per constraint, in order.
    public func split(_ area: Rect) -> [Rect] {
        let extent = direction == .vertical ? area.height : area.width
        let gaps = spacing * max(0, constraints.count - 1)
        let total = max(0, extent - gaps)
        var sizes = [Int](repeating: 0, count: constraints.count)
        var remaining = total
        for (i, constraint) in constraints.enumerated() {
            let wanted: Int
            switch constraint {
            case .length(let n), .min(let n): wanted = Swift.max(0, n)
            case .percentage(let p): wanted = total * Swift.min(100, Swift.max(0, p)) / 100
            case .fill: wanted = 0
            }
            sizes[i] = Swift.min(wanted, remaining)
            remaining -= sizes[i]
        }
        distribute(remaining, into: &sizes)

        var parts: [Rect] = []
        parts.reserveCapacity(sizes.count)
        var position = direction == .vertical ? area.y : area.x
        let end = position + extent
        for size in sizes {
            // Spacing that does not fit pushes the last parts against the end, empty.
            let start = Swift.min(position, end)
            let length = Swift.min(size, end - start)
            parts.append(direction == .vertical
                ? Rect(x: area.x, y: start, width: area.width, height: length)
                : Rect(x: start, y: area.y, width: length, height: area.height))
            position = start + length + spacing
        }
        return parts
    }

    /// Hands `extra` cells to the fills by weight (fills that all weigh
    /// nothing share evenly), or with no fill to the mins evenly; what
    /// rounding leaves goes one cell each to the first of them.
    private func distribute(_ extra: Int, into sizes: inout [Int]) {
        guard extra > 0 else { return }
        var fills = 0, fillWeight = 0, mins = 0
        for constraint in constraints {
            switch constraint {
            case .fill(let w): fills += 1; fillWeight += Swift.max(0, w)
            case .min: mins += 1
            default: break
            }
        }
        func weight(_ constraint: Constraint) -> Int {
            switch constraint {
            case .fill(let w): return fillWeight > 0 ? Swift.max(0, w) : 1
            case .min: return fills == 0 ? 1 : 0
            default: return 0
            }
        }
        let totalWeight = fillWeight > 0 ? fillWeight : (fills > 0 ? fills : mins)
        guard totalWeight > 0 else { return }
        var given = 0
        for (i, constraint) in constraints.enumerated() {
            let share = extra * weight(constraint) / totalWeight
            sizes[i] += share
            given += share
        }
        for (i, constraint) in constraints.enumerated() where given < extra && weight(constraint) > 0 {
            sizes[i] += 1
            given += 1
        }
    }
}
