/// Decodes the mouse reports a terminal writes into its input: SGR
/// (`ESC [ < b ; x ; y M|m`, mode 1006, any screen size) and the older X10
/// form (`ESC [ M b x y`, bytes offset by 32). Pure, so it is tested without
/// a terminal; the backend feeds it what follows an ESC.
public enum MouseReport {
    /// `body` is what came after `ESC [ <`, up to and including `M` or `m`.
    public static func sgr(_ body: String) -> MouseEvent? {
        guard let last = body.last, last == "M" || last == "m" else { return nil }
        let fields = body.dropLast().split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
              column >= 1, row >= 1 else { return nil }
        return event(code: code, x: column - 1, y: row - 1, released: last == "m")
    }

    /// The three bytes after `ESC [ M`: button code, column and row, each plus 32.
    public static func x10(_ bytes: [UInt32]) -> MouseEvent? {
        guard bytes.count == 3, bytes.allSatisfy({ $0 >= 32 }) else { return nil }
        let code = Int(bytes[0]) - 32
        // X10 says "released" with button code 3 and does not say which button.
        return event(code: code, x: Int(bytes[1]) - 33, y: Int(bytes[2]) - 33, released: code & 3 == 3 && code & 64 == 0)
    }

    /// The button code's bits: 0–1 the button, 4 shift, 8 alt, 16 control,
    /// 32 motion (a drag), 64 the wheel, 128 the extra buttons.
    static func event(code: Int, x: Int, y: Int, released: Bool) -> MouseEvent? {
        guard x >= 0, y >= 0 else { return nil }
        var modifiers: MouseEvent.Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        if code & 64 != 0 {
            let wheels: [MouseEvent.Wheel] = [.up, .down, .left, .right]
            return MouseEvent(.wheel(wheels[low]), x: x, y: y, modifiers: modifiers)
        }
        if code & 128 != 0 { return nil }
        if released { return MouseEvent(.release, x: x, y: y, modifiers: modifiers) }
        guard low < 3 else { return nil } // motion with no button held: not asked for
        let button: MouseEvent.Button = [.left, .middle, .right][low]
        return MouseEvent(code & 32 != 0 ? .drag(button) : .press(button), x: x, y: y, modifiers: modifiers)
    }
}
