import Foundation
import Logging

/// How verbose the library's diagnostics are on stderr (swift-log's `StreamLogHandler`):
/// `--verbose` (anywhere on the command line; taken out before the arguments are parsed) is
/// `debug`, `GLFUN_LOG_LEVEL=trace|debug|info|notice|warning|error|critical` says it outright;
/// with neither, `warning`: the library logs only at debug and trace, so nothing is printed.
enum CLILogging {
    struct BadLevel: Error, CustomStringConvertible {
        var given: String
        var description: String {
            "GLFUN_LOG_LEVEL must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(given)\""
        }
    }

    /// The arguments without `--verbose`, and the level asked for.
    static func level(arguments: [String], environment: [String: String]) throws(BadLevel) -> ([String], Logger.Level) {
        var args = arguments
        var level = Logger.Level.warning
        if let env = environment["GLFUN_LOG_LEVEL"], !env.isEmpty {
            guard let l = Logger.Level(rawValue: env.lowercased()) else { throw BadLevel(given: env) }
            level = l
        }
        if let i = args.firstIndex(of: "--verbose") {
            args.remove(at: i)
            level = min(level, .debug)
        }
        return (args, level)
    }

    /// Every logger prints to stderr from `level` up.
    static func bootstrap(_ level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var h = StreamLogHandler.standardError(label: label)
            h.logLevel = level
            return h
        }
    }
}
