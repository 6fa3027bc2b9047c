import CCairo
import ChartFiles

extension DescriptorSink {
    /// A `cairo_write_func_t` writing to the sink passed (unretained) as its closure.
    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<DescriptorSink>.fromOpaque(closure).takeUnretainedValue()
        return sink.write(data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// The pointer Cairo hands back to `cairoWrite`; valid while the sink lives.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
