import ChartCore
import ChartFiles
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
    public func write(_ scene: Scene, to path: String) throws(RenderError) {
        guard let format = Format(path: path) else { throw RenderError.unsupportedFormat(path: path) }
        try write(scene, format: format, replacing: path)
    }

    /// Writes `scene` in `format` to a temporary file beside `path` (a `PartialFile`), then
    /// renames it onto `path`, whatever its extension: a symbolic link's target is written, a
    /// replaced file keeps its mode, and a read-only file, a directory or a device is refused
    /// (`FileDestination`).
    public func write(_ scene: Scene, format: Format, replacing path: String) throws(RenderError) {
        try writeAtomically(to: path) { sink throws(RenderError) in try write(scene, format: format, to: sink) }
    }

    /// Writes `scene` in `format` to the open descriptor `fd` (standard output, a device, a
    /// FIFO), as it is produced; `name` names the output in errors. The descriptor stays open.
    public func write(_ scene: Scene, format: Format, toDescriptor fd: Int32, name: String) throws(RenderError) {
        try write(scene, format: format, to: DescriptorSink(fd: fd, name: name))
    }

    /// Writes an image already painted (a window's kept chart picture) to `path` as PNG.
    public func write(image: CairoSurface, to path: String) throws(RenderError) {
        guard Format(path: path) == .png else { throw RenderError.unsupportedFormat(path: path) }
        try writeAtomically(to: path) { sink throws(RenderError) in
            do throws(FileError) { try image.writePNG(to: sink) } catch { throw .file(error) }
        }
    }

    /// Runs `body` on a `PartialFile` for `path` through its descriptor, then renames it into
    /// place: `FileDestination`'s policy (a link's target written; a read-only file, a
    /// directory or a device refused; a replaced file's mode kept), errors under `path`.
    private func writeAtomically(to path: String, _ body: (DescriptorSink) throws(RenderError) -> Void) throws(RenderError) {
        let target: FileDestination
        let partial: PartialFile
        do throws(FileError) {
            target = try FileDestination(path)
        } catch {
            throw .file(error)
        }
        do throws(FileError) {
            partial = try PartialFile(replacing: target, name: path)
        } catch {
            throw Self.explain(.file(error), path: path, writing: target.path)
        }
        do {
            try body(DescriptorSink(fd: partial.fd, name: path))
        } catch {
            partial.discard()
            throw Self.explain(error, path: path, writing: target.path)
        }
        do throws(FileError) { try partial.commit() } catch { throw .file(error) }
    }

    /// Paints `scene` in `format` into `sink` as the bytes are produced.
    private func write(_ scene: Scene, format: Format, to sink: DescriptorSink) throws(RenderError) {
        let width = Int(scene.size.width.rounded()), height = Int(scene.size.height.rounded())
        switch format {
        case .png:
            let image = try RenderError.catchingCairo { () throws(CairoError) -> CairoSurface in try self.image(of: scene) }
            do throws(FileError) { try image.writePNG(to: sink) } catch { throw .file(error) }
        case .svg, .pdf:
            // (The context lives until the document is finished, as it always did.)
            let (surface, context) = try RenderError.catchingCairo { () throws(CairoError) in
                let surface =
                    format == .svg
                    ? try CairoSurface.svg(sink: sink, width: width, height: height)
                    : try CairoSurface.pdf(sink: sink, width: width, height: height)
                let context = try CairoContext(surface: surface)
                ScenePainter(text: text).paint(scene, into: context)
                try context.checkPainting()
                return (surface, context)
            }
            do throws(CairoError) {
                try withExtendedLifetime(context) { () throws(CairoError) in try surface.finish() }
            } catch {
                // A stream that failed is what stopped Cairo.
                throw sink.error.map(RenderError.file) ?? .cairo(error)
            }
        }
        if let error = sink.error { throw .file(error) }
    }

    /// Reports a failure under the user's file name, not the temporary one, with the reason
    /// the file system gives where Cairo only says "write error"; `written` is the file written
    /// (a symbolic link's target), whose folder is checked (`FileError.folderProblem`).
    private static func explain(_ error: RenderError, path: String, writing written: String) -> RenderError {
        switch error {
        case .file(.refused), .cairo(.noImageMemory): return error
        default: break
        }
        if let problem = FileError.folderProblem(writing: path, to: written) { return .file(problem) }
        switch error {
        case .cairo(.painting(let reason)), .cannotPaint(_, let reason):
            return .cannotPaint(path: path, reason: reason)
        case .file(.cannotWrite(_, let reason)), .cairo(.cairo(_, let reason)), .cairo(.cannotRead(_, let reason)):
            return .file(.cannotWrite(path: path, reason: reason))
        case .unsupportedFormat, .file(.refused), .file(.cannotRead), .cairo(.noImageMemory):
            return error
        }
    }
}
