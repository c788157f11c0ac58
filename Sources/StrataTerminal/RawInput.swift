/// What one read of the terminal (`wget_wch`) gave, before decoding.
enum RawInput: Equatable {
    /// A character code (`OK`).
    case character(UInt32)
    /// A key ncurses decoded, or `KEY_RESIZE` (`KEY_CODE_YES`).
    case functionKey(Int32)
    /// Nothing before the timeout, or an interrupted read (`ERR`).
    case nothing
}
