extension PagerScreen {
    /// What a click means: a level tab selects that level, a page dot jumps to its page.
    func action(forClickAt x: Int, _ y: Int, size: Size) -> Action? {
        guard state.mode == .pager, size.width >= Screen.minimumSize.width, size.height >= Screen.minimumSize.height else {
            return nil
        }
        let layout = Self.layout(for: size)
        if y == layout.header {
            let (tabs, tabsX, _) = Self.headerLayout(state: state, right: headerRightText(), width: size.width, glyphs: glyphs)
            if let index = tabs.spans(at: tabsX).firstIndex(where: { $0.contains(x) }) { return .selectLevel(index) }
        }
        if y == layout.dots {
            let dots = PageDots(current: state.position, count: dataset.count(state.level),
                                levelName: state.level.rawValue, glyphs: glyphs)
            let hit = dots.placedDots(in: Self.dotsRect(layout: layout, width: size.width)).first { abs($0.x - x) <= 1 }
            if let hit { return .jump(toIndex: hit.page) }
        }
        return nil
    }
}
