import Foundation

/// A copy of the plugin directories' bundles, made for each load.
///
/// `dlopen` of a path that is already open returns the library loaded before, whatever
/// is in the file now, and a bundle is never unloaded: loading a rebuilt bundle from its
/// own path would run the old code. Each load therefore opens copies in a directory of
/// its own (`generation`), so the next transition runs what the author just built.
struct BundleSnapshot {
    /// Per plugin directory, its copy (same order).
    var directories: [String]
    /// Copy path prefix → original directory, to show people the files they know.
    var originals: [(copy: String, original: String)]

    /// Copies every regular file of each directory (bundles, and whatever sits beside
    /// them) into `root/generation/index/`.
    static func make(of pluginDirectories: [String], in root: String, generation: Int) -> (BundleSnapshot, [String]) {
        let fm = FileManager.default
        var directories: [String] = []
        var originals: [(String, String)] = []
        var problems: [String] = []
        for (index, source) in pluginDirectories.enumerated() {
            let copy = "\(root)/\(generation)/\(index)"
            do {
                try fm.createDirectory(atPath: copy, withIntermediateDirectories: true)
                for name in try fm.contentsOfDirectory(atPath: source).sorted() {
                    let path = source + "/" + name
                    var isDirectory: ObjCBool = false
                    guard fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                    do {
                        try fm.copyItem(atPath: path, toPath: copy + "/" + name)
                    } catch {
                        problems.append("\(path): cannot be copied for loading: \(error.localizedDescription)")
                    }
                }
            } catch {
                problems.append("\(source): cannot be read: \(error.localizedDescription)")
            }
            directories.append(copy)
            originals.append((copy, source))
        }
        return (BundleSnapshot(directories: directories, originals: originals), problems)
    }

    /// The original of a file of a copy (the path itself when it is in none).
    func originalPath(of path: String) -> String {
        for (copy, original) in originals where path.hasPrefix(copy + "/") {
            return original + path.dropFirst(copy.count)
        }
        return path
    }

    /// `text` with every copy's path replaced by its original directory.
    func original(_ text: String) -> String {
        var out = text
        for (copy, original) in originals {
            out = out.replacingOccurrences(of: copy, with: original)
        }
        return out
    }
}
