import Foundation
@testable import StagehandRender
import Testing

/// cairo and libgd are declared by `Sources/CRenderLibraries` and loaded at run time:
/// the declarations must match the real libraries, a machine without them must get a
/// clear error when it asks for a picture, and commands that draw nothing must work
/// there all the same.
@Suite struct RenderLibrariesTests {
    static let include = RenderEnvironment.repositoryRoot + "/Sources/CRenderLibraries/include"
    static var executable: String { RenderEnvironment.productsDirectory + "/stagehand" }

    /// Prints every size, offset and constant the declarations rely on. Compiled twice:
    /// with `REAL` the real headers come first (and the declarations step aside), without
    /// it only the declarations are seen; both programs must print the same lines. With
    /// `REAL`, the tables are also filled from the real functions (linked by soname), so
    /// a function type that differs from the real prototype stops the compiler
    /// (`-Werror`), and a function the library lacks stops the linker.
    static let layoutProgram = """
        #ifdef REAL
        #include <cairo/cairo.h>
        #include <gd.h>
        #endif
        #include "render_libraries.h"
        #include <stddef.h>
        #include <stdio.h>

        #define SIZE(T) printf("sizeof(%s) = %zu\\n", #T, sizeof(T));
        #define OFFSET(T, f) printf("offsetof(%s, %s) = %zu\\n", #T, #f, offsetof(T, f));
        #define VALUE(c) printf("%s = %d\\n", #c, (int)(c));

        #ifdef REAL
        #define CAIRO_FIELD(result, name, parameters) .name = cairo_##name,
        #define GD_FIELD(result, name, parameters) .name = gd##name,
        static const stagehand_cairo cairo_functions = { STAGEHAND_CAIRO_FUNCTIONS(CAIRO_FIELD) };
        static const stagehand_gd gd_functions = { STAGEHAND_GD_FUNCTIONS(GD_FIELD) };
        #endif

        int main(void) {
            SIZE(cairo_matrix_t) OFFSET(cairo_matrix_t, xx) OFFSET(cairo_matrix_t, yx) OFFSET(cairo_matrix_t, xy)
            OFFSET(cairo_matrix_t, yy) OFFSET(cairo_matrix_t, x0) OFFSET(cairo_matrix_t, y0)
            SIZE(cairo_text_extents_t) OFFSET(cairo_text_extents_t, x_bearing) OFFSET(cairo_text_extents_t, y_bearing)
            OFFSET(cairo_text_extents_t, width) OFFSET(cairo_text_extents_t, height)
            OFFSET(cairo_text_extents_t, x_advance) OFFSET(cairo_text_extents_t, y_advance)
            SIZE(cairo_font_extents_t) OFFSET(cairo_font_extents_t, ascent) OFFSET(cairo_font_extents_t, descent)
            OFFSET(cairo_font_extents_t, height) OFFSET(cairo_font_extents_t, max_x_advance)
            OFFSET(cairo_font_extents_t, max_y_advance)
            SIZE(cairo_status_t) SIZE(cairo_format_t) SIZE(cairo_operator_t) SIZE(cairo_font_slant_t) SIZE(cairo_font_weight_t)
            VALUE(CAIRO_STATUS_SUCCESS) VALUE(CAIRO_STATUS_NO_MEMORY) VALUE(CAIRO_STATUS_WRITE_ERROR)
            VALUE(CAIRO_FORMAT_INVALID) VALUE(CAIRO_FORMAT_ARGB32) VALUE(CAIRO_FORMAT_RGB24)
            VALUE(CAIRO_OPERATOR_SOURCE) VALUE(CAIRO_OPERATOR_OVER)
            VALUE(CAIRO_FONT_SLANT_NORMAL) VALUE(CAIRO_FONT_WEIGHT_NORMAL) VALUE(CAIRO_FONT_WEIGHT_BOLD)
            SIZE(cairo_path_data_t) OFFSET(cairo_path_data_t, header.type) OFFSET(cairo_path_data_t, header.length)
            OFFSET(cairo_path_data_t, point.x) OFFSET(cairo_path_data_t, point.y)
            SIZE(cairo_path_t) OFFSET(cairo_path_t, status) OFFSET(cairo_path_t, data) OFFSET(cairo_path_t, num_data)
            VALUE(CAIRO_PATH_MOVE_TO) VALUE(CAIRO_PATH_LINE_TO) VALUE(CAIRO_PATH_CURVE_TO) VALUE(CAIRO_PATH_CLOSE_PATH)
            OFFSET(gdImage, pixels) OFFSET(gdImage, sx) OFFSET(gdImage, sy)
            SIZE(gdImagePtr)
        #ifdef REAL
            printf("tables: %d\\n", cairo_functions.create != 0 && gd_functions.Free != 0);
        #else
            printf("tables: %d\\n", 1);
        #endif
            return 0;
        }
        """

    /// Compiles the layout program (`real`: against the real headers) and returns what it
    /// prints.
    static func layout(real: Bool, in scratch: Scratch) throws -> String {
        let source = scratch.file("layout.c"), program = scratch.file(real ? "real" : "declared")
        try layoutProgram.write(toFile: source, atomically: true, encoding: .utf8)
        let compile = try Child.run("/usr/bin/env", ["gcc", "-std=c11", "-Wall", "-Werror", "-I", include]
            + (real ? ["-DREAL"] : []) + ["-o", program, source] + (real ? ["-l:libcairo.so.2", "-l:libgd.so.3"] : []))
        try #require(compile.status == 0, "gcc \(real ? "with the real headers" : "with the declarations"): \(compile.errors)")
        let run = try Child.run(program, [])
        try #require(run.status == 0, "\(program) failed: \(run.errors)")
        return run.output
    }

    /// The real headers, which only the -dev packages install.
    static let realHeaders = ["/usr/include/cairo/cairo.h", "/usr/include/gd.h"]

    @Test(.enabled(if: realHeaders.allSatisfy { FileManager.default.fileExists(atPath: $0) },
                   "the real headers are not installed (apt-get install libcairo2-dev libgd-dev to check the declarations against them)"))
    func theDeclarationsMatchTheRealHeaders() throws {
        let scratch = try Scratch()
        let real = try Self.layout(real: true, in: scratch).split(separator: "\n")
        let declared = try Self.layout(real: false, in: scratch).split(separator: "\n")
        #expect(real.count == 41, "\(real)")
        #expect(real.contains("sizeof(cairo_matrix_t) = 48"), "\(real)")
        for (r, d) in zip(real, declared) {
            #expect(r == d, "the real header says \(r), the declaration \(d)")
        }
        #expect(real.count == declared.count)
    }

    /// `name` as a library that cannot be loaded (an empty file) or that lacks functions
    /// (`functions` defined, nothing else), in a folder put first on LD_LIBRARY_PATH.
    static func fakeLibrary(_ name: String, defining functions: [String]? = nil, in scratch: Scratch) throws {
        let path = scratch.file(name)
        guard let functions else {
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            return
        }
        let source = scratch.file(name + ".c")
        try functions.map { "void \($0)(void) {}\n" }.joined().write(toFile: source, atomically: true, encoding: .utf8)
        let compile = try Child.run("/usr/bin/env", ["gcc", "-shared", "-fPIC", "-o", path, source])
        try #require(compile.status == 0, "gcc: \(compile.errors)")
    }

    func stagehand(_ arguments: [String], libraries: Scratch) throws -> Child {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable),
                     "build the products first (swift build): \(Self.executable) is missing")
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("STAGEHAND_") }
        environment["LD_LIBRARY_PATH"] = [libraries.path, environment["LD_LIBRARY_PATH"]].compactMap { $0 }.joined(separator: ":")
        return try Child.run(Self.executable, arguments, directory: RenderEnvironment.repositoryRoot, environment: environment)
    }

    @Test func commandsThatDrawNothingNeverLoadTheLibraries() throws {
        let libraries = try Scratch()
        try Self.fakeLibrary("libcairo.so.2", in: libraries)
        try Self.fakeLibrary("libgd.so.3", in: libraries)
        let scenario = try RenderCLITests.pushScenario()
        let trace = scenario.file("run.json")
        for arguments in [["catalog"], ["info", "crossfade"], ["play", scenario.file("push.json"), "--trace", trace],
                          ["validate", RenderEnvironment.productsDirectory + "/libCrossfade.so"]] {
            let run = try stagehand(arguments, libraries: libraries)
            #expect(run.status == 0, "stagehand \(arguments.joined(separator: " ")): status \(run.status): \(run.errors)")
        }
        #expect(FileManager.default.fileExists(atPath: trace))
    }

    @Test func aPictureWithoutCairoIsAClearError() throws {
        let libraries = try Scratch(), out = try Scratch()
        try Self.fakeLibrary("libcairo.so.2", in: libraries)
        for (format, file) in [("png", "x.png"), ("svg", "x.svg"), ("gif", "x.gif")] {
            let run = try stagehand(["preview", "crossfade", "--format", format, "--out", out.file(file)], libraries: libraries)
            #expect(run.status == 1, "status \(run.status): \(run.errors)")
            let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
            #expect(lines.count == 1, "\(run.errors)")
            let line = String(lines.first ?? "")
            for expected in ["cannot load libcairo.so.2", "libcairo2", "apt-get install libcairo2 libgd3"] {
                #expect(line.contains(expected), "\(line) does not say \(expected)")
            }
        }
        #expect(out.contents.isEmpty, "left behind: \(out.contents)")
    }

    @Test func aLibgdWithoutAFunctionIsAClearError() throws {
        let libraries = try Scratch(), out = try Scratch()
        try Self.fakeLibrary("libgd.so.3", defining: ["gdImageCreate"], in: libraries)
        let run = try stagehand(["preview", "crossfade", "--out", out.file("x.gif")], libraries: libraries)
        #expect(run.status == 1, "status \(run.status): \(run.errors)")
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1, "\(run.errors)")
        let line = String(lines.first ?? "")
        for expected in ["libgd.so.3 has no function gdImageCreateFromGifPtr", "libgd3", "apt-get install libcairo2 libgd3"] {
            #expect(line.contains(expected), "\(line) does not say \(expected)")
        }
        #expect(out.contents.isEmpty, "left behind: \(out.contents)")
        // PNG needs cairo alone, which is there.
        let png = try stagehand(["preview", "crossfade", "--format", "png", "--out", out.file("x.png")], libraries: libraries)
        #expect(png.status == 0, "status \(png.status): \(png.errors)")
    }

}
