import StrataUI

/// Reads a mouse report from the characters that follow an ESC, one at a
/// time: SGR (`[<b;x;yM`) or X10 (`[M` and three bytes), which a terminal
/// writes in one piece once `MouseReporting` asks for them. Pure, so it is
/// tested without a terminal; `MouseReport` decodes the report's fields.
struct MouseDecoder {
    enum Step: Equatable {
        case needsMore
        /// A whole report: its event, or nil when it says nothing the app uses.
        case report(MouseEvent?)
        /// Not a mouse report: the ESC was the Esc key.
        case notAReport
    }

    /// The longest SGR report we wait for (`<` b `;` x `;` y `M`).
    static let maxReportLength = 32

    private enum Stage {
        case start, bracket
        case sgr(String)
        case x10([UInt32])
    }

    private var stage = Stage.start

    /// Takes the next character code after the ESC.
    mutating func feed(_ code: UInt32) -> Step {
        switch stage {
        case .start:
            guard code == UInt32(UInt8(ascii: "[")) else { return .notAReport }
            stage = .bracket
        case .bracket:
            switch code {
            case UInt32(UInt8(ascii: "<")): stage = .sgr("")
            case UInt32(UInt8(ascii: "M")): stage = .x10([])
            default: return .notAReport
            }
        case .sgr(var body):
            guard let scalar = Unicode.Scalar(code) else { return .notAReport }
            body.unicodeScalars.append(scalar)
            if scalar == "M" || scalar == "m" { return .report(MouseReport.sgr(body)) }
            guard body.count < Self.maxReportLength else { return .notAReport }
            stage = .sgr(body)
        case .x10(var bytes):
            bytes.append(code)
            guard bytes.count == 3 else {
                stage = .x10(bytes)
                return .needsMore
            }
            return MouseReport.x10(bytes).map { .report($0) } ?? .notAReport
        }
        return .needsMore
    }
}
