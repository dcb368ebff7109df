import Foundation

/// The classic sample's `imageNames.plist`, and lists like it: a property list, XML or binary,
/// that is an array of file names, or a dictionary whose `images` key holds one. Names are
/// relative to the list's folder (absolute ones stay as they are).
enum PropertyListNames {
    /// Whether a file's first bytes are a property list's: "bplist" (binary), or "<?xml" /
    /// "<plist" / "<!DOCTYPE plist" after an optional byte-order mark and white space.
    static func looksLikeList(_ head: [UInt8]) -> Bool {
        if head.starts(with: Array("bplist".utf8)) { return true }
        var text = head[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return ["<?xml", "<plist", "<!DOCTYPE plist"].contains { text.starts(with: Array($0.utf8)) }
    }

    /// The paths a property list names.
    static func read(_ path: String) throws(SlideListError) -> [String] {
        func bad(_ reason: String) -> SlideListError { SlideListError(path: path, kind: .badPropertyList(reason: reason)) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= SlideList.maxListBytes else {
            throw SlideListError(path: path, kind: .tooLarge(limit: SlideList.maxListBytes))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SlideListError(path: path, kind: .unreadable(reason: systemReason(error)))
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw bad("not a property list that can be read (XML or binary)")
        }
        let items: [Any], key: String
        if let array = root as? [Any] {
            (items, key) = (array, "")
        } else if let dict = root as? [String: Any] {
            guard let value = dict["images"] else {
                throw bad("the dictionary has no \"images\" key (expected an array of image names)")
            }
            guard let array = value as? [Any] else { throw bad("\"images\" is not an array of image names") }
            (items, key) = (array, "images")
        } else {
            throw bad("expected an array of image names, or a dictionary with an \"images\" array")
        }
        let folder = folderOf(path)
        var names: [String] = []
        for (i, item) in items.enumerated() {
            guard let name = item as? String, !name.isEmpty, !name.contains("\0") else {
                throw bad("\(key)[\(i)] is not a file name (a non-empty string)")
            }
            names.append(name.hasPrefix("/") ? name : join(folder, name))
        }
        guard !names.isEmpty else { throw SlideListError(path: path, kind: .emptyList) }
        return names
    }

    /// The folder part of a path as it was written ("" for a bare name, "/" for the root).
    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
