// libFuzzer target: a slide show's property list (GLFunPhotos' SlideList over Foundation's
// PropertyListSerialization, XML and binary). Any input must give names or a SlideListError,
// never a crash or a hang; names come back non-empty, without NUL, under the list's folder
// unless absolute. Built and run by scripts/fuzz/run.
import Foundation
import GLFunPhotos

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let names = try? SlideList.names(inPropertyList: Data(bytes: data, count: size), listPath: "/lists/show.plist")
    else { return 0 }
    if names.isEmpty { fatalError("a list with no names was accepted") }
    for n in names where n.contains("\0") || !(n.hasPrefix("/lists/") || n.hasPrefix("/")) {
        fatalError("a name that is not a path: \(n.debugDescription)")
    }
    return 0
}
