import Foundation
import StrataData

/// How far a background load has come, in words: the footer's line
/// (`reading 120 MB of 268 MB · 45% · 410 MB/s · 1 s left · 3.2M rows`, in
/// shorter forms when the line is narrow) and the note of a page with no
/// rows yet (`reading… 43%`). Without a known size there is no % and no time
/// left. Rows found out of time order add `not in time order: …`.
struct ReadingProgress {
    /// What the line adds once the rows went back in time.
    static let notInOrder = "not in time order: numbers final when read"

    let loading: LoadingState
    let glyphs: Glyphs

    /// The footer's texts, longest first: the first that fits is shown.
    var lines: [String] {
        let gap = " \(glyphs.middleDot) "
        let read = Self.bytes(loading.bytesRead) + (loading.bytesTotal.map { " of \(Self.bytes($0))" } ?? "")
        let percent = loading.percent.map { "\($0)%" }
        let left = loading.secondsLeft.map { "\(Self.duration($0)) left" }
        let rate = loading.bytesPerSecond > 0 ? "\(Self.bytes(Int64(loading.bytesPerSecond)))/s" : nil
        let rows = "\(NumberFormat.humane(Double(loading.rowsRead))) rows"
        var forms: [[String?]] = [[read, percent, rate, left, rows], [read, percent, rate, left], [read, percent, left], [percent, left]]
        // Rows that went back in time make every period wait: the line says why, where it fits.
        if loading.wentBack { forms = [[read, percent, left, Self.notInOrder], [percent, Self.notInOrder]] + forms }
        let texts = forms.map { $0.compactMap { $0 } }.filter { !$0.isEmpty }.map { "reading " + $0.joined(separator: gap) }
        // Without a size or a rate, some forms come out the same: each is offered once.
        return (texts + [note]).reduce(into: []) { unique, text in if unique.last != text { unique.append(text) } }
    }

    /// `reading… 43%`, or `reading…` when the size is not known.
    var note: String {
        "reading\(glyphs.ellipsis)" + (loading.percent.map { " \($0)%" } ?? "")
    }

    /// `512 B`, `64 kB`, `120 MB`, `2.7 GB`: decimal units, as `humane` rounds.
    static func bytes(_ count: Int64) -> String {
        let short = NumberFormat.humane(Double(count))
        guard let unit = short.last, unit.isLetter else { return "\(short) B" }
        return "\(short.dropLast()) \(unit)B"
    }

    /// `9 s`, `4 min`, `2 h`, rounded up: a load is never said to end sooner than it will.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\((whole + 59) / 60) min" }
        return "\((whole + 3599) / 3600) h"
    }
}
