import StagehandCore

/// Where a value sits in a JSON document, printed the way a person would write it:
/// `effects[2].parameters[0].type`. Diagnostics use it as their `field`.
struct JSONPath: CustomStringConvertible, Equatable {
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    /// A name printed before the first component ("manifest" for a bundle's embedded
    /// manifest, so its fields read `manifest.effects[0].kind`); empty for a file.
    var root: String
    var components: [Component] = []

    init(root: String = "") {
        self.root = root
    }

    func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    var description: String {
        var text = root
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainKey(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[\"\(key)\"]"
            }
        }
        return text
    }

    private static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-" }
    }
}
