/// A column's name as a hint writes it after an option, ready to paste
/// into a shell: as it is when it is one plain word, else in single quotes
/// (`--value 'Amount ($)'`).
public enum ShellWord {
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.,:/@%+=-".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
