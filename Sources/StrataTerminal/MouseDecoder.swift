import CNcurses
import StrataUI

/// Wheel and button-1 reports, read after `wget_wch` says `KEY_MOUSE`.
enum MouseDecoder {
    /// Press, not click: with `mouseinterval(0)` ncurses reports at once
    /// instead of waiting to tell a click from a drag.
    static var mask: mmask_t {
        strata_button1_pressed() | strata_button1_clicked()
            | strata_button4_pressed() | strata_button5_pressed()
    }

    static func enable() {
        mouseinterval(0)
        mousemask(mask, nil)
    }

    static func disable() {
        mousemask(0, nil)
    }

    /// The pending mouse event as a key, or nil if it is not one we use.
    static func read() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        return decode(buttons: event.bstate, x: Int(event.x), y: Int(event.y))
    }

    static func decode(buttons: mmask_t, x: Int, y: Int) -> Key? {
        if buttons & strata_button4_pressed() != 0 { return .wheelUp }
        if buttons & strata_button5_pressed() != 0 { return .wheelDown }
        if buttons & (strata_button1_pressed() | strata_button1_clicked()) != 0 {
            return .click(x: x, y: y)
        }
        return nil
    }
}
