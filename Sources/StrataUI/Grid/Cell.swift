/// One terminal column. A wide character occupies its cell and marks the
/// next one as its `continuation`, which backends skip when drawing.
/// A cell holds one Unicode scalar: plain data, copied without reference
/// counting, which keeps rendering a 200×60 screen cheap. (Combining marks
/// are dropped on the way in; see `Grid.write`.)
public struct Cell: Hashable, Sendable {
    public var scalar: Unicode.Scalar
    public var style: Style
    public var isContinuation: Bool

    public init(_ scalar: Unicode.Scalar = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.scalar = scalar
        self.style = style
        self.isContinuation = isContinuation
    }

    public init(_ character: Character, style: Style = .plain) {
        self.init(character.unicodeScalars.first ?? " ", style: style)
    }

    public var character: Character { Character(scalar) }

    public static let blank = Cell()
}
