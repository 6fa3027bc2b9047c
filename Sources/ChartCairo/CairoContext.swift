import CCairo

/// Owns one `cairo_t` drawing onto a `CairoSurface` (which it keeps alive) and destroys it.
public final class CairoContext {
    /// The `cairo_t` pointer, valid for the life of this object.
    public let pointer: OpaquePointer
    /// The surface drawn onto, kept alive as long as the context.
    public let surface: CairoSurface

    /// A context drawing onto `surface`; throws when Cairo cannot make one (out of memory).
    public init(surface: CairoSurface) throws(CairoError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            // deinit destroys the context, even one in an error state.
            throw CairoError.cairo(operation: "creating a drawing context", message: String(cString: cairo_status_to_string(status)))
        }
    }

    deinit { cairo_destroy(pointer) }

    /// Cairo's sticky error status after painting a chart, as `CairoError.painting`.
    public func checkPainting() throws(CairoError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError.painting(reason: String(cString: cairo_status_to_string(status))) }
    }

    /// Cairo's sticky error status, as a thrown error.
    public func check(_ operation: String) throws(CairoError) {
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError.cairo(operation: operation, message: String(cString: cairo_status_to_string(status)))
        }
    }
}
