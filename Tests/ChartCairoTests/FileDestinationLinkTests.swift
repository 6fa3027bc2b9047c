import ChartFiles
import Foundation
import Testing

/// Which symbolic links a write follows (`FileDestination`, `PartialFile`): a link at a name the
/// user gave is followed, except another user's link in a shared sticky folder (as the kernel's
/// `protected_symlinks`); a link at a name chartview made up (a sidecar) never is. Before, every
/// link was followed: a planted `data.csv.chartview.json → ~/.bash_login` was created by the
/// first note, and `--output` through another user's link in `/tmp` replaced root's file.
@Suite struct FileDestinationLinkTests {
    func withDirectory(mode: mode_t = 0o755, _ body: (String) throws -> Void) throws {
        let dir = NSTemporaryDirectory() + "chartview-links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, mode)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    func write(_ text: String, through partial: PartialFile) throws {
        let bytes = Array(text.utf8)
        #expect(Foundation.write(partial.fd, bytes, bytes.count) == bytes.count)
        try partial.commit()
    }

    @Test func aDerivedNameRefusesAnyLinkAndCreatesNothing() throws {
        try withDirectory { dir in
            let target = dir + "/bash_login"
            try FileManager.default.createSymbolicLink(atPath: dir + "/d.csv.chartview.json", withDestinationPath: target)
            #expect(throws: FileError.self) { try PartialFile(destination: dir + "/d.csv.chartview.json", naming: .derived) }
            do {
                _ = try FileDestination(dir + "/d.csv.chartview.json", naming: .derived)
            } catch {
                #expect("\(error)".hasPrefix("\(dir)/d.csv.chartview.json: is a symbolic link"), "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: target))
            // To an existing file too: it is kept.
            try Data("echo hi\n".utf8).write(to: URL(fileURLWithPath: target))
            #expect(throws: FileError.self) { try PartialFile(destination: dir + "/d.csv.chartview.json", naming: .derived) }
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "echo hi\n")
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["d.csv.chartview.json", "bash_login"])
            // No link: written.
            try write("{}", through: PartialFile(destination: dir + "/e.csv.chartview.json", naming: .derived))
            #expect(try String(contentsOfFile: dir + "/e.csv.chartview.json", encoding: .utf8) == "{}")
        }
    }

    /// As root (the tests' user) with a link owned by `nobody`: in a sticky world-writable
    /// folder it is refused, in an ordinary folder followed; the user's own link and the
    /// folder owner's are followed in the sticky one.
    @Test(arguments: [(0o1777, 65534, false), (0o755, 65534, true), (0o1777, -1, true)] as [(Int, Int, Bool)])
    func aLinkInASharedStickyFolderIsFollowedOnlyWhenItsOwnerMayBeTrusted(folderMode: Int, linkOwner: Int, followed: Bool) throws {
        let owner = linkOwner < 0 ? geteuid() : uid_t(linkOwner)
        try #require(geteuid() == 0 || owner == geteuid(), "changing a link's owner needs root")
        try withDirectory(mode: mode_t(folderMode)) { dir in
            let victim = dir + "/victim.txt"
            try Data("mine\n".utf8).write(to: URL(fileURLWithPath: victim))
            try FileManager.default.createSymbolicLink(atPath: dir + "/out.txt", withDestinationPath: victim)
            #expect(lchown(dir + "/out.txt", owner, gid_t(owner == 0 ? 0 : 65534)) == 0)
            if followed {
                try write("new\n", through: PartialFile(destination: dir + "/out.txt"))
                #expect(try String(contentsOfFile: victim, encoding: .utf8) == "new\n")
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/out.txt") == victim)
            } else {
                do {
                    _ = try PartialFile(destination: dir + "/out.txt")
                    Issue.record("another user's link in a sticky folder was followed")
                } catch {
                    #expect("\(error)".contains("is a symbolic link in a shared folder"), "\(error)")
                }
                #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
            }
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["out.txt", "victim.txt"])
        }
    }

    @Test func aSmallFileReadRefusesLinksDevicesAndSize() throws {
        try withDirectory { dir in
            try Data("abc".utf8).write(to: URL(fileURLWithPath: dir + "/f"))
            #expect(try SmallFile.contents(of: dir + "/f", limit: 3, links: .refused) == Data("abc".utf8))
            #expect(try SmallFile.contents(of: dir + "/missing", limit: 3, links: .refused) == nil)
            #expect(throws: FileError.self) { try SmallFile.contents(of: dir + "/f", limit: 2, links: .refused) }
            try FileManager.default.createSymbolicLink(atPath: dir + "/zero", withDestinationPath: "/dev/zero")
            #expect(throws: FileError.self) { try SmallFile.contents(of: dir + "/zero", limit: 100, links: .ownedByUser) }
            #expect(throws: FileError.self) { try SmallFile.contents(of: dir + "/zero", limit: 100, links: .refused) }
            try FileManager.default.createSymbolicLink(atPath: dir + "/l", withDestinationPath: dir + "/f")
            #expect(throws: FileError.self) { try SmallFile.contents(of: dir + "/l", limit: 100, links: .refused) }
            #expect(try SmallFile.contents(of: dir + "/l", limit: 100, links: .ownedByUser) == Data("abc".utf8))
            // A sparse file of 6 GB is refused by its size, not read.
            let sparse = open(dir + "/sparse", O_CREAT | O_WRONLY, 0o644)
            #expect(ftruncate(sparse, 6 << 30) == 0)
            close(sparse)
            #expect(throws: FileError.self) { try SmallFile.contents(of: dir + "/sparse", limit: 1 << 20, links: .refused) }
        }
    }
}
