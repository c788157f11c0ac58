/// `--keys "SCRIPT"`: tokens separated by white space. Names (`left`,
/// `pgdn`, `ctrl-c`, …), any single character (`q`, `5`, `G`), `NAME*N`
/// to repeat, `resize:WxH`, the wheel (`wheelup`, `wheelleft`, …) and
/// `click:X,Y` (a left press at 0-based column X, row Y).
public enum KeyScript {
    public struct Token: Equatable, Sendable {
        /// As written in the script, for `--frames` headings.
        public let text: String
        public let event: Event
        /// `right*1000000` is one token replayed that many times, not a million kept.
        public var repeats = 1

        /// The token's events, as many as it repeats.
        public var events: Repeated<Event> { repeatElement(event, count: repeats) }
    }

    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let token: String
        public let position: Int  // 1-based token number
        public let reason: String
        public var description: String { "--keys: token \(position) \"\(token)\": \(reason)" }
    }

    static let names: [String: Key] = [
        "left": .left, "right": .right, "up": .up, "down": .down,
        "home": .home, "end": .end, "pgup": .pageUp, "pgdn": .pageDown,
        "pageup": .pageUp, "pagedown": .pageDown,
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "backtab": .backTab, "shift-tab": .backTab, "space": .space,
        "backspace": .backspace, "ctrl-c": .ctrlC,
    ]

    static let wheels: [String: MouseEvent.Wheel] = [
        "wheelup": .up, "wheeldown": .down, "wheelleft": .left, "wheelright": .right,
    ]

    /// The most keys one script replays (each is kept until it is replayed).
    public static let maxKeys = 1_000_000

    public static func parse(_ script: String) throws(ParseError) -> [Token] {
        var tokens: [Token] = []
        var count = 0
        let words = script.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        for (n, word) in words.enumerated() {
            let text = String(word)
            var body = text
            var repeats = 1
            // `*` alone is a key; `left*3` repeats.
            if let star = text.lastIndex(of: "*"), star != text.startIndex {
                let count = text[text.index(after: star)...]
                guard let value = Int(count), value >= 0, value <= maxKeys else {
                    throw ParseError(token: text, position: n + 1, reason: "repeat count must be a whole number up to \(maxKeys)")
                }
                repeats = value
                body = String(text[..<star])
            }
            guard count + repeats <= maxKeys else {
                throw ParseError(token: text, position: n + 1, reason: "more than \(maxKeys) keys in all")
            }
            let event = try event(for: body, token: text, position: n + 1)
            if repeats > 0 { tokens.append(Token(text: body, event: event, repeats: repeats)) }
            count += repeats
        }
        return tokens
    }

    static func event(for body: String, token: String, position: Int) throws(ParseError) -> Event {
        if body.count == 1, let c = body.first { return .key(c == " " ? .space : .character(c)) }
        let lower = body.lowercased()
        if let key = names[lower] { return .key(key) }
        if let wheel = wheels[lower] { return .mouse(MouseEvent(.wheel(wheel), x: 0, y: 0)) }
        if lower.hasPrefix("resize:") {
            let dims = lower.dropFirst(7).split(separator: "x")
            guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0, w <= 1000, h <= 1000 else {
                throw ParseError(token: token, position: position, reason: "expected resize:WxH, e.g. resize:100x30")
            }
            return .resize(Size(width: w, height: h))
        }
        if lower.hasPrefix("click:") {
            let place = lower.dropFirst(6).split(separator: ",")
            guard place.count == 2, let x = Int(place[0]), let y = Int(place[1]), x >= 0, y >= 0 else {
                throw ParseError(token: token, position: position, reason: "expected click:X,Y, e.g. click:10,0")
            }
            return .mouse(MouseEvent(.press(.left), x: x, y: y))
        }
        throw ParseError(token: token, position: position,
                         reason: "unknown key (use left right up down home end pgup pgdn enter esc tab backtab space backspace ctrl-c, a single character, NAME*N, resize:WxH, wheelup/wheeldown/wheelleft/wheelright or click:X,Y)")
    }
}
