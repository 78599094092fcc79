#include "export_command.h"

#include <algorithm>
#include <functional>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <vector>

#include <SDL.h>
#include <glm/vector_relational.hpp>

#include "core/format.h"
#include "draw/figure_words.h"
#include "draw/picture_builder.h"
#include "draw/plot_builder.h"
#include "draw/text_metrics.h"
#include "render/figure.h"
#include "render/gl_context.h"
#include "scene/scene_file.h"
#include "terminal_text.h"

namespace tangent::cli {

namespace {

enum class Format { Png, Svg };

std::optional<Format> format_of(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".png") return Format::Png;
    if (extension == ".svg") return Format::Svg;
    return std::nullopt;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// The PNG draws its labels in the embedded DejaVu Sans through Dear ImGui, which draws a character
// the font lacks as its fallback glyph; the SVG names the font and the viewer substitutes one that
// has it. So a label in Japanese reads "���" in the PNG and right in the SVG: the note names the
// characters and where in the scene they come from.
// The scene's own text on the figure that `holds`, by its key: "caption", "bodies[1].label",
// joined as "caption and bodies[1].label" (the PNG notes below say where their text comes from).
std::string keys_where(const Picture& picture, const Scene& scene, const std::function<bool(const std::string&)>& holds) {
    std::vector<std::string> keys;
    if (picture.count(Role::Caption) > 0 && holds(scene.caption)) keys.emplace_back("caption");
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
        if (holds(scene.bodies[i].label)) keys.push_back("bodies[" + std::to_string(i) + "].label");
    std::string where;
    for (std::size_t i = 0; i < keys.size(); ++i) where += (i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + keys[i];
    return where;
}

// The PNG lays text out as Dear ImGui does, one glyph after another from left to right: Arabic
// and Hebrew come out backwards and unjoined, with no word (a locale review). The SVG's viewer
// lays them out.
std::optional<std::string> right_to_left_note(const Picture& picture, const Scene& scene) {
    const std::string where = keys_where(picture, scene, [](const std::string& text) { return has_right_to_left(text); });
    if (where.empty()) return std::nullopt;
    return "the PNG draws the right-to-left text in " + where +
           " (Arabic, Hebrew) left to right, its letters unjoined; the SVG leaves the layout to the viewer, which gets it right";
}

std::optional<std::string> missing_glyphs_note(const Picture& picture, const Scene& scene) {
    const TextMetrics* metrics = TextMetrics::shared();
    if (metrics == nullptr) return std::nullopt;
    std::vector<char32_t> missing;
    bool replacement_baked = false;  // ImGui's fallback is U+FFFD when the atlas has it, else '?'
    for (const Primitive& p : picture.items) {
        if (p.shape != Shape::Label) continue;
        for (std::size_t at = 0; at < p.text.size();) {
            const char32_t c = next_code_point(p.text, at);
            if (c == 0xFFFD || c > 0xFFFF) replacement_baked = true;  // ImGui reads both as U+FFFD
            if (c != 0xFFFD && !metrics->has_glyph(c, p.bold) &&
                std::find(missing.begin(), missing.end(), c) == missing.end())
                missing.push_back(c);
        }
    }
    if (missing.empty()) return std::nullopt;
    std::string characters;
    std::vector<std::string> encoded;
    for (const char32_t c : missing) {
        std::string one;
        append_utf8(one, c);
        if (!characters.empty()) characters += ", ";
        characters += "'" + one + "'";
        encoded.push_back(std::move(one));
    }
    // where they come from: the scene's own text (the program's labels are all in the font)
    const std::string where = keys_where(picture, scene, [&](const std::string& text) {
        return std::any_of(encoded.begin(), encoded.end(), [&](const std::string& one) { return text.find(one) != std::string::npos; });
    });
    return "the PNG's font (DejaVu Sans) has no glyph for " + characters + (where.empty() ? "" : " (in " + where + ")") +
           ": they are drawn as '" + (replacement_baked ? "\xEF\xBF\xBD" : "?") +
           "'; the SVG names the font and lets the viewer substitute one that has them";
}

}  // namespace

int run_export(const ExportOptions& options, std::ostream& out, std::ostream& err) {
    const auto fail = [&](const std::string& message) {
        err << "tangent export: " << terminal_text(message) << "\n";  // (it may echo a path as typed)
        return 2;
    };
    std::string filename = options.output.filename().string();
    std::transform(filename.begin(), filename.end(), filename.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    if (filename == ".png" || filename == ".svg")  // a file named only an extension is a hidden file with none
        return fail("the output needs a file name before its extension, got '" + options.output.string() + "'");
    const std::optional<Format> format = format_of(options.output);
    if (options.output == "-" && !std::filesystem::exists(options.output))
        return fail("'-' is no file here: a figure is written to a file, not to standard output (give a path ending in .png or .svg)");
    if (!format) return fail("the output must end in .png or .svg, got '" + options.output.string() + "'");
    if (options.width < 1 || options.height < 1 || options.width > kMaxImageSide || options.height > kMaxImageSide)
        return fail("--width and --height must be between 1 and " + std::to_string(kMaxImageSide) + ", got " +
                    std::to_string(options.width) + " x " + std::to_string(options.height));
    if (!std::isfinite(options.scale) || !(options.scale >= 0.1) || !(options.scale <= 16.0))
        return fail("--scale must be between 0.1 and 16, got " + format_number(options.scale));
    if (options.dpi && !(std::isfinite(*options.dpi) && *options.dpi >= 10.0 && *options.dpi <= 10000.0))
        return fail("--dpi must be between 10 and 10000, got " + format_number(*options.dpi));
    if (options.width / options.scale < 16.0 || options.height / options.scale < 16.0)
        return fail(std::to_string(options.width) + " x " + std::to_string(options.height) + " pixels at --scale " +
                    format_number(options.scale) + " leaves a canvas under 16 pixels: make the figure larger" +
                    (options.scale > 1.0 ? " or the scale smaller" : ""));
    if (options.time && !std::isfinite(*options.time)) return fail("--time must be a finite number");
    std::optional<Theme> theme;
    if (options.theme) {
        theme = theme_from_string(*options.theme);
        if (!theme) {
            // (an author printing in grey asks for "grey": print is that theme, an author's review)
            std::string asked = *options.theme;
            std::transform(asked.begin(), asked.end(), asked.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            const bool grey = asked.starts_with("grey") || asked.starts_with("gray") || asked == "bw" || asked == "mono" ||
                              asked == "monochrome" || asked == "black-and-white";
            return fail("--theme must be dark, light or print, got '" + *options.theme + "'" +
                        (grey ? " (print is the one for a page printed in grey: it keeps every mark apart without colour)" : ""));
        }
    }
    if (auto problem = why_unwritable(options.output)) return fail("cannot write " + options.output.string() + ": " + *problem);
    if (same_file(options.scene, options.output))
        return fail("the output " + options.output.string() + " is the scene file itself: writing it would replace the scene");

    Result<LoadedScene> loaded = load_scene(options.scene);
    if (!loaded) return fail(terminal_text(loaded.error().message));
    for (const std::string& warning : loaded->warnings)
        err << "tangent export: warning: " << terminal_text(options.scene.string()) << ": "
            << terminal_text(warning) << "\n";
    if (options.strict && !loaded->warnings.empty()) {
        err << "tangent export: --strict: the scene has " << loaded->warnings.size() << (loaded->warnings.size() == 1 ? " warning" : " warnings")
            << "; nothing written\n";
        return 2;
    }
    Scene scene = loaded->scene;
    if (theme) scene.show.theme = *theme;

    const Result<Encounter> encounter = analyze(scene.body_a(), scene.body_b());
    if (!encounter) return fail(options.scene.string() + ": " + encounter.error().message);
    std::optional<SamplingResult> sampling;
    if (scene.discrete.enabled) {
        Result<SamplingResult> sampled = sample_overlaps(*encounter, scene.sampling());
        if (!sampled) return fail(options.scene.string() + ": discrete: " + sampled.error().message);
        sampling = std::move(sampled).value();
    }
    std::optional<Impact> impact;
    if (scene.response.enabled) {
        Result<Impact> responded = respond(*encounter, scene.response.restitution);
        if (responded) impact = std::move(responded).value();
    }

    // the canvas the figure shows, in canvas pixels; the output is that times the scale
    const glm::dvec2 canvas{options.width / options.scale, options.height / options.scale};
    PictureInput in;
    in.tip_handles = false;  // (nothing to drag on paper)
    in.scene = &scene;
    in.encounter = &*encounter;
    in.sampling = sampling ? &*sampling : nullptr;
    in.impact = impact && !options.no_answers ? &*impact : nullptr;  // (a question's framing says nothing of a bounce)
    in.time = options.time.value_or(scene.time.current);
    scene.time.current = in.time;  // a fit frames the bodies where they are drawn
    in.caption = options.caption;
    in.answers = !options.no_answers;
    // the moment shown, where the figure is not simply the scene as it starts: --time asked for
    // it (a film strip, t = 0 among the rest), or the scene was kept at another time
    in.time_stamp = !options.no_time_stamp && (options.time.has_value() || in.time != 0.0);
    if (options.relative) scene.show.relative_frame = *options.relative;
    in.relative_blend = scene.show.relative_frame ? 1.0 : 0.0;
    const bool saved_view = scene.view.center && scene.view.zoom && !options.fit;
    if (options.fit) scene.view = {};
    const PlotQuantity quantity = options.gap ? PlotQuantity::Gap : PlotQuantity::Quadratic;
    // the time plot on a canvas of `size` canvas pixels
    const auto plot_input = [&](glm::dvec2 size) {
        PlotInput plot;
        plot.scene = &scene;
        plot.encounter = &*encounter;
        plot.sampling = in.sampling;
        plot.impact = in.impact;
        plot.quantity = quantity;
        plot.canvas_px = size;
        plot.axes = default_plot_axes(scene, *encounter, quantity, size, 1.0f);
        plot.time = in.time;
        return plot;
    };
    // the figure on a canvas of `size` canvas pixels (the note on small text below tries others)
    const auto draw = [&](glm::dvec2 size) {
        if (options.plot) {
            return build_plot(plot_input(size));
        }
        PictureInput at = in;
        at.view = scene_view(scene, *encounter, size, 1.0f, in.impact, in.relative_blend, options.caption);
        return build_picture(at);
    };
    const Picture picture = draw(canvas);
    if (options.plot) {
        // a film strip's plots past the time axis would all look alike, with nothing to say so
        const PlotAxes axes = default_plot_axes(scene, *encounter, quantity, canvas, 1.0f);
        if (options.time && (in.time < axes.t_min || in.time > axes.t_max))
            err << "tangent export: note: t = " << format_number(in.time) << " lies outside the plot's time axis, t = "
                << format_number(axes.t_min) << " to " << format_number(axes.t_max)
                << ": the plot has no time cursor there (the canvas figure, without --plot, shows that moment)\n";
        // f(t) past a double's range: the figure is its sentence alone, no axes and no curve (an
        // author's review: said on the figure only, exit 0 and nothing on stderr)
        for (const Primitive& p : picture.items)
            if (p.role == Role::Caption && p.text.starts_with("f(t) lies ")) {
                err << "tangent export: note: f(t) lies " << (p.text.find("beyond") != std::string::npos ? "beyond" : "below")
                    << " the range of a double for this scene, so the plot has no axes and no curve, only a sentence saying so: "
                       "--plot --gap plots the gap |Δp + tΔv| − R instead\n";
                break;
            }
    } else {
        // a figure made, but not all of what was asked: say so (the figure alone does not show it)
        if (options.caption && options.no_answers && !scene.caption.empty())
            err << "tangent export: note: --caption with --no-answers writes the scene's note, which may tell the answer: "
                   "leave --caption out, or write the question as the scene's caption\n";
        if (options.caption && scene.caption.empty())
            err << "tangent export: note: --caption: " << terminal_text(options.scene.string())
                << " has no caption (the scene file's \"caption\"), so the figure has none\n";
        if (options.caption && !scene.caption.empty() && picture.count(Role::Caption) == 0)
            err << "tangent export: note: the caption did not fit at this size and is left out (a larger --height or a "
                   "smaller --scale leaves room for it)\n";
        // framed to hold the bodies where they are then: a film strip's frames past the paths'
        // span each come out at a scale of their own, which the figures do not show
        if (const TimeSpan span = path_span(scene, *encounter); !saved_view && (in.time < span.begin || in.time > span.end))
            err << "tangent export: note: t = " << format_number(in.time) << " lies outside the paths' span, t = "
                << format_number(span.begin) << " to " << format_number(span.end)
                << ": the figure is framed to hold the bodies there, so its scale differs from the figures within it\n";
        // the case badge and the banner over the story: a canvas too small to keep them clear
        // (8 cm at --scale 3.3 hid B and its path under the banner, silently: an author's review)
        if (const Covered covered = under_overlays(picture); covered.any()) {
            std::string what;
            for (int i = 0; i < 2; ++i) {
                if (covered.of[i] == 0) continue;
                const std::string name = terminal_text(scene.name(i));
                const std::string part = covered.of[i] == Covered::kPath ? name + "'s path"
                                         : covered.of[i] == Covered::kDisc ? name
                                                                           : name + " and " + name + "'s path";
                what += (what.empty() ? "" : ", ") + part;
            }
            err << "tangent export: note: the case badge" << (picture.count(Role::Banner) > 0 ? " and the banner lie" : " lies") << " over "
                << what << " at this size: "
                << (saved_view ? "--fit frames the scene clear of them, or a larger figure or a smaller --scale leaves room"
                               : "a larger --width and --height, or a smaller --scale, leaves room for both")
                << "\n";
        }
        if (in.time_stamp && picture.count(Role::TimeStamp) == 0)
            err << "tangent export: note: the time stamp did not fit beside the case badge at this size and is left out (a "
                   "larger figure or a smaller --scale leaves room for it)\n";
        // (the scene's saved view can be what puts it there, a zoom of 1e20 say: then the note
        // names --fit, which frames it, and does not blame the body's coordinates)
        const bool finite_now = std::isfinite(scene.body_a().position_at(in.time).x) && std::isfinite(scene.body_a().position_at(in.time).y) &&
                                std::isfinite(scene.body_b().position_at(in.time).x) && std::isfinite(scene.body_b().position_at(in.time).y);
        if (picture.count(Role::Body) < 2)
            err << "tangent export: note: at t = " << format_number(in.time)
                << (saved_view && finite_now ? " a body lies too far off the figure for the view the scene saved to place it: it is not "
                                 "drawn (--fit frames both paths and the contact)\n"
                               : " a body is too far out to place on a figure (its coordinates overflow): it is not drawn\n");
        // the scene's saved view, made for another window, may leave a body off a figure of
        // another shape (a 600 x 1200 figure can show neither circle whole)
        if (saved_view) {
            const Bounds visible = picture.view.visible();
            for (const Primitive& p : picture.items) {
                if (p.role != Role::Body || p.shape != Shape::Disc || p.body < 0 || p.body > 1) continue;
                const glm::dvec2 low = p.p0 - glm::dvec2(p.radius);
                const glm::dvec2 high = p.p0 + glm::dvec2(p.radius);
                const bool inside = glm::all(glm::greaterThanEqual(low, visible.min)) && glm::all(glm::lessThanEqual(high, visible.max));
                if (inside) continue;
                const bool off = glm::any(glm::lessThanEqual(high, visible.min)) || glm::any(glm::greaterThanEqual(low, visible.max));
                err << "tangent export: note: with the view the scene saved, "
                    << terminal_text(scene.name(p.body)) << " is "
                    << (off ? "off the figure" : "cut by its edge") << " (--fit frames both paths and the contact)\n";
            }
        }
        // a velocity arrow that runs off the figure has no head on it, and in print its shaft
        // along the path reads as the path (a fast bullet framed by its story: an author's recheck)
        const Bounds visible = picture.view.visible();
        for (const Primitive& p : picture.items) {
            if (p.role != Role::Velocity || p.shape != Shape::Arrow || p.body < 0 || p.body > 1) continue;
            const bool base_in = glm::all(glm::greaterThanEqual(p.p0, visible.min)) && glm::all(glm::lessThanEqual(p.p0, visible.max));
            const bool tip_in = glm::all(glm::greaterThanEqual(p.p1, visible.min)) && glm::all(glm::lessThanEqual(p.p1, visible.max));
            if (!base_in || tip_in) continue;
            err << "tangent export: note: " << terminal_text(scene.name(p.body)) << "'s velocity arrow (v × "
                << format_number(scene.arrow_time()) << ") runs off the figure, its head with it"
                << (saved_view ? "" : ": the figure frames the contact, where the whole arrow would draw it at less than half the size")
                << "\n";
        }
    }

    if (*format == Format::Png) {
        if (auto note = missing_glyphs_note(picture, scene)) err << "tangent export: note: " << terminal_text(*note) << "\n";
        if (auto note = right_to_left_note(picture, scene)) err << "tangent export: note: " << terminal_text(*note) << "\n";
    }

    // a page at --dpi prints the text at the pixels the figure gives it: 14 px at 300 dpi is 3.4 pt,
    // which no one reads (a book's captions are 8 pt; 6 pt is about the least that reads)
    // (without --dpi, at the 96 dpi a PNG states and an SVG's pixels are: --scale 0.1 set every
    // text 1 px high with no word of it, an author's review)
    {
        const double dpi = options.dpi.value_or(96.0);
        // The smallest text's em (what a point size measures; ImGui's size is ascent - descent), in
        // points on the page, of a figure drawn at `scale`. At this --width and --height (the size
        // on the page --dpi gives them) a larger --scale leaves a smaller canvas, where the badge
        // and the banner are drawn a step smaller: the scale that sets every text at 6 pt is found
        // by drawing the figure at each, not worked out from this one (a figure author's review:
        // the advice taken, the text was still under 6 pt, three times over).
        const TextMetrics* metrics = TextMetrics::shared();
        const auto smallest_points = [&](const Picture& drawn, double scale) {
            double smallest = 0.0;
            for (const Primitive& p : drawn.items) {
                if (p.shape != Shape::Label || p.text.empty() || !(p.font_px > 0.0f)) continue;
                // (only what the figure shows: a label wholly off a tiny figure was counted, and
                // the note said 5.7 pt where the SVG's smallest was 5.95: a recheck)
                if (metrics != nullptr) {
                    const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
                    const TextBox box = label_box(p, drawn.view, {extent.width, extent.height});
                    const glm::dvec2 end = box.top_left + box.size;
                    if (end.x <= 0.0 || end.y <= 0.0 || box.top_left.x >= drawn.view.size_px.x || box.top_left.y >= drawn.view.size_px.y)
                        continue;
                }
                const double em = metrics != nullptr ? metrics->em_size(p.font_px, p.bold) : p.font_px;
                if (smallest == 0.0 || em < smallest) smallest = em;
            }
            return smallest * scale / dpi * 72.0;
        };
        constexpr double kLeastPoints = 6.0;
        const double points = smallest_points(picture, options.scale);
        if (points > 0.0 && points < kLeastPoints) {
            std::optional<double> enough;
            bool stopped_by_overlays = false;  // the search ended where the badge and banner came over the scene
            double best = points;
            double best_scale = options.scale;
            // every tenth from the scale given up (a label that goes at a larger scale can make a
            // smaller one enough: starting from the straight-line estimate overshot, and where that
            // lay past the largest scale the size allows the best was said to be the scale given),
            // the caption asked for still drawn (a scale that left it out was advised: a recheck)
            for (int tenths = static_cast<int>(std::floor(options.scale * 10.0 + 1e-9)) + 1;
                 tenths <= 160 && options.width * 10.0 / tenths >= 16.0 && options.height * 10.0 / tenths >= 16.0; ++tenths) {
                const double scale = tenths / 10.0;
                const Picture drawn = draw({options.width / scale, options.height / scale});
                if (options.caption && picture.count(Role::Caption) > 0 && drawn.count(Role::Caption) == 0) continue;
                // nor one whose badge and banner cover the scene: the larger scales leave them less
                // room still (advised, --scale 3.3 hid B: an author's review; and where they covered
                // it already, 3.1 was advised, covered still: a recheck)
                if (!options.plot && under_overlays(drawn).any()) {
                    stopped_by_overlays = true;
                    break;
                }
                const double at = smallest_points(drawn, scale);
                if (at > best) {
                    best = at;
                    best_scale = scale;
                }
                if (at >= kLeastPoints) {
                    enough = scale;
                    break;
                }
            }
            // (written a tenth down: "6 pt, too small" read as a contradiction at 5.98)
            // to a tenth, rounded down; below 1 pt to one significant digit (0.08 pt read "0 pt")
            const auto tenth = [](double pt) { return pt >= 1.0 ? format_number(std::floor(pt * 10.0) / 10.0) : format_at_most(pt, 1); };
            err << "tangent export: note: at " << format_number(dpi) << " dpi" << (options.dpi ? "" : " (a screen's, as no --dpi is given)")
                << " the figure's smallest text is "
                << tenth(points) << " pt, under the 6 pt that is about the least that reads on paper: ";
            if (enough) {
                err << "--scale " << format_number(std::round(*enough * 10.0) / 10.0)
                    << " sets every text at 6 pt or more at this --width and --height\n";
            } else {
                err << "no --scale sets every text at 6 pt at this --width and --height"
                    << (stopped_by_overlays ? " and keeps the case badge and the banner off the scene" : "")
                    << (options.caption && picture.count(Role::Caption) > 0 ? " with the caption kept" : "") << " (at best " << tenth(best)
                    << " pt, --scale "
                    << format_number(std::round(best_scale * 10.0) / 10.0) << "): a larger figure" << (options.dpi ? " or a smaller --dpi" : "") << "\n";
            }
        }
    }

    // light lines and text on no background: white paper, where such a figure usually goes, hides them
    if (options.transparent && scene.show.theme == Theme::Dark)
        err << "tangent export: note: --transparent keeps the dark theme's light lines and text, which need a dark page "
               "behind them (for white paper: --theme print or --theme light)\n";

    FigureFile file;
    file.path = options.output;
    file.svg = *format == Format::Svg;
    file.width = options.width;
    file.height = options.height;
    file.pixel_ratio = options.scale;
    file.transparent = options.transparent;
    file.dpi = options.dpi.value_or(96.0);
    file.svg_in_inches = options.dpi.has_value();
    // the figure in words (the SVG's title and desc, the PNG's text): a question's name no answer
    // (the scene's note may tell what happens, "they never touch")
    FigureWords words = options.plot ? figure_words(plot_input(canvas), picture, !options.no_answers) : figure_words(in, picture);
    file.title = std::move(words.title);
    file.description = std::move(words.description);
    // a PNG needs OpenGL (offscreen, no display); an SVG none
    std::unique_ptr<HeadlessGl> gl;
    std::unique_ptr<ShapeRenderer> renderer;
    if (!file.svg) {
        // SDL's video start-up would otherwise take SIGINT and SIGTERM for quit events that no
        // one reads: Ctrl-C would leave a large export running to its end (the window says the same)
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
        Result<std::unique_ptr<HeadlessGl>> context = HeadlessGl::create();
        if (!context) {
            err << "tangent export: cannot start OpenGL for the PNG: " << context.error().message
                << "\n  (an SVG needs no OpenGL: -o figure.svg)\n";
            return 1;
        }
        gl = std::move(context).value();
        Result<std::unique_ptr<ShapeRenderer>> created = ShapeRenderer::create();
        if (!created) {
            err << "tangent export: " << created.error().message << "\n";
            return 1;
        }
        renderer = std::move(created).value();
    }
    // the request was good and the writing failed (a full disk, a file-size limit): 1, as a save does
    if (auto error = write_figure(renderer.get(), picture, file)) {
        err << "tangent export: " << error->message << "\n";
        return 1;
    }
    out << "wrote " << terminal_text(options.output.string()) << " (" << options.width << " x " << options.height
        << (file.svg ? " SVG" : " PNG");
    if (options.dpi) {  // the size on the page, as the author asked for it
        const auto length = [](double inches) {
            char text[32];
            std::snprintf(text, sizeof text, "%.2f", inches);
            return std::string(text);
        };
        out << ", " << format_number(*options.dpi) << " dpi: " << length(options.width / *options.dpi) << " x "
            << length(options.height / *options.dpi) << " in, " << length(options.width / *options.dpi * 2.54) << " x "
            << length(options.height / *options.dpi * 2.54) << " cm";
    }
    out << ")\n";
    return 0;
}

}  // namespace tangent::cli
