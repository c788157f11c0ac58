/// A run a load adds buckets to, one piece at a time.
protocol BucketAdding {
    mutating func add(_ ordinal: Int, _ bucket: Stats)
}
