extension CalendarSystem {
    /// The UTC instant of a whole ISO-8601 date or date-time, read by the
    /// same parser as the data: with `Z` or an offset as written, without
    /// one in this calendar's zone. Nil when `text` is anything else.
    public func instant(isoText text: String) -> Int64? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> Int64? in
            let field = Field(buffer)
            var shape = TimeShape()
            guard let (time, length) = ISOTime.parsePrefix(field, shape: &shape), length == field.count else { return nil }
            if let offset = time.offset { return time.wallSeconds - Int64(offset) }
            return zone.utc(fromLocal: time.wallSeconds)
        }
    }
}
