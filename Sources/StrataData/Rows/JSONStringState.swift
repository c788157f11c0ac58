/// Whether each byte of JSON text, in turn, lies in a string (its quotes
/// included) or among the tokens: for the few records a card shows, not
/// the reading loop.
struct JSONStringState {
    private var inside = false, escaped = false

    mutating func holds(_ b: UInt8) -> Bool {
        if inside {
            if escaped {
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else if b == UInt8(ascii: "\"") {
                inside = false
            }
            return true
        }
        inside = b == UInt8(ascii: "\"")
        return inside
    }
}
