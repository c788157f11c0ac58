import ArgumentParser
import StrataUI

/// `--size WxH`, each side 1 to 1000 cells.
extension Size: ExpressibleByArgument {
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...1000).contains(width), (1...1000).contains(height) else { return nil }
        self.init(width: width, height: height)
    }
}
