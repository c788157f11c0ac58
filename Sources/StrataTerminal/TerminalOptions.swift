#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the interactive session looks and listens.
public struct TerminalOptions: Sendable {
    /// False draws with bold, dim and reverse only (`NO_COLOR`, `--no-color`).
    public var useColor: Bool
    /// Wheel and click reporting. Optional because while it is on, the
    /// terminal's own text selection needs Shift.
    public var mouse: Bool

    public init(useColor: Bool = TerminalOptions.environmentAllowsColor, mouse: Bool = true) {
        self.useColor = useColor
        self.mouse = mouse
    }

    /// False when `NO_COLOR` is set to a non-empty value (no-color.org).
    public static var environmentAllowsColor: Bool {
        guard let value = getenv("NO_COLOR") else { return true }
        return value.pointee == 0
    }
}
