import Foundation

/// Runs a fuzz target's entry point on files, for regression inputs and for builds without
/// libFuzzer (then each fuzz target is a small program taking input files as arguments).
public enum FuzzReplay {
    /// Calls `body` with the bytes of every file in `arguments` (or of every file in a folder
    /// named there) and prints how many inputs ran. Exit status 0 when none crashed.
    public static func run(_ arguments: [String], _ body: (UnsafePointer<UInt8>?, Int) -> CInt) {
        var files: [String] = []
        for path in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        for file in files {
            let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
            _ = bytes.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
        }
        print("replayed \(files.count) input\(files.count == 1 ? "" : "s")")
    }

    #if FUZZING
        /// Runs libFuzzer's driver with the command line and `body` as the target (make fuzz).
        public static func runLibFuzzer(
            _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        ) -> CInt {
            var count = argc
            var arguments = argv
            return withUnsafeMutablePointer(to: &count) { countPointer in
                withUnsafeMutablePointer(to: &arguments) { argumentsPointer in
                    LLVMFuzzerRunDriver(countPointer, argumentsPointer, body)
                }
            }
        }
    #endif

    /// The input as an array (libFuzzer may pass a null pointer for an empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

#if FUZZING
    /// libFuzzer's driver, present when linked with -sanitize=fuzzer (make fuzz builds only).
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
