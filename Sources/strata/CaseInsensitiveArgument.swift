import ArgumentParser
import StrataData
import StrataUI

/// An option whose values are an enum's raw values, accepted in any case
/// (`--chart BAR`), so `--help` and the completions list them and a bad one
/// is ArgumentParser's usage error.
protocol CaseInsensitiveArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension CaseInsensitiveArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

// The types belong to the libraries, which do not depend on ArgumentParser;
// only the command knows them as arguments.
extension Aggregate: ExpressibleByArgument, CaseInsensitiveArgument {}
extension ChartKind: ExpressibleByArgument, CaseInsensitiveArgument {}
extension ExportFormat: ExpressibleByArgument, CaseInsensitiveArgument {}
extension InputFormat: ExpressibleByArgument, CaseInsensitiveArgument {}
extension Level: ExpressibleByArgument, CaseInsensitiveArgument {}
extension WeekStart: ExpressibleByArgument, CaseInsensitiveArgument {}
