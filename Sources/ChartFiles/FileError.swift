import Foundation

/// Why a file could not be written (or a small file read, `SmallFile`), with a message a user
/// can act on: the file system's refusal or failure, never a painter's. Paths are as the user
/// gave them.
public enum FileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be written, with the file system's reason ("No space left on
    /// device", "no such directory 'out'").
    case cannotWrite(path: String, reason: String)
    /// The output is not a file chartview replaces (a directory, a read-only file, a device),
    /// with what to do instead.
    case refused(path: String, reason: String)
    /// A small file chartview reads whole (a sidecar, a config file) could not be, or may not
    /// be, read: a link not followed, not a regular file, too large, or the system's reason.
    case cannotRead(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .refused(let path, let reason), .cannotRead(let path, let reason): "\(path): \(reason)"
        }
    }

    /// `.cannotWrite` for `path` with `strerror`'s words for `code`.
    public static func cannotWrite(path: String, errno code: Int32) -> FileError {
        .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }

    /// What is wrong with the folder a file `written` (a symbolic link's target, or `path`
    /// itself) is written into, as a failure to write `path`: the folder is missing or not a
    /// folder ("no such directory 'out'"), or it may not be written (`PartialFile.creationFailure`);
    /// nil when the folder is fine, and the failure lies elsewhere.
    public static func folderProblem(writing path: String, to written: String) -> FileError? {
        let directory = (written as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
            return .cannotWrite(path: path, reason: "no such directory '\(folder)'")
        }
        if access(folder, W_OK) != 0 {
            return .cannotWrite(path: path, reason: PartialFile.creationFailure(errno, in: folder))
        }
        return nil
    }
}
