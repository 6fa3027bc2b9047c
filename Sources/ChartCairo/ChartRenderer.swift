import ChartCore
import Foundation

/// Renders graphs headlessly: to an image in memory, or to a PNG, SVG or PDF file.
///
/// A file is written under a temporary name beside its destination and renamed into place
/// when complete, so an interrupted or failed render never leaves a broken file or replaces a
/// good one.
public final class ChartRenderer {
    /// The file formats `render(_:to:)` writes, chosen by the file name's extension.
    public enum Format: String, CaseIterable, Sendable {
        /// PNG (an image), SVG and PDF (vectors, 1 point per pixel).
        case png, svg, pdf

        /// The format for `path`'s extension (case-insensitive); nil for any other.
        public init?(path: String) {
            self.init(rawValue: (path as NSString).pathExtension.lowercased())
        }
    }

    /// The Pango text setter that measures the layouts' text and draws it.
    public let text: PangoText

    /// A renderer measuring and setting text with `text` (a shared Pango font map by default).
    public init(text: PangoText = PangoText()) {
        self.text = text
    }

    /// Lays `graph` out at `size` (device pixels), `scale` and `view`: the scene a file of that size shows.
    public func layout(_ graph: Graph, size: Size, scale: Double = 1, view: GraphView = .fitted) -> Scene {
        graph.layout(size: size, scale: scale, view: view, measurer: text)
    }

    /// Paints `scene` into a new ARGB32 image of the scene's size.
    public func image(of scene: Scene) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface.image(width: Int(scene.size.width.rounded()), height: Int(scene.size.height.rounded()))
        let context = try CairoContext(surface: surface)
        ScenePainter(text: text).paint(scene, into: context)
        try context.checkPainting()
        return surface
    }

    /// Writes `scene` to `path` in the format its extension names.
    public func write(_ scene: Scene, to path: String) throws(CairoError) {
        guard let format = Format(path: path) else { throw CairoError.unsupportedFormat(path: path) }
        try write(scene, format: format, replacing: path)
    }

    /// Writes `scene` in `format` to a temporary file beside `path` (a `PartialFile`), then
    /// renames it onto `path`, whatever its extension: a symbolic link's target is written, a
    /// replaced file keeps its mode, and a read-only file, a directory or a device is refused
    /// (`FileDestination`).
    public func write(_ scene: Scene, format: Format, replacing path: String) throws(CairoError) {
        try writeAtomically(to: path) { sink throws(CairoError) in try write(scene, format: format, to: sink) }
    }

    /// Writes `scene` in `format` to the open descriptor `fd` (standard output, a device, a
    /// FIFO), as it is produced; `name` names the output in errors. The descriptor stays open.
    public func write(_ scene: Scene, format: Format, toDescriptor fd: Int32, name: String) throws(CairoError) {
        try write(scene, format: format, to: DescriptorSink(fd: fd, name: name))
    }

    /// Writes an image already painted (a window's kept chart picture) to `path` as PNG.
    public func write(image: CairoSurface, to path: String) throws(CairoError) {
        guard Format(path: path) == .png else { throw CairoError.unsupportedFormat(path: path) }
        try writeAtomically(to: path) { sink throws(CairoError) in try image.writePNG(to: sink) }
    }

    /// Runs `body` on a `PartialFile` for `path` through its descriptor, then renames it into
    /// place: `FileDestination`'s policy (a link's target written; a read-only file, a
    /// directory or a device refused; a replaced file's mode kept), errors under `path`.
    private func writeAtomically(to path: String, _ body: (DescriptorSink) throws(CairoError) -> Void) throws(CairoError) {
        let target = try FileDestination(path)
        let partial: PartialFile
        do {
            partial = try PartialFile(replacing: target, name: path)
        } catch {
            throw Self.explain(error, path: path, writing: target.path)
        }
        do {
            try body(DescriptorSink(fd: partial.fd, name: path))
        } catch {
            partial.discard()
            throw Self.explain(error, path: path, writing: target.path)
        }
        try partial.commit()
    }

    /// Paints `scene` in `format` into `sink` as the bytes are produced.
    private func write(_ scene: Scene, format: Format, to sink: DescriptorSink) throws(CairoError) {
        let width = Int(scene.size.width.rounded()), height = Int(scene.size.height.rounded())
        switch format {
        case .png:
            try image(of: scene).writePNG(to: sink)
        case .svg, .pdf:
            let surface =
                format == .svg
                ? try CairoSurface.svg(sink: sink, width: width, height: height)
                : try CairoSurface.pdf(sink: sink, width: width, height: height)
            let context = try CairoContext(surface: surface)
            ScenePainter(text: text).paint(scene, into: context)
            try context.checkPainting()
            do {
                try surface.finish()
            } catch {
                throw sink.failure.map { CairoError.cannotWrite(path: sink.name, reason: String(cString: strerror($0))) } ?? error
            }
        }
        if let failure = sink.failure { throw CairoError.cannotWrite(path: sink.name, reason: String(cString: strerror(failure))) }
    }

    /// Reports a failure under the user's file name, not the temporary one, with the reason
    /// the file system gives where Cairo only says "write error"; `written` is the file written
    /// (a symbolic link's target), whose folder is checked.
    private static func explain(_ error: CairoError, path: String, writing written: String) -> CairoError {
        switch error {
        case .refused, .noImageMemory: return error
        default: break
        }
        let directory = (written as NSString).deletingLastPathComponent
        let dir = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) || !isDirectory.boolValue {
            return .cannotWrite(path: path, reason: "no such directory '\(dir)'")
        }
        if access(dir, W_OK) != 0 {
            return .cannotWrite(path: path, reason: PartialFile.creationFailure(errno, in: dir))
        }
        switch error {
        case .painting(let reason), .cannotPaint(_, let reason):
            return .cannotPaint(path: path, reason: reason)
        case .cannotWrite(_, let reason), .cairo(_, let reason), .cannotRead(_, let reason):
            return .cannotWrite(path: path, reason: reason)
        case .unsupportedFormat, .refused, .noImageMemory:
            return error
        }
    }
}
