/// Where a parsed JSON value was written, as a tree shaped like the value: the byte
/// offset where the value starts, and for an object where each member's name starts and
/// each member's own tree (in written order), for an array each element's.
///
/// `JSONValue` stays free of positions (catalogs and manifests are read without them);
/// a reader that must point at a line and a column walks this tree beside the value
/// (`JSONParser.parseLocated`).
struct JSONLocations: Equatable, Sendable {
    var offset: Int
    /// Objects only: the offset of each member's name, in written order.
    var keyOffsets: [Int] = []
    /// Objects: each member's value; arrays: each element.
    var children: [JSONLocations] = []

    init(offset: Int) {
        self.offset = offset
    }

    /// The tree of member or element `index`; the value's own when it has none (a
    /// reader never needs more precision than the value that holds the problem).
    func child(_ index: Int) -> JSONLocations {
        index >= 0 && index < children.count ? children[index] : self
    }

    /// Where member `index`'s name starts (the value's start when unknown).
    func keyOffset(_ index: Int) -> Int {
        index >= 0 && index < keyOffsets.count ? keyOffsets[index] : offset
    }
}
