import CRenderLibraries

/// cairo (drawing, PNG) and libgd (GIF), found at run time in Debian's runtime packages
/// `libcairo2` and `libgd3` rather than linked: the package then builds without their
/// `-dev` packages, and only commands that make pictures load them. Each library is
/// loaded once for the process, by whichever thread asks first.
///
/// Every use of either library starts here, so a machine without them gets an error
/// naming the library and the package to install, never a crash.
enum RenderLibraries {
    /// The command that installs both.
    static let installCommand = "apt-get install \(STAGEHAND_CAIRO_PACKAGE) \(STAGEHAND_GD_PACKAGE)"

    /// cairo's functions.
    static func cairo() throws(RenderError) -> stagehand_cairo {
        guard let table = stagehand_cairo_load() else {
            throw missing("cairo", why: String(cString: stagehand_cairo_error()), package: STAGEHAND_CAIRO_PACKAGE)
        }
        return table.pointee
    }

    /// libgd's functions.
    static func gd() throws(RenderError) -> stagehand_gd {
        guard let table = stagehand_gd_load() else {
            throw missing("libgd", why: String(cString: stagehand_gd_error()), package: STAGEHAND_GD_PACKAGE)
        }
        return table.pointee
    }

    private static func missing(_ library: String, why: String, package: String) -> RenderError {
        RenderError("pictures need \(library): \(why); install Debian's package \(package) (\(installCommand))")
    }
}
