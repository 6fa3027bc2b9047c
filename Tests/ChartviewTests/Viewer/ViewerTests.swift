import Foundation
import Testing

/// The viewer's behaviour that its chart session shows, without a window (`WindowlessViewer`:
/// the command's own charts, gallery, CSV, SQLite, PostgreSQL and live input, on a manual clock,
/// loads run inline, input through the window's own key table): clicks select with their values,
/// keys and the legend toggle series, loads are given up, data reloads, live rows arrive, the
/// save prompt writes. Moved from the window tests with every assertion kept; what only an X
/// server can show stays there (`WindowTests`: input, focus, the clipboard, resizes, the frame
/// thread, the pixels on screen). Not serialized: the viewers share no screen.
@Suite struct ViewerTests {}
