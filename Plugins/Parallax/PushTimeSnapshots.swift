import StagehandSDK

/// The snapshots of the old screen that parallax-push takes, kept for parallax-pop: the
/// recipe keeps a screenshot of each page it leaves, taken at push time, and a pop shows
/// the page underneath by that screenshot.
///
/// The host keeps a view alive only while it is in a hierarchy (a snapshot alone dies
/// with the transition that made it), so between the push and the pop the snapshot
/// waits, hidden, inside the view of the page it shows: that view is off screen while
/// the page is covered, and the snapshot lives as long as the page. This table maps the
/// page's view to it. parallax-push and parallax-pop are separate effect objects (and
/// several scenes may run on several threads), hence one table for the bundle, behind
/// a lock.
enum PushTimeSnapshots {
    private static let table = Locked<[View: View]>([:])

    /// Keeps `snapshot` for `page`, hidden inside the page's view, in place of any
    /// snapshot kept for it before.
    static func keep(_ snapshot: View, for page: View) {
        if let previous = self.snapshot(for: page), previous != snapshot { previous.removeFromSuperview() }
        View.performWithoutAnimation {
            snapshot.transform = .identity
            snapshot.isHidden = true
        }
        page.addSubview(snapshot)
        table.withLock { $0[page] = snapshot }
    }

    /// The snapshot kept for `page`, if it is still there; it stays kept until `forget`.
    static func snapshot(for page: View) -> View? {
        guard let snapshot = table.withLock({ $0[page] }) else { return nil }
        // Compared by handle only: nothing is asked of a snapshot that may have gone.
        guard page.subviews.contains(snapshot) else {
            forget(page)
            return nil
        }
        return snapshot
    }

    /// Drops the entry for `page` (its pop completed).
    static func forget(_ page: View) {
        _ = table.withLock { $0.removeValue(forKey: page) }
    }
}
