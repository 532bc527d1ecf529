import StagehandABI
import StagehandCore

extension HostTable {
    /// Matched views and plus-lighter compositing (ABI 1.3): the pairs a transition
    /// offers, flying copies, the real view taken to fly, match identifiers. Handles,
    /// indexes and values are checked as everywhere else: a mistake is a diagnostic and
    /// a neutral answer.
    static func installMatching(_ t: inout sh_host) {
        t.context_matched_pair_count = { handles.context($0, "context_matched_pair_count")?.matchedPairs.count ?? 0 }
        t.context_matched_pair = { c, i, out in
            guard let context = handles.context(c, "context_matched_pair") else { return false }
            guard let out else {
                HostTable.report("context_matched_pair", "NULL output; nothing written")
                return false
            }
            let pairs = context.matchedPairs
            // size_t arrives as Int: (size_t)-1 is -1 here.
            guard i >= 0, i < pairs.count else {
                HostTable.report("context_matched_pair", "index \(UInt(bitPattern: i)) out of range (the transition has \(pairs.count) pairs); false returned")
                return false
            }
            let pair = pairs[i]
            var value = sh_matched_pair()
            value.size = UInt32(MemoryLayout<sh_matched_pair>.size)
            value.identifier = handles.cString(pair.identifier)
            value.source = HostTable.side(pair.source)
            value.destination = HostTable.side(pair.destination)
            // Write only what the caller's struct holds (an older, smaller one).
            let theirs = Int(out.pointee.size)
            guard theirs >= MemoryLayout<UInt32>.size else {
                HostTable.report("context_matched_pair", "the caller's size (\(theirs)) holds nothing; set size = sizeof(sh_matched_pair)")
                return false
            }
            let count = min(theirs, MemoryLayout<sh_matched_pair>.size)
            withUnsafeBytes(of: &value) { source in
                UnsafeMutableRawPointer(out).copyMemory(from: source.baseAddress!, byteCount: count)
            }
            out.pointee.size = UInt32(count)
            return true
        }
        t.context_flying_copy = { c, v in
            guard let context = handles.context(c, "context_flying_copy"), let view = handles.view(v, "context_flying_copy") else { return nil }
            return OpaquePointer(handles.retainTemporarily(context.flyingCopy(of: view), .view))
        }
        t.context_take_view = { c, v in
            guard let context = handles.context(c, "context_take_view"), let view = handles.view(v, "context_take_view") else { return false }
            guard context.takeForFlight(view) else {
                HostTable.report("context_take_view", "'\(view.displayName)' is in no matched pair of this transition; it stays where it is")
                return false
            }
            return true
        }
        t.context_settled_frame = { c, v in
            guard let context = handles.context(c, "context_settled_frame"), let view = handles.view(v, "context_settled_frame") else { return Rect.zero.abi }
            return context.settledFrame(of: view).abi
        }
        t.view_match_id = { v in
            guard let id = handles.view(v, "view_match_id")?.matchID, !id.isEmpty else { return nil }
            return handles.cString(id)
        }
        t.view_set_match_id = { v, s in
            guard let view = handles.view(v, "view_set_match_id") else { return }
            guard let s else {
                view.matchID = nil
                return
            }
            let id = String(cString: s)
            view.matchID = id.isEmpty ? nil : id
        }
        t.view_compositing = { v in
            handles.view(v, "view_compositing")?.compositing == .plusLighter ? SH_COMPOSITING_PLUS_LIGHTER : SH_COMPOSITING_NORMAL
        }
        t.view_set_compositing = { v, mode in
            guard let view = handles.view(v, "view_set_compositing") else { return }
            switch mode {
            case SH_COMPOSITING_NORMAL: view.compositing = .normal
            case SH_COMPOSITING_PLUS_LIGHTER: view.compositing = .plusLighter
            default:
                HostTable.report("view_set_compositing", "unknown compositing \(mode) (SH_COMPOSITING_NORMAL 0 or SH_COMPOSITING_PLUS_LIGHTER 1); the view keeps its own")
            }
        }
    }

    /// One side of a pair as the ABI carries it.
    static func side(_ side: MatchedPair.Side) -> sh_matched_side {
        sh_matched_side(view: handles.opaque(side.view, .view), frame: side.frame.abi, corner_radius: side.cornerRadius,
                        opacity: side.opacity, opaque: side.isOpaque)
    }
}
