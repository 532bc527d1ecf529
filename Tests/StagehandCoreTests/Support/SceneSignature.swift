@testable import StagehandCore

/// Everything observable about a window's scene, one line per view back to front: the
/// hierarchy (by depth), and each view's frame, transform, alpha and hidden state.
/// Two equal signatures mean the user could not tell the scenes apart.
func sceneSignature(_ window: Window) -> [String] {
    var lines: [String] = []
    func walk(_ v: View, depth: Int) {
        let s = v.model
        lines.append("\(String(repeating: " ", count: depth))\(v.displayName) [\(v.kind.rawValue)] frame=\(s.frame) t=\(s.transform3D) alpha=\(s.alpha) hidden=\(s.isHidden)")
        for sub in v.subviews { walk(sub, depth: depth + 1) }
    }
    walk(window, depth: 0)
    return lines
}

/// A navigation controller of `titles` on a fresh stage, on screen.
func makeNavigationStage(_ titles: [String], fps: Int = 60) -> (Stage, NavigationController) {
    let stage = Stage(screen: Size(width: 390, height: 844), framesPerSecond: fps)
    let nav = NavigationController(rootViewController: ViewController(title: titles[0]))
    stage.window.rootViewController = nav
    for t in titles.dropFirst() { nav.pushViewController(ViewController(title: t), animated: false) }
    return (stage, nav)
}
