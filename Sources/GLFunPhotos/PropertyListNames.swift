import Foundation
import GLFunImages

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
        let file: (bytes: [UInt8], size: Int)
        do { file = try RegularFile.read(path, upTo: SlideList.maxListBytes + 1) } catch {
            throw SlideListError(path: path, problem: error)
        }
        guard file.bytes.count <= SlideList.maxListBytes else {
            throw SlideListError(path: path, kind: .tooLarge(limit: SlideList.maxListBytes))
        }
        let data = Data(file.bytes)
        return try names(in: data, listPath: path)
    }

    /// The paths a property list's bytes name, relative to the list at `path`.
    static func names(in data: Data, listPath path: String) throws(SlideListError) -> [String] {
        func bad(_ reason: String) -> SlideListError { SlideListError(path: path, kind: .badPropertyList(reason: reason)) }
        guard data.count <= SlideList.maxListBytes else {
            throw SlideListError(path: path, kind: .tooLarge(limit: SlideList.maxListBytes))
        }
        // Foundation's parsers recurse once a level: a list nested 10,000 deep overflowed the
        // stack. Its depth (and, binary, its cycles) is measured first, without recursion.
        if PropertyListDepth.isTooDeep(data, limit: SlideList.maxListDepth) {
            throw SlideListError(path: path, kind: .tooDeep(limit: SlideList.maxListDepth))
        }
        // PropertyListDecoder (Swift all through), not PropertyListSerialization: the latter
        // bridges what it reads to Swift values and crashed on a binary list holding a set
        // of dictionaries (a fuzzing finding, PlistFuzzFindingsTests).
        let root: ListRoot
        do {
            root = try PropertyListDecoder().decode(ListRoot.self, from: data)
        } catch {
            throw bad("not a property list that can be read (XML or binary)")
        }
        let items: [ListEntry], key: String
        switch root {
        case let .array(entries): (items, key) = (entries, "")
        case let .dictionary(images):
            guard let images else {
                throw bad("the dictionary has no \"images\" key (expected an array of image names)")
            }
            guard let array = images else { throw bad("\"images\" is not an array of image names") }
            (items, key) = (array, "images")
        case .other:
            throw bad("expected an array of image names, or a dictionary with an \"images\" array")
        }
        let folder = folderOf(path)
        var names: [String] = []
        for (i, item) in items.enumerated() {
            guard let name = item.name, !name.isEmpty, !name.contains("\0") else {
                throw bad("\(key)[\(i)] is not a file name (a non-empty string)")
            }
            let file = FileName.string(Array(name.utf8))  // its own bytes when opened
            names.append(file.hasPrefix("/") ? file : join(folder, file))
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

/// A list's root as far as a slide list cares: an array of entries, a dictionary with (or
/// without) an `images` value that is (or is not) an array, or anything else.
enum ListRoot: Decodable {
    case array([ListEntry])
    /// nil: no `images` key; .some(nil): `images` is not an array.
    case dictionary(images: [ListEntry]??)
    case other

    private enum Key: String, CodingKey { case images }

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var entries: [ListEntry] = []
            while !list.isAtEnd { entries.append(try list.decode(ListEntry.self)) }
            self = .array(entries)
        } else if let dict = try? decoder.container(keyedBy: Key.self) {
            guard dict.contains(.images) else { self = .dictionary(images: nil); return }
            self = .dictionary(images: .some(try? dict.decode([ListEntry].self, forKey: .images)))
        } else {
            self = .other
        }
    }
}

/// One entry of the list: a name when it is a string, else nil (whatever else it is).
struct ListEntry: Decodable {
    var name: String?
    init(from decoder: any Decoder) throws {
        name = try? decoder.singleValueContainer().decode(String.self)
    }
}
