import ChartCairo
import ChartFiles
import Foundation

/// Where `--output` or `--dump-layout` writes, decided before anything is written, with the
/// policy `cp` and ImageMagick follow for what is there now (`FileDestination`, which the
/// window's save follows too):
/// - `-`: standard output; refused when standard output was closed (`StandardDescriptors`).
/// - a regular file, or no file: written as a `PartialFile` beside it and renamed onto it,
///   keeping a replaced file's mode (and owner and group where permitted); an existing file
///   without write permission is refused ("is read-only"), as is a directory.
/// - a symbolic link: its target is written (the same way), and the link is kept.
/// - a character device or FIFO (`/dev/null`, a named pipe): written directly, without a
///   temporary file; a FIFO is waited for a reader up to `--timeout` seconds.
/// - block devices and sockets are refused.
/// Any output that is one of the inputs (the same file through any path, hard link or
/// symbolic link) is refused: chartview never writes over its data.
struct OutputTarget {
    enum Kind: Equatable {
        case standardOutput
        /// The file to replace (a symbolic link's final target).
        case file(String)
        /// A device or FIFO, written in place.
        case stream(String)
    }

    /// The name the user gave, for messages.
    let name: String
    let kind: Kind
    /// The format to write (for `--output`; a dump is always JSON).
    let format: ChartRenderer.Format?
    /// For a device or FIFO: the folder it was found in, held open, and its name there, so that
    /// it is opened where it was checked (never through a link put in its place meanwhile).
    private let streamEntry: (folder: DirectoryDescriptor, leaf: String)?

    /// The target `name` (given to `flag`) names now; `format` from `--format`, `needsFormat`
    /// for a chart (not a dump). Throws a usage error (status 2) for an output chartview will
    /// not write.
    init(_ name: String, flag: String, format: ChartRenderer.Format? = nil, needsFormat: Bool = false) throws(CommandError) {
        self.name = name
        // The names of descriptor 1 are standard output too: two of them would be one stream
        // (and /dev/stdout onto a pipe names no file to replace).
        if name == "-" || Self.standardOutputNames.contains(name) {
            // Whatever descriptor 1 is now, it is not where the user sent output.
            guard !StandardDescriptors.outputWasClosed else {
                throw .input("\(flag) -: standard output is closed; name a file to write")
            }
            kind = .standardOutput
            streamEntry = nil
        } else {
            do throws(FileError) {
                let destination = try FileDestination(name)
                kind = destination.kind == .file ? .file(destination.path) : .stream(destination.path)
                streamEntry = destination.kind == .file ? nil : destination.folder.map { ($0, (destination.path as NSString).lastPathComponent) }
            } catch {
                throw .input(error.description)
            }
        }
        guard needsFormat else {
            self.format = nil
            return
        }
        if let chosen = format ?? ChartRenderer.Format(path: name) {
            self.format = chosen
        } else if case .file = kind {
            throw .usage("\(name): unknown output format; use a .png, .svg or .pdf file name, or \(CommandOption.format.name)")
        } else {
            self.format = .png
        }
    }

    /// Refuses the target when it is one of `inputs` (the same device and inode: any path,
    /// hard link or symbolic link; `-` is standard input's file, `chartview - --output d.csv <
    /// d.csv`), before anything is written.
    func refuse(inputs: [String]) throws(CommandError) {
        var info = stat()
        switch kind {
        case .standardOutput:
            guard fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        case .file(let path), .stream(let path):
            guard stat(path, &info) == 0 else { return }
        }
        for input in inputs {
            var other = stat()
            // Standard input counts when it is a file (a device such as /dev/null is no input to keep).
            let found = input == "-" ? fstat(STDIN_FILENO, &other) == 0 && other.st_mode & S_IFMT == S_IFREG : stat(input, &other) == 0
            guard found && other.st_dev == info.st_dev && other.st_ino == info.st_ino else { continue }
            let what = input == "-" ? "is standard input's file" : "is one of the inputs"
            throw .input("\(kind == .standardOutput ? "standard output" : name): \(what); choose another output")
        }
    }

    /// The paths that name descriptor 1.
    static let standardOutputNames: Set<String> = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

    /// Whether both targets are the same file (so one write would replace the other). A device
    /// or FIFO takes one write after the other (`/dev/null` twice is fine). Standard output is
    /// the file it was redirected to.
    func isSameFile(as other: OutputTarget) -> Bool {
        switch (kind, other.kind) {
        case (.standardOutput, .file(let path)), (.file(let path), .standardOutput):
            var x = stat(), y = stat()
            guard fstat(STDOUT_FILENO, &x) == 0, x.st_mode & S_IFMT == S_IFREG, stat(path, &y) == 0 else { return false }
            return x.st_dev == y.st_dev && x.st_ino == y.st_ino
        case (.file(let a), .file(let b)):
            var x = stat(), y = stat()
            if stat(a, &x) == 0 && stat(b, &y) == 0 { return x.st_dev == y.st_dev && x.st_ino == y.st_ino }
            // Not there yet: the same name in the same folder (`./out.png` and `out.png`).
            let (folderA, folderB) = ((a as NSString).deletingLastPathComponent, (b as NSString).deletingLastPathComponent)
            guard (a as NSString).lastPathComponent == (b as NSString).lastPathComponent else { return false }
            if stat(folderA.isEmpty ? "." : folderA, &x) == 0 && stat(folderB.isEmpty ? "." : folderB, &y) == 0 {
                return x.st_dev == y.st_dev && x.st_ino == y.st_ino
            }
            return (a as NSString).standardizingPath == (b as NSString).standardizingPath
        default: return false
        }
    }

    /// Runs `body` with a descriptor open on the target: standard output, or the device or
    /// FIFO (waiting up to `timeout` seconds for a FIFO's reader). Only for non-file kinds.
    func withDescriptor(timeout: Double, _ body: (Int32) throws(CommandError) -> Void) throws(CommandError) {
        switch kind {
        case .standardOutput:
            try body(STDOUT_FILENO)
        case .stream(let path):
            guard let (folder, leaf) = streamEntry else {
                throw CommandError(message: "\(name): cannot write: \(path) is gone", status: 1)
            }
            let device = try DeviceOutput(folder: folder, leaf: leaf, name: name, timeout: timeout)
            try body(device.fd)
        case .file:
            preconditionFailure("A file output is written through a PartialFile.")
        }
    }
}
