#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Where a delimiter or a line feed is among 64 bytes, as one bit a byte
/// (bit `i` for byte `i`). A record's fields are then found one bit after
/// another, each a step or two, instead of a search per field whose next
/// start waits on the one before it.
enum SeparatorMask {
    /// The 64 bytes at `raw + offset` (all readable). SSE2 on x86-64, where
    /// it is always there; eight bytes at a time elsewhere.
    @inline(__always)
    static func of(_ raw: UnsafeRawPointer, at offset: Int, delimiter: UInt8) -> UInt64 {
        #if arch(x86_64)
        let d = _mm_set1_epi8(Int8(bitPattern: delimiter))
        let l = _mm_set1_epi8(Int8(bitPattern: UInt8(ascii: "\n")))
        var mask: UInt64 = 0
        for k in 0..<4 {
            let v = _mm_loadu_si128((raw + (offset &+ k &* 16)).assumingMemoryBound(to: __m128i.self))
            let bits = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, d), _mm_cmpeq_epi8(v, l)))
            mask |= UInt64(UInt16(truncatingIfNeeded: bits)) &<< UInt64(k &* 16)
        }
        return mask
        #else
        return wordwise(raw, at: offset, delimiter: delimiter)
        #endif
    }

    /// `of` without vector instructions: per 8-byte word, an exact test
    /// for zero bytes after an XOR, its high bits gathered into one byte.
    @inline(__always)
    static func wordwise(_ raw: UnsafeRawPointer, at offset: Int, delimiter: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows = ones &* 0x7F
        let delimiters = ones &* UInt64(delimiter), lineFeeds = ones &* UInt64(UInt8(ascii: "\n"))
        var mask: UInt64 = 0
        for k in 0..<8 {
            let w = raw.loadUnaligned(fromByteOffset: offset &+ k &* 8, as: UInt64.self)
            let a = w ^ delimiters, b = w ^ lineFeeds
            // High bit of each byte that is zero in a or in b.
            let zeros = ~((((a & lows) &+ lows) | a) & (((b & lows) &+ lows) | b)) & (ones &* 0x80)
            // Bit 7 of byte i to bit i: the multiply lines every high bit up in the top byte.
            let packed = ((zeros &>> 7) &* 0x0102_0408_1020_4080) &>> 56
            mask |= packed &<< UInt64(k &* 8)
        }
        return mask
    }
}
