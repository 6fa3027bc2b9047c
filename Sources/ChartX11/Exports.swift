// The chart session (`ChartSession`) is what a window hosts: its charts (`ChartProvider`,
// `FixedChart`, `ChartFailure`) are named by programs that open a window, which therefore see
// them through `import ChartX11` alone, as they did when they lived here (swift-nio's `NIO`
// re-exports `NIOCore` the same way).
@_exported import ChartSession
