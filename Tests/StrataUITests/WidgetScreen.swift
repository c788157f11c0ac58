@testable import StrataUI

/// A widget drawn alone into a blank grid, as the screen a reader sees.
func widgetScreen(_ widget: some Widget, width: Int, height: Int) -> String {
    var grid = Grid(size: Size(width: width, height: height))
    widget.draw(into: &grid, area: grid.bounds)
    return grid.plainText
}
