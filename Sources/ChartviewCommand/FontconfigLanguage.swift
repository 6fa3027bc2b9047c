import Foundation

/// Keeps Fontconfig from writing "Fontconfig warning: ignoring xx_INVALID: not a valid region
/// tag" on stderr for a locale it cannot read (an error must be chartview's one line, and a
/// render nothing): Fontconfig takes the default language from `FC_LANG`, else from `LC_ALL`,
/// `LC_CTYPE` or `LANG`. When `FC_LANG` is unset and the locale's name is not a language with an
/// optional two-letter or three-digit region (`de`, `pt_BR`, `es_419`, `C`, `POSIX`), this sets
/// `FC_LANG` to its language part (or `en`), which only steers the choice among fonts.
enum FontconfigLanguage {
    static func settle() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["FC_LANG"] == nil else { return }
        guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return }
        // "pt_BR.UTF-8@euro" → "pt_BR".
        let name = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        if name == "C" || name == "POSIX" || isValid(name) { return }
        let language = name.split(separator: "_").first.map(String.init) ?? ""
        setenv("FC_LANG", isLanguage(language) ? language : "en", 1)
    }

    private static func isLanguage(_ text: String) -> Bool {
        (2...3).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLowercase }
    }

    private static func isValid(_ name: String) -> Bool {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, isLanguage(String(language)), parts.count <= 2 else { return false }
        guard parts.count == 2 else { return true }
        let region = parts[1]
        return (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase })
            || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
    }
}
