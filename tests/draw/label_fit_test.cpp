// The labels that explain the picture (the badge and its sentence, the banner and its legend, the
// caption, the contact times, the closest approach, the pitfall notes, the relative frame's R,
// the bodies' names) stand whole on the canvas at any size, and say what the case is in words a
// student reads the same way as the picture.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>
#include <nlohmann/json.hpp>

#include "cli/analyze_command.h"
#include "core/discrete.h"
#include "core/encounter.h"
#include "core/response.h"
#include "draw/motion.h"
#include "draw/picture_builder.h"
#include "draw/shape_geometry.h"
#include "draw/text_metrics.h"
#include "draw/theme.h"
#include "embedded/embedded.h"
#include "scene/scene_file.h"

namespace tangent {
namespace {

Scene preset(std::string_view name) {
    const embedded::File* file = embedded::find(embedded::presets(), name);
    EXPECT_NE(file, nullptr) << name;
    Result<LoadedScene> loaded = parse_scene(file->text(), name);
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message);
    return loaded->scene;
}

bool explains(Role role) {
    switch (role) {
        case Role::Badge:
        case Role::Banner:
        case Role::Caption:
        case Role::GhostLabel:
        case Role::ClosestLabel:
        case Role::PitfallGhost:
        case Role::RelativeCircle:
        case Role::BodyLabel: return true;
        default: return false;
    }
}

// A label's text with its lines joined again by the spaces they were broken at.
std::string joined(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

// Its words, whatever spaces and line breaks stand between them ("HIT   D > 0" breaks at the
// spaces that part its two halves): a word cut in two at a line's end is two words here.
std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string word;
    for (const char c : text + ' ') {
        if (c != ' ' && c != '\n') {
            word += c;
        } else if (!word.empty()) {
            out.push_back(std::move(word));
            word.clear();
        }
    }
    return out;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t begin = 0;
    for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1) lines.push_back(text.substr(begin, end - begin));
    lines.push_back(text.substr(begin));
    return lines;
}

// Signs that bind the words on either side: "t = 4", "D < 0", "a + b".
bool is_operator(const std::string& word) {
    for (const char* sign : {"=", "<", ">", "≤", "≥", "≈", "+", "−", "-", "·", "×"})
        if (word == sign) return true;
    return false;
}

// One scene, with what the window and the export compute for it, drawn at a time and frame.
struct Drawn {
    Scene scene;
    Encounter encounter;
    std::optional<SamplingResult> sampling;
    std::optional<Impact> impact;

    explicit Drawn(Scene s) : scene(std::move(s)), encounter(analyze(scene.body_a(), scene.body_b()).value()) {
        if (scene.discrete.enabled) sampling = sample_overlaps(encounter, scene.sampling()).value();
        if (scene.response.enabled)
            if (Result<Impact> responded = respond(encounter, scene.response.restitution)) impact = std::move(responded).value();
    }

    // (centred on `center` where given, else as fitted)
    Picture picture(glm::dvec2 size, float scale, double time, double relative_blend,
                    std::optional<glm::dvec2> center = std::nullopt) {
        scene.time.current = time;
        PictureInput in;
        in.scene = &scene;
        in.encounter = &encounter;
        in.sampling = sampling ? &*sampling : nullptr;
        in.impact = impact ? &*impact : nullptr;
        in.time = time;
        in.scale = scale;
        in.relative_blend = relative_blend;
        in.caption = true;
        in.view = scene_view(scene, encounter, size, scale, in.impact, relative_blend);
        if (center) in.view.center = *center;
        return build_picture(in);
    }
};

// Regression: an explaining label wider than the canvas ran off its right edge: on a canvas
// 480 px wide the textbook pitfall's "(−b − √D)/2a: t = 1.33333344e-09, true 1.3333333e-09
// (wrong: 7 of 16 digits right)" ended in "(wro". On every preset, at two times, in the world
// and the relative frame, on canvases from 400 to 1280 px wide at UI scales 1 to 2.5, each
// explaining label's box (its text measured with the real font, and its backdrop) lies inside
// the canvas, and its words are exactly those of a label the same picture shows on one line on a
// canvas wide enough for every one of them: nothing cut off, no word cut in two. Nor is a line
// broken beside an operator, or so as to leave one word alone on the last line, or (after a
// break between words rather than clauses) a last line under a quarter of the widest.
TEST(LabelFit, ExplainingLabelsStayWholeOnTheCanvas) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    constexpr double kWide = 20000.0;  // wide enough for any of these labels on one line
    const glm::dvec2 sizes[] = {{400, 500}, {480, 500}, {520, 380}, {640, 480}, {800, 600}, {1280, 720}};
    int checked = 0;
    int wrapped = 0;
    std::set<std::string> pitfalls_seen;
    for (const embedded::File& file : embedded::presets()) {
        Drawn drawn(preset(file.name));
        const double horizon = drawn.scene.time.horizon;
        for (const double time : {drawn.scene.time.current, 0.5 * horizon}) {
            for (const double blend : {0.0, 1.0}) {
                for (const float scale : {1.0f, 1.5f, 2.0f, 2.5f}) {
                    // every label's text as the picture means it, unwrapped
                    std::multimap<Role, std::string> whole;
                    for (const Primitive& p : drawn.picture({kWide, 720.0}, scale, time, blend).items)
                        if (p.shape == Shape::Label && explains(p.role)) whole.emplace(p.role, p.text);
                    for (const glm::dvec2 size : sizes) {
                        const Picture picture = drawn.picture(size, scale, time, blend);
                        for (const Primitive& p : picture.items) {
                            if (p.shape != Shape::Label || !explains(p.role)) continue;
                            const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
                            const TextBox box = label_box(p, picture.view, {extent.width, extent.height});
                            const glm::dvec2 low = box.top_left - glm::dvec2(p.box_padding_px);
                            const glm::dvec2 high = box.top_left + box.size + glm::dvec2(p.box_padding_px);
                            const bool on_canvas = low.x < size.x && high.x > 0.0 && low.y < size.y && high.y > 0.0;
                            if (!on_canvas) continue;  // (what lies off the canvas stays off: picture_test.cpp)
                            ++checked;
                            wrapped += extent.lines > 1;
                            if (p.role == Role::PitfallGhost) pitfalls_seen.insert(std::string(file.name));
                            const std::string where = std::string(file.name) + " at t = " + std::to_string(time) +
                                                      (blend > 0 ? ", relative frame" : "") + ", " +
                                                      std::to_string(static_cast<int>(size.x)) + " x " +
                                                      std::to_string(static_cast<int>(size.y)) + " at scale " +
                                                      std::to_string(scale) + ": \"" + p.text + "\" (" + to_string(p.role) + ")";
                            // (half a pixel: the renderers place text to whole pixels)
                            EXPECT_TRUE(low.x >= -0.5 && low.y >= -0.5 && high.x <= size.x + 0.5 && high.y <= size.y + 0.5)
                                << where << " from (" << low.x << ", " << low.y << ") to (" << high.x << ", " << high.y << ")";
                            // broken where a reader expects a break: not beside an operator
                            // ("so D" above "< 0"), nor leaving one word alone on the last line
                            const std::vector<std::string> lines = split_lines(p.text);
                            for (std::size_t k = 0; k + 1 < lines.size(); ++k) {
                                const std::vector<std::string> here = words(lines[k]), next = words(lines[k + 1]);
                                if (here.empty() || next.empty()) continue;
                                EXPECT_FALSE(is_operator(here.back()) || is_operator(next.front()))
                                    << where << ": broken beside an operator";
                            }
                            if (lines.size() > 1 && words(p.text).size() >= 4) {
                                EXPECT_GE(words(lines.back()).size(), 2u) << where << ": one word alone on the last line";
                                // (a short last clause may stand alone: "…meet (t = 8)," above "not the rims (t = 6).")
                                const std::string& before = lines[lines.size() - 2];
                                if (!before.empty() && std::string(",;:.").find(before.back()) == std::string::npos) {
                                    EXPECT_GE(metrics->width(lines.back(), p.font_px, p.bold), extent.width / 4.0)
                                        << where << ": the last line a stub";
                                }
                            }
                            const auto [first, last] = whole.equal_range(p.role);
                            const bool intended = std::any_of(first, last, [&](const auto& w) { return words(w.second) == words(p.text); });
                            EXPECT_TRUE(intended) << where << " is not one of this picture's labels";
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 5000);
    EXPECT_GT(wrapped, 200);  // the narrow canvases did wrap
    // every pitfall preset's note was on the canvas somewhere (not left out to pass)
    for (const char* name : {"pitfall-exact-zero.json", "pitfall-missing-radius.json", "pitfall-precedence.json",
                             "pitfall-swapped-square.json", "pitfall-textbook-digits.json"})
        EXPECT_EQ(pitfalls_seen.count(name), 1u) << name;
}

// Regression: on a 480-px canvas the textbook pitfall's "t_enter = 1.333e-09", slid in from the
// right edge, lay under B's name and read "t_Bnter". On every preset, in both frames, on
// canvases from 400 to 1280 px wide at UI scales 1 and 1.5 (and 2 at 1280 x 720), no contact
// time, closest approach or pitfall note (measured with the real font) covers a body's name.
// (At UI scale 2 a canvas 640 px wide or less can have no clear place left for them.)
TEST(LabelFit, AnnotationsKeepOffTheBodiesNames) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    int pairs = 0;
    for (const embedded::File& file : embedded::presets()) {
        Drawn drawn(preset(file.name));
        for (const double blend : {0.0, 1.0}) {
            for (const float scale : {1.0f, 1.5f, 2.0f}) {
                for (const glm::dvec2 size : {glm::dvec2(400, 500), glm::dvec2(480, 500), glm::dvec2(640, 480), glm::dvec2(1280, 720)}) {
                    if (scale > 1.5f && size.x < 1280.0) continue;
                    const Picture picture = drawn.picture(size, scale, drawn.scene.time.current, blend);
                    std::vector<std::pair<glm::dvec2, glm::dvec2>> names;
                    std::vector<std::pair<const Primitive*, std::pair<glm::dvec2, glm::dvec2>>> annotations;
                    for (const Primitive& p : picture.items) {
                        if (p.shape != Shape::Label) continue;
                        const bool name = p.role == Role::BodyLabel;
                        if (!name && p.role != Role::GhostLabel && p.role != Role::ClosestLabel && p.role != Role::PitfallGhost) continue;
                        const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
                        const TextBox box = label_box(p, picture.view, {extent.width, extent.height});
                        const std::pair<glm::dvec2, glm::dvec2> text{box.top_left, box.top_left + box.size};
                        if (name) {
                            names.push_back(text);
                        } else {
                            annotations.emplace_back(&p, text);
                        }
                    }
                    for (const auto& [p, a] : annotations)
                        for (const auto& n : names) {
                            ++pairs;
                            EXPECT_FALSE(a.first.x < n.second.x && n.first.x < a.second.x && a.first.y < n.second.y && n.first.y < a.second.y)
                                << file.name << (blend > 0 ? ", relative frame" : "") << ", " << size.x << " x " << size.y
                                << " at scale " << scale << ": \"" << p->text << "\" covers a body's name";
                        }
                }
            }
        }
    }
    EXPECT_GT(pairs, 500);
}

// Regression: on a 615 x 480 canvas at UI scale 2 (a 1024 x 768 window with its panels)
// "d_min = 1.177 at t = 4.308" lay across B, and in the light oblique golden across A. An
// annotation that covers a body (its disc as drawn now) has, by brute force, no place within
// three of its heights (its own rule gives it four) that is on the canvas and clear of every
// other label that explains and of the bodies' boxes: on every preset, in both frames, on five
// canvases at UI scales 1, 1.5 and 2. The brute force tries every shift on a 2-px grid, with 3 px
// to spare, so that it finds only places the rule cannot have missed.
TEST(LabelFit, AnnotationsStandOffTheBodiesWhereThereIsRoom) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    int annotations_seen = 0;
    int over_a_body = 0;
    for (const embedded::File& file : embedded::presets()) {
        Drawn drawn(preset(file.name));
        for (const double blend : {0.0, 1.0}) {
            for (const float scale : {1.0f, 1.5f, 2.0f}) {
                for (const glm::dvec2 size : {glm::dvec2(400, 500), glm::dvec2(480, 500), glm::dvec2(615, 480), glm::dvec2(640, 480),
                                              glm::dvec2(1280, 720)}) {
                    const Picture picture = drawn.picture(size, scale, drawn.scene.time.current, blend);
                    struct Box {
                        glm::dvec2 min, max;
                    };
                    const auto overlap = [](const Box& a, const Box& b) {
                        return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
                    };
                    // each label's text box with the room the picture keeps around it
                    const auto extent = [&](const Primitive& p, double extra) {
                        const TextExtent e = metrics->measure(p.text, p.font_px, p.bold);
                        const TextBox box = label_box(p, picture.view, {e.width, e.height});
                        const glm::dvec2 margin(p.box_padding_px + 2.0 * scale + extra);
                        return Box{box.top_left - margin, box.top_left + box.size + margin};
                    };
                    std::vector<std::pair<glm::dvec2, double>> discs;
                    std::vector<Box> obstacles_of_bodies;
                    for (const Primitive& p : picture.items) {
                        if (p.shape != Shape::Disc || p.role != Role::Body) continue;
                        const glm::dvec2 c = picture.view.to_screen(p.p0);
                        const double r = p.radius * picture.view.pixels_per_unit;
                        discs.emplace_back(c, r);
                        obstacles_of_bodies.push_back({c - r, c + r});
                    }
                    ASSERT_EQ(discs.size(), 2u) << file.name;
                    // and the arrowheads, which no annotation may cover either (the test below)
                    for (const Primitive& arrow : picture.items) {
                        if (arrow.shape != Shape::Arrow) continue;
                        const auto head = shape_geometry::arrow_head_corners(picture.view.to_screen(arrow.p0),
                                                                             picture.view.to_screen(arrow.p1), arrow.stroke_px);
                        if (!head) continue;
                        const auto& [tip, left, right] = *head;
                        obstacles_of_bodies.push_back({glm::min(tip, glm::min(left, right)), glm::max(tip, glm::max(left, right))});
                    }
                    for (const Primitive& a : picture.items) {
                        if (a.shape != Shape::Label ||
                            (a.role != Role::GhostLabel && a.role != Role::ClosestLabel && a.role != Role::PitfallGhost))
                            continue;
                        ++annotations_seen;
                        const TextExtent e = metrics->measure(a.text, a.font_px, a.bold);
                        const TextBox text = label_box(a, picture.view, {e.width, e.height});
                        const bool covers = std::any_of(discs.begin(), discs.end(), [&](const std::pair<glm::dvec2, double>& d) {
                            const glm::dvec2 nearest = glm::clamp(d.first, text.top_left, text.top_left + text.size);
                            return glm::length(nearest - d.first) < d.second - 1.0;
                        });
                        if (!covers) continue;
                        ++over_a_body;
                        std::vector<Box> obstacles = obstacles_of_bodies;
                        for (const Primitive& b : picture.items)
                            if (&b != &a && b.shape == Shape::Label && b.role != Role::AxisLabel && b.role != Role::TimeTickLabel)
                                obstacles.push_back(extent(b, 0.0));
                        const Box at = extent(a, 3.0);
                        const double reach = 3.0 * (at.max.y - at.min.y - 6.0);
                        std::optional<glm::dvec2> room;
                        for (double dy = -reach; dy <= reach && !room; dy += 2.0) {
                            for (double dx = -reach; dx <= reach && !room; dx += 2.0) {
                                if (dx * dx + dy * dy > reach * reach) continue;
                                const Box moved{at.min + glm::dvec2(dx, dy), at.max + glm::dvec2(dx, dy)};
                                if (moved.min.x < 0.0 || moved.min.y < 0.0 || moved.max.x > size.x || moved.max.y > size.y) continue;
                                if (std::none_of(obstacles.begin(), obstacles.end(), [&](const Box& o) { return overlap(moved, o); }))
                                    room = glm::dvec2(dx, dy);
                            }
                        }
                        EXPECT_FALSE(room) << file.name << (blend > 0 ? ", relative frame" : "") << ", " << size.x << " x " << size.y
                                           << " at scale " << scale << ": \"" << a.text << "\" covers a body, yet ("
                                           << (room ? room->x : 0.0) << ", " << (room ? room->y : 0.0) << ") px away it would be clear";
                    }
                }
            }
        }
    }
    EXPECT_GT(annotations_seen, 1000);
    std::printf("annotations: %d, over a body with no room nearby: %d\n", annotations_seen, over_a_body);
}

// Regression (an outside review): in the tour's relative frame at 1024 x 768 the canvas is about
// 1024 x 300, and the story, framed beside the overlays' corner, stood in its right third with
// two thirds of empty axis to its left. It now slides back towards the middle as far as the
// corner allows: A stands in the middle fifth of the width there. And on every preset framed by
// the fit (not by a view of its own), on three short wide canvases, beside the corner or not, no
// body (its disc) reaches under a line of the overlays (their text boxes, measured with the real
// font). A path's tail may run on under them: each line has a backdrop that keeps it readable.
TEST(LabelFit, BesideTheOverlaysTheStoryStandsAsNearTheMiddleAsTheyAllow) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    {
        Drawn drawn(preset("tour-relative-frame.json"));
        const Picture picture = drawn.picture({1024, 300}, 1.0f, 0.0, 1.0);
        const Primitive* a = picture.find(Role::Body, 0);
        ASSERT_NE(a, nullptr);
        const double x = picture.view.to_screen(a->p0).x;
        EXPECT_GT(x, 0.4 * 1024) << "A at x = " << x;
        EXPECT_LT(x, 0.6 * 1024) << "A at x = " << x;
    }
    int checked = 0;
    for (const embedded::File& file : embedded::presets()) {
        Drawn drawn(preset(file.name));
        if (drawn.scene.view.center && drawn.scene.view.zoom) continue;  // the author's view, not a fit
        for (const double blend : {0.0, 1.0}) {
            for (const glm::dvec2 size : {glm::dvec2(1024, 300), glm::dvec2(1280, 360), glm::dvec2(1600, 420)}) {
                const Picture picture = drawn.picture(size, 1.0f, drawn.scene.time.current, blend);
                std::vector<std::pair<glm::dvec2, glm::dvec2>> lines;
                for (const Primitive& p : picture.items) {
                    if (p.shape != Shape::Label || (p.role != Role::Badge && p.role != Role::Banner)) continue;
                    const TextExtent e = metrics->measure(p.text, p.font_px, p.bold);
                    const TextBox box = label_box(p, picture.view, {e.width, e.height});
                    lines.emplace_back(box.top_left, box.top_left + box.size);
                    EXPECT_GE(p.box.a, 0.5f) << file.name << ": \"" << p.text << "\" has no backdrop";
                }
                ASSERT_FALSE(lines.empty()) << file.name;
                const auto distance_to_box = [](glm::dvec2 q, const std::pair<glm::dvec2, glm::dvec2>& box) {
                    return glm::length(q - glm::clamp(q, box.first, box.second));
                };
                for (const Primitive& p : picture.items) {
                    if (p.shape != Shape::Disc || p.role != Role::Body) continue;
                    const glm::dvec2 a = picture.view.to_screen(p.p0);
                    const glm::dvec2 b = a;
                    const double reach = p.radius * picture.view.pixels_per_unit;
                    for (const auto& line : lines) {
                        // the nearest point of the segment to the box, by bisection on its (convex) distance
                        const auto at = [&](double u) { return distance_to_box(a + (b - a) * u, line); };
                        double lo = 0.0;
                        double hi = 1.0;
                        for (int k = 0; k < 100; ++k) {
                            const double m1 = lo + (hi - lo) / 3.0;
                            const double m2 = hi - (hi - lo) / 3.0;
                            if (at(m1) <= at(m2)) {
                                hi = m2;
                            } else {
                                lo = m1;
                            }
                        }
                        ++checked;
                        EXPECT_GT(at(lo), reach)
                            << file.name << (blend > 0 ? ", relative frame" : "") << " at " << size.x << " x " << size.y << ": "
                            << "a body reaches under an overlay line";
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 400);
}

// The textbook pitfall's note, the one that ran off a 480-px canvas, is on it whole: present,
// on one line at 1280 px (the look there unchanged), on more than one at 480 px, each line
// inside the canvas, and broken between clauses, not inside "t = …" or a number.
TEST(LabelFit, TheTextbookNoteBreaksBetweenItsClauses) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    Drawn drawn(preset("pitfall-textbook-digits.json"));
    for (const double width : {1280.0, 480.0}) {
        const Picture picture = drawn.picture({width, 500.0}, 1.0f, drawn.scene.time.current, 0.0);
        const Primitive* note = nullptr;
        for (const Primitive& p : picture.items)
            if (p.role == Role::PitfallGhost && p.shape == Shape::Label) note = &p;
        ASSERT_NE(note, nullptr) << width;
        ASSERT_NE(note->text.find("digits right)"), std::string::npos) << note->text;
        const int lines = metrics->measure(note->text, note->font_px, note->bold).lines;
        if (width > 1000.0) {
            EXPECT_EQ(lines, 1) << note->text;
            continue;
        }
        EXPECT_GT(lines, 1) << note->text;
        std::size_t begin = 0;
        while (begin < note->text.size()) {
            std::size_t end = note->text.find('\n', begin);
            if (end == std::string::npos) end = note->text.size();
            const std::string line = note->text.substr(begin, end - begin);
            EXPECT_LE(metrics->width(line, note->font_px, note->bold), width) << line;
            if (end < note->text.size()) {
                // the break falls after a ',' or ':' or before a '(': a clause ends there
                const char before = line.back();
                const char after = note->text[end + 1];
                EXPECT_TRUE(before == ',' || before == ':' || after == '(') << "\"" << line << "\" | \"" << note->text.substr(end + 1) << "\"";
            }
            begin = end + 1;
        }
    }
}

// Regression: with both circles at the same velocity the badge read "STATIC  a = 0" over
// circles that visibly move, and its sentence began "Δv = 0:", which did not say why nothing
// happens. The sentence under the badge now starts by saying there is no relative motion, and
// where the circles do move that they move together; its distance and gap are the centres'
// distance and the gap between the rims, worked out here from the positions. The static preset
// and random pairs, moving together or at rest (fixed seed).
TEST(LabelFit, TheStaticSentenceSaysThereIsNoRelativeMotion) {
    std::mt19937 rng(20261121);
    std::uniform_real_distribution<double> u(-5.0, 5.0);
    std::vector<Scene> scenes{preset("static.json")};
    for (int k = 0; k < 40; ++k) {
        Scene scene = preset("static.json");
        const glm::dvec2 velocity = k % 2 == 0 ? glm::dvec2(0.0) : glm::dvec2(u(rng), u(rng));
        scene.bodies[0].body.position = {u(rng), u(rng)};
        scene.bodies[1].body.position = scene.bodies[0].body.position + glm::dvec2(6.0 + std::abs(u(rng)), u(rng));
        scene.bodies[0].body.velocity = velocity;
        scene.bodies[1].body.velocity = velocity;
        scenes.push_back(scene);
    }
    int moving = 0;
    int resting = 0;
    for (const Scene& scene : scenes) {
        Drawn drawn(scene);
        ASSERT_EQ(drawn.encounter.kind, Case::Static);
        const Picture picture = drawn.picture({1280, 720}, 1.0f, 0.0, 0.0);
        const Primitive* sentence = nullptr;
        for (const Primitive& p : picture.items)
            if (p.role == Role::Badge && !p.bold) sentence = &p;
        ASSERT_NE(sentence, nullptr);
        const std::string text = joined(sentence->text);
        const glm::dvec2 v = scene.bodies[0].body.velocity;
        const bool moves = glm::length(v) > 0.0;
        moving += moves;
        resting += !moves;
        const std::string opening = moves ? "both move with the same velocity, so no relative motion (Δv = 0)"
                                          : "no relative motion (Δv = 0)";
        EXPECT_EQ(text.rfind(opening, 0), 0u) << text;
        if (!moves) {
            EXPECT_EQ(text.find("move"), std::string::npos) << text;
        }
        // "stay D apart, gap G": four significant digits of the true distance and gap
        const double distance = glm::distance(scene.bodies[0].body.position, scene.bodies[1].body.position);
        const double gap = distance - scene.bodies[0].body.radius - scene.bodies[1].body.radius;
        const std::size_t stay = text.find("stay ");
        const std::size_t gap_at = text.find("gap ");
        ASSERT_NE(stay, std::string::npos) << text;
        ASSERT_NE(gap_at, std::string::npos) << text;
        EXPECT_NEAR(std::stod(text.substr(stay + 5)), distance, 5e-4 * distance) << text;
        EXPECT_NEAR(std::stod(text.substr(gap_at + 4)), gap, 5e-4 * distance) << text;

        // the command line's summary says the same in its words
        const std::string summary = cli::encounter_summary(drawn.encounter, std::nullopt);
        EXPECT_NE(summary.find(moves ? "Both move with the same velocity, so there is no relative motion (Δv = 0)"
                                     : "No relative motion (Δv = 0)"),
                  std::string::npos)
            << summary;
        if (!moves) {
            EXPECT_EQ(summary.find("move with"), std::string::npos) << summary;
        }
    }
    EXPECT_GT(moving, 10);
    EXPECT_GT(resting, 10);
}

// Regression: where a path crosses or runs along an axis, its time numbers stood in the row of
// the axis's numbers and read as coordinates: "-8 -6 -4 -2 6 8 4 6 8" along clear-miss's x
// axis (A's 6 and 8 among the positions), "0 8 4 6 8 0" in the tour. On every preset, in both
// frames, at four sizes and two UI scales, and panned so that each body's path runs through
// the axes, no time number's box (measured with the real font) meets the row of the x axis's
// numbers or the column of the y axis's.
TEST(LabelFit, TimeNumbersStayOutOfTheAxisNumbersRowAndColumn) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    int checked = 0;
    for (const embedded::File& file : embedded::presets()) {
        Drawn drawn(preset(file.name));
        for (const double blend : {0.0, 1.0}) {
            for (const float scale : {1.0f, 1.5f}) {
                for (const glm::dvec2 size : {glm::dvec2(640, 480), glm::dvec2(800, 600), glm::dvec2(966, 680), glm::dvec2(1280, 720),
                                              glm::dvec2(1920, 1080)}) {
                    // the view as fitted, and centred on each body's start (its path then crosses the axes' numbers)
                    std::vector<std::optional<glm::dvec2>> centers{std::nullopt, drawn.scene.body_a().position,
                                                                   drawn.scene.body_b().position};
                    for (const std::optional<glm::dvec2>& center : centers) {
                        const Picture picture = drawn.picture(size, scale, drawn.scene.time.current, blend, center);
                        const auto box = [&](const Primitive& p) {
                            const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
                            const TextBox b = label_box(p, picture.view, {extent.width, extent.height});
                            return std::pair{b.top_left, b.top_left + b.size};
                        };
                        glm::dvec2 row{1e300, -1e300};
                        glm::dvec2 column{1e300, -1e300};
                        for (const Primitive& p : picture.items) {
                            if (p.shape != Shape::Label || p.role != Role::AxisLabel) continue;
                            const auto [low, high] = box(p);
                            // the x axis's numbers hang below their lines, the y axis's stand beside them
                            if (p.align == Align::Top) {
                                row = {std::min(row.x, low.y), std::max(row.y, high.y)};
                            } else {
                                column = {std::min(column.x, low.x), std::max(column.y, high.x)};
                            }
                        }
                        int numbers[2] = {0, 0};
                        for (const Primitive& p : picture.items)
                            if (p.shape == Shape::Label && p.role == Role::TimeTickLabel && (p.body == 0 || p.body == 1)) ++numbers[p.body];
                        for (const Primitive& p : picture.items) {
                            if (p.shape != Shape::Label || p.role != Role::TimeTickLabel) continue;
                            // (except a path's only number, which says "t = ": a path with ticks and
                            // no time at all was worse, on a small figure, and "t = " is no coordinate)
                            if ((p.body == 0 || p.body == 1) && numbers[p.body] == 1 && p.text.starts_with("t = ")) continue;
                            const auto [low, high] = box(p);
                            ++checked;
                            EXPECT_FALSE(low.y < row.y && high.y > row.x)
                                << file.name << " at " << size.x << " x " << size.y << ", scale " << scale
                                << (blend > 0 ? ", relative frame" : "") << (center ? ", centred on a body" : "")
                                << ": the time number \"" << p.text << "\" stands in the x axis's row of numbers";
                            EXPECT_FALSE(low.x < column.y && high.x > column.x)
                                << file.name << " at " << size.x << " x " << size.y << ", scale " << scale
                                << (blend > 0 ? ", relative frame" : "") << (center ? ", centred on a body" : "")
                                << ": the time number \"" << p.text << "\" stands in the y axis's column of numbers";
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 2000);
}

// The presets and `count` random pairs (fixed seed) on crossing, chasing and parallel courses:
// the scenes the time-number and annotation judges below walk through.
std::vector<std::pair<std::string, Scene>> presets_and_random_pairs(int count, unsigned seed) {
    std::vector<std::pair<std::string, Scene>> scenes;
    for (const embedded::File& file : embedded::presets()) scenes.emplace_back(std::string(file.name), preset(file.name));
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int k = 0; k < count; ++k) {
        Scene scene = preset("oblique-hit.json");
        scene.bodies[0].body = Body{{-6.0 + 2.0 * u(rng), 3.0 * u(rng)}, {1.5 + u(rng), 0.8 * u(rng)}, 0.6 + 0.8 * std::abs(u(rng)), 1.0};
        scene.bodies[1].body = Body{{5.0 * u(rng), 4.0 * u(rng)}, {1.5 * u(rng), 1.5 * u(rng)}, 0.6 + 0.8 * std::abs(u(rng)), 1.0};
        scenes.emplace_back("random pair " + std::to_string(k), scene);
    }
    return scenes;
}

// A label's text box on the canvas (no padding), measured with the real font.
std::pair<glm::dvec2, glm::dvec2> text_box(const TextMetrics& metrics, const Primitive& p, const View& view) {
    const TextExtent e = metrics.measure(p.text, p.font_px, p.bold);
    const TextBox box = label_box(p, view, {e.width, e.height});
    return {box.top_left, box.top_left + box.size};
}

// The points of each arrowhead drawn (the bodies' velocities, the contact normal): its tip, the
// corners of its base and its middle, on the canvas, from the head's size for the arrow's width.
std::vector<std::vector<glm::dvec2>> arrowheads(const Picture& picture) {
    std::vector<std::vector<glm::dvec2>> heads;
    for (const Primitive& arrow : picture.items) {
        if (arrow.shape != Shape::Arrow) continue;
        const auto head = shape_geometry::arrow_head_corners(picture.view.to_screen(arrow.p0), picture.view.to_screen(arrow.p1), arrow.stroke_px);
        if (!head) continue;
        const auto& [tip, a, b] = *head;
        heads.push_back({tip, a, b, (tip + 0.5 * (a + b)) * 0.5});
    }
    return heads;
}

bool inside(glm::dvec2 q, const std::pair<glm::dvec2, glm::dvec2>& box) {
    return q.x > box.first.x && q.x < box.second.x && q.y > box.first.y && q.y < box.second.y;
}

// Whether the segment ab comes within `reach` of the box (by ternary search on its convex distance).
bool segment_meets_box(glm::dvec2 a, glm::dvec2 b, const std::pair<glm::dvec2, glm::dvec2>& box, double reach) {
    const auto at = [&](double u) {
        const glm::dvec2 q = a + (b - a) * u;
        return glm::length(q - glm::clamp(q, box.first, box.second));
    };
    double lo = 0.0;
    double hi = 1.0;
    for (int k = 0; k < 100; ++k) {
        const double m1 = lo + (hi - lo) / 3.0;
        const double m2 = hi - (hi - lo) / 3.0;
        (at(m1) <= at(m2) ? hi : lo) = at(m1) <= at(m2) ? m2 : m1;
    }
    return at(lo) < reach;
}

// No y axis number stands in the x axis's row of numbers: with the x axis's numbers along the
// canvas's foot, its "-4" stood among them, and the row read "-1 -4 1" (a game-dev teacher's
// review). Judge: the numbers' boxes measured with the real font, on every preset and a pair at
// rest beside one leaving it along the x axis, fitted and centred on each body, at four sizes.
TEST(LabelFit, NoYAxisNumberStandsInTheXAxisNumbersRow) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    std::vector<std::pair<std::string, Scene>> scenes;
    for (const embedded::File& file : embedded::presets()) scenes.emplace_back(std::string(file.name), preset(file.name));
    Scene along = preset("head-on-hit.json");
    along.bodies[0].body = Body{{0.0, 0.0}, {0.0, 0.0}, 1.0, 1.0};
    along.bodies[1].body = Body{{1.0, 0.0}, {1.0, 0.0}, 1.0, 1.0};
    along.discrete = {true, 5.0, 4.0};
    along.time.horizon = 10.0;
    scenes.emplace_back("a pair leaving along the x axis", along);
    int checked = 0;
    for (auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const glm::dvec2 size : {glm::dvec2(640, 480), glm::dvec2(966, 680), glm::dvec2(1280, 720), glm::dvec2(1920, 1080)}) {
            for (const std::optional<glm::dvec2>& center : std::vector<std::optional<glm::dvec2>>{
                     std::nullopt, drawn.scene.body_a().position, drawn.scene.body_b().position}) {
                const Picture picture = drawn.picture(size, 1.0f, drawn.scene.time.current, 0.0, center);
                glm::dvec2 row{1e300, -1e300};
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Label && p.role == Role::AxisLabel && p.align == Align::Top) {
                        const auto [low, high] = text_box(*metrics, p, picture.view);
                        row = {std::min(row.x, low.y), std::max(row.y, high.y)};
                    }
                for (const Primitive& p : picture.items) {
                    if (p.shape != Shape::Label || p.role != Role::AxisLabel || p.align == Align::Top) continue;
                    const auto [low, high] = text_box(*metrics, p, picture.view);
                    ++checked;
                    EXPECT_FALSE(low.y < row.y && high.y > row.x)
                        << name << " at " << size.x << " x " << size.y << (center ? ", centred on a body" : "") << ": the y number \""
                        << p.text << "\" at y " << low.y << ".." << high.y << " in the x numbers' row " << row.x << ".." << row.y;
                }
            }
        }
    }
    EXPECT_GT(checked, 500);
}


// Regression (an outside review, a 1366 x 768 window): B's "t = 2" stood across B's own path in
// the swapped-square pitfall; in the static preset A's "t = 4" lay inside B's disc, B's rim
// hiding the "t" ("= 4"); in clear-miss A's "8" stood just above the x axis's "2" and read as a
// fraction 8/2. On every preset and random pairs (fixed seed), in both frames, on the window's
// canvases (with and without the time plot, presentation mode's wide short one) and two
// smaller ones, at UI scales 1 and 1.5, each time number's text box (measured with the real
// font) keeps off: a body's disc as drawn now, every arrowhead, every other label's text, its
// own path (its line and a pixel), the segments between the centres and the contact normal, every
// ring's stroke (checks, ghosts, the closest approach), and the x axis's numbers (no number within a line's height
// above or below one it overlaps across); and its tick is not under a label that explains.
TEST(LabelFit, TimeNumbersKeepOffBodiesArrowheadsLabelsTheirPathAndTheAxisNumbers) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(40, 20261202);
    const std::pair<glm::dvec2, float> canvases[] = {{{966, 680}, 1.0f}, {{966, 435}, 1.0f}, {{1366, 330}, 1.33f}, {{640, 480}, 1.0f},
                                                     {{800, 600}, 1.5f}, {{1280, 720}, 1.5f}};
    int checked = 0;
    std::map<std::string, int> faults;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const double blend : {0.0, 1.0}) {
            for (const auto& [size, scale] : canvases) {
              for (const double time : {drawn.scene.time.current, 0.5 * drawn.scene.time.horizon}) {
                const Picture picture = drawn.picture(size, scale, time, blend);
                const View& view = picture.view;
                const auto heads = arrowheads(picture);
                for (const Primitive& p : picture.items) {
                    if (p.shape != Shape::Label || p.role != Role::TimeTickLabel) continue;
                    ++checked;
                    const auto box = text_box(*metrics, p, view);
                    const std::string where = name + (blend > 0 ? ", relative frame" : "") + ", " + std::to_string(int(size.x)) + " x " +
                                              std::to_string(int(size.y)) + " at scale " + std::to_string(scale) +
                                              ", t = " + std::to_string(time) + ": \"" + p.text + "\"";
                    const auto fault = [&](const std::string& what) {
                        if (++faults[what] <= 3) ADD_FAILURE() << where << " " << what;
                    };
                    for (const Primitive& q : picture.items) {
                        if (q.shape == Shape::Disc && q.role == Role::Body) {
                            const glm::dvec2 c = view.to_screen(q.p0);
                            if (glm::length(glm::clamp(c, box.first, box.second) - c) < q.radius * view.pixels_per_unit)
                                fault("lies on a body");
                        }
                        if (q.shape == Shape::Segment && q.body == p.body &&
                            (q.role == Role::PathPast || q.role == Role::PathFuture || q.role == Role::ResponsePath) &&
                            segment_meets_box(view.to_screen(q.p0), view.to_screen(q.p1), box, 0.5 * q.stroke_px + 1.0))
                            fault("lies across its own path");
                        // (the checks' outlines crossed "0.4" and "1.6": a student's review; a
                        // number on a backdrop hides the checks' outlines under it)
                        const bool hidden_check = p.box.a > 0.0f && (q.role == Role::Sample || q.role == Role::SampleHit);
                        if ((q.shape == Shape::Ring || q.shape == Shape::DashedRing) && q.space == Space::World && !hidden_check) {
                            const glm::dvec2 c = view.to_screen(q.p0);
                            const double r = q.radius * view.pixels_per_unit;
                            const double half = 0.5 * q.stroke_px;
                            const double nearest = glm::length(glm::clamp(c, box.first, box.second) - c);
                            double farthest = 0.0;
                            for (const glm::dvec2 corner : {box.first, box.second, glm::dvec2(box.first.x, box.second.y), glm::dvec2(box.second.x, box.first.y)})
                                farthest = std::max(farthest, glm::length(corner - c));
                            if (nearest < r + half && farthest > r - half) fault(std::string("crosses the outline of a ") + to_string(q.role));
                        }
                        // (the overlap check's dashes through "t = 4" read "t ‒ 4": an author's review)
                        if ((q.shape == Shape::Segment || q.shape == Shape::Arrow) &&
                            (q.role == Role::DistanceNow || q.role == Role::ClosestSegment || q.role == Role::ContactNormal) &&
                            segment_meets_box(view.to_screen(q.p0), view.to_screen(q.p1), box, 0.5 * q.stroke_px))
                            fault(std::string("lies across the ") + to_string(q.role));
                        if (q.shape != Shape::Label || &q == &p) continue;
                        const auto other = text_box(*metrics, q, view);
                        // (a tick under "d_min = …" left its "t = 4" 50 px off, pointing at nothing:
                        // a teacher's review)
                        if (q.role != Role::AxisLabel && q.role != Role::TimeTickLabel && inside(view.to_screen(p.p0), other))
                            fault(std::string("has its tick under a label that explains: ") + to_string(q.role));
                        const bool across = box.first.x < other.second.x && other.first.x < box.second.x;
                        if (across && box.first.y < other.second.y && other.first.y < box.second.y) fault("covers another label");
                        const double height = box.second.y - box.first.y;
                        if (q.role == Role::AxisLabel && q.align == Align::Top && box.first.x < other.second.x + 2.0 &&
                            other.first.x < box.second.x + 2.0 && box.first.y < other.second.y + height && other.first.y < box.second.y + height)
                            fault("stands over or under an x axis number");
                    }
                    for (const auto& head : heads)
                        if (std::any_of(head.begin(), head.end(), [&](glm::dvec2 q) { return inside(q, box); })) fault("covers an arrowhead");
                }
              }
            }
        }
    }
    std::printf("time numbers checked: %d\n", checked);
    for (const auto& [what, count] : faults) std::printf("time numbers that %s: %d of %d\n", what.c_str(), count, checked);
    EXPECT_GT(checked, 3000);
}

// Zoomed in on near-miss's gap of 0.1 (400 px a unit, at the closest approach) and into A (1500),
// every number lay on a body or a line and was left out: the grid said no scale (a code review).
// Each axis in sight keeps at least two numbers.
TEST(LabelFit, ZoomedInEachAxisKeepsTwoNumbers) {
    Drawn drawn(preset("near-miss.json"));
    const double t = *drawn.encounter.t_closest;
    const glm::dvec2 a = drawn.scene.body_a().position_at(t);
    const glm::dvec2 b = drawn.scene.body_b().position_at(t);
    for (const auto& [center, zoom] : {std::pair{0.5 * (a + b), 400.0}, std::pair{a, 1500.0}, std::pair{a + glm::dvec2(0.0, 1.0), 400.0}}) {
        drawn.scene.time.current = t;
        PictureInput in;
        in.scene = &drawn.scene;
        in.encounter = &drawn.encounter;
        in.time = t;
        in.caption = true;
        in.view.center = center;
        in.view.pixels_per_unit = zoom;
        in.view.size_px = {966, 680};
        const Picture picture = build_picture(in);
        int x_numbers = 0;
        int y_numbers = 0;
        for (const Primitive& p : picture.items)
            if (p.shape == Shape::Label && p.role == Role::AxisLabel) ++(p.align == Align::Top ? x_numbers : y_numbers);
        EXPECT_GE(x_numbers, 2) << "zoom " << zoom << " at (" << center.x << ", " << center.y << ")";
        EXPECT_GE(y_numbers, 2) << "zoom " << zoom << " at (" << center.x << ", " << center.y << ")";
    }
}

// An author's review: every preset as a figure 8 cm wide (485 × 303, the README's print recipe)
// had one or two numbers on its axes in all (steps of 10 for a scene ±8 tall): a reader could not
// measure it. The grid now keeps at least two lines across each side of such a figure, 45 px
// apart or more, and at least three numbers in all (a number on a path or a label is still left
// out); at 1600 × 1000 its lines stay 90 px apart or more, as before.
TEST(LabelFit, ASmallFigureKeepsAScaleOnItsAxes) {
    for (const embedded::File& file : embedded::presets()) {
        Drawn drawn(preset(file.name));
        for (const glm::dvec2 size : {glm::dvec2(485, 303), glm::dvec2(1600, 1000)}) {
            PictureInput in;
            in.scene = &drawn.scene;
            in.encounter = &drawn.encounter;
            in.time = drawn.scene.time.current;
            in.view = scene_view(drawn.scene, drawn.encounter, size);
            const Picture picture = build_picture(in);
            int numbers = 0;
            std::vector<double> verticals, horizontals;  // the grid's lines on the canvas, at x or y
            for (const Primitive& p : picture.items) {
                if (p.shape == Shape::Label && p.role == Role::AxisLabel) ++numbers;
                if (p.role != Role::Grid) continue;
                const glm::dvec2 at = in.view.to_screen(p.p0);
                if (p.p0.x == p.p1.x && at.x >= 0.0 && at.x <= size.x) verticals.push_back(at.x);
                if (p.p0.y == p.p1.y && at.y >= 0.0 && at.y <= size.y) horizontals.push_back(at.y);
            }
            const double least = size.x < 1000.0 ? 45.0 : 90.0;
            for (std::vector<double>* lines : {&verticals, &horizontals}) {
                std::sort(lines->begin(), lines->end());
                for (std::size_t i = 1; i < lines->size(); ++i)
                    EXPECT_GE((*lines)[i] - (*lines)[i - 1], least - 1e-6) << file.name << " at " << size.x << " px: grid lines too close";
            }
            if (size.x > 1000.0) continue;
            EXPECT_GE(verticals.size(), 2u) << file.name << ": vertical grid lines (the y axis apart)";
            EXPECT_GE(horizontals.size(), 2u) << file.name << ": horizontal grid lines (the x axis apart)";
            EXPECT_GE(numbers, 3) << file.name << ": numbers on the axes";
        }
    }
}

// A name at its body's centre moves off a short arrow's head, and off the contact normal's (after
// J, "B" covered it), and, wider than its body, off the contact point; a long one ("Ball <1> & "a"", an author's, at --scale 3.3) moved across a
// slanting arrow its whole half-width, far from its body. Judge: brute force over directions
// every 2° and moves in quarter pixels, the least move that clears the heads' boxes (and 2 px):
// a name left in place is clear of them, and one moved moved at most a quarter more, and 2 px.
TEST(LabelFit, ANameMovesOffTheArrowHeadsByLittle) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    auto scenes = presets_and_random_pairs(30, 20261129);
    for (auto& [name, scene] : scenes) {
        scene.bodies[0].label = "Ball <1> & \"a\"";
        scene.bodies[1].label = "Puck ß–é";
    }
    // and each preset that hits at its first contact, as J leaves it
    for (const char* name : {"oblique-hit.json", "unequal.json", "head-on-hit.json", "chase.json"}) {
        Scene scene = preset(name);
        scene.time.current = *analyze(scene.body_a(), scene.body_b()).value().t_enter;
        scenes.emplace_back(std::string(name) + " at t_enter", scene);
    }
    const std::pair<glm::dvec2, float> canvases[] = {{{485, 303}, 3.3f}, {{966, 680}, 1.0f}, {{800, 600}, 2.0f}, {{1280, 720}, 1.0f}};
    int moved = 0;
    int off_normals = 0;
    int off_dots = 0;
    int beside_the_other = 0;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const auto& [size, scale] : canvases) {
            const Picture picture = drawn.picture(size, scale, drawn.scene.time.current, 0.0);
            const View& view = picture.view;
            for (const Primitive& p : picture.items) {
                if (p.shape != Shape::Label || p.role != Role::BodyLabel) continue;
                const Primitive* body = picture.find(Role::Body, p.body);
                // (a small body's name stands off its centre, where the passes after it may move it again)
                if (body == nullptr || body->radius * view.pixels_per_unit < 12.0 * scale) continue;
                const glm::dvec2 centre = view.to_screen(p.p0);
                // the heads' boxes, from the name's anchor: its own arrow's (a large body's name), the normal's
                std::vector<std::pair<glm::dvec2, glm::dvec2>> heads;
                bool normal_head = false;
                for (const Primitive& q : picture.items) {
                    const bool own = q.shape == Shape::Arrow && q.role == Role::Velocity && q.body == p.body;
                    const bool normal = q.shape == Shape::Arrow && q.role == Role::ContactNormal;
                    if (!own && !normal) continue;
                    const auto head = shape_geometry::arrow_head_corners(view.to_screen(q.p0), view.to_screen(q.p1), q.stroke_px);
                    if (!head) continue;
                    const auto& [tip, a, b] = *head;
                    heads.emplace_back(glm::min(tip, glm::min(a, b)) - centre - 2.0 * scale, glm::max(tip, glm::max(a, b)) - centre + 2.0 * scale);
                    normal_head |= normal;
                }
                const auto [box_low, box_high] = text_box(*metrics, p, view);
                const glm::dvec2 half = 0.5 * (box_high - box_low) + glm::dvec2(p.box_padding_px);
                // and the contact point's dot, for a name wider than its body (one within it
                // crosses the dot only in passing)
                bool dot = false;
                if (half.x > body->radius * view.pixels_per_unit)
                    if (const Primitive* q = picture.find(Role::ContactPoint); q && q->shape == Shape::Disc) {
                        const glm::dvec2 reach(q->radius * view.pixels_per_unit + 2.0 * scale);
                        heads.emplace_back(view.to_screen(q->p0) - centre - reach, view.to_screen(q->p0) - centre + reach);
                        dot = true;
                    }
                if (heads.empty()) continue;
                // a name that stands against the other one's box was moved off it as well (two names
                // at centres closer than they are wide): that move is Fit.TwoNamesNeverLieOneOverTheOther's
                if (const Primitive* other = picture.find(Role::BodyLabel, 1 - p.body)) {
                    const auto [other_low, other_high] = text_box(*metrics, *other, view);
                    const double reach = p.box_padding_px + other->box_padding_px + 5.0 * scale;
                    if (box_low.x < other_high.x + reach && other_low.x < box_high.x + reach && box_low.y < other_high.y + reach &&
                        other_low.y < box_high.y + reach) {
                        ++beside_the_other;
                        continue;
                    }
                }
                const glm::dvec2 start(0.0);
                const auto clear_at = [&](glm::dvec2 o) {
                    for (const auto& [low, high] : heads)
                        if (!(o.x - half.x >= high.x - 1e-6 || o.x + half.x <= low.x + 1e-6 || o.y - half.y >= high.y - 1e-6 ||
                              o.y + half.y <= low.y + 1e-6))
                            return false;
                    return true;
                };
                if (p.offset_px == start) {
                    EXPECT_TRUE(clear_at(start)) << name << ": \"" << p.text << "\" stays over an arrowhead";
                    continue;
                }
                double best = std::numeric_limits<double>::infinity();
                for (int degrees = 0; degrees < 360; degrees += 2) {
                    const double angle = degrees * std::numbers::pi / 180.0;
                    const glm::dvec2 d(std::cos(angle), std::sin(angle));
                    for (double step = 0.0; step < best && step < 2000.0; step += 0.25)
                        if (clear_at(start + d * step)) {
                            best = step;
                            break;
                        }
                }
                ++moved;
                off_normals += normal_head;
                off_dots += dot;
                EXPECT_LE(glm::length(p.offset_px - start), 1.25 * best + 2.0)
                    << name << ", " << size.x << " x " << size.y << " at scale " << scale << ": \"" << p.text << "\" moved "
                    << glm::length(p.offset_px - start) << " px where " << best << " clears the arrowheads";
            }
        }
    }
    EXPECT_GT(moved, 20);
    EXPECT_GT(off_normals, 4) << "no name met a contact normal: the premise is gone";
    EXPECT_GT(off_dots, 4) << "no long name met a contact point: the premise is gone";
    EXPECT_LT(beside_the_other, moved) << "most names were judged against the other name, not the arrowheads";
}

// An author's review: the chase preset runs A along the x axis, whose row of numbers kept A's time
// numbers out (all but "t = 7" and "8" left out). A path along an axis over most of the canvas
// now sends that axis's numbers to the canvas's edge: none stands in the path's row, and the path
// gets its time numbers. Judge: the paths from the scene, on the screen.
TEST(LabelFit, APathAlongAnAxisKeepsItsRowForItsTimes) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    for (const auto& [name, size] : {std::pair{"chase.json", glm::dvec2(1600, 1000)}, std::pair{"tunnelling.json", glm::dvec2(640, 400)}}) {
        Drawn drawn(preset(name));
        const Picture picture = drawn.picture(size, 1.0f, 0.0, 0.0);
        const View& view = picture.view;
        // the body whose path runs along the x axis, as the scene gives it
        const Body bodies[2] = {drawn.scene.body_a(), drawn.scene.body_b()};
        int along = -1;
        for (int i = 0; i < 2; ++i)
            if (bodies[i].velocity.y == 0.0 && bodies[i].velocity.x != 0.0 && std::abs(view.to_screen(bodies[i].position).y - view.to_screen({0.0, 0.0}).y) < 12.0) along = i;
        ASSERT_GE(along, 0) << name << ": no path along the x axis: the test would not tell";
        const double row = view.to_screen(bodies[along].position).y;
        // the path's stretch on the screen, over the paths' time span
        const TimeSpan span = path_span(drawn.scene, drawn.encounter);
        const double from = view.to_screen(bodies[along].position_at(span.begin)).x;
        const double to = view.to_screen(bodies[along].position_at(span.end)).x;
        int times = 0;
        for (const Primitive& p : picture.items) {
            if (p.shape != Shape::Label) continue;
            const auto box = text_box(*metrics, p, view);
            if (p.role == Role::AxisLabel && p.align == Align::Top) {
                const bool on_the_path = box.first.x < std::max(from, to) && box.second.x > std::min(from, to);
                EXPECT_FALSE(on_the_path && box.first.y < row + 12.0 && box.second.y > row - 12.0)
                    << name << ": x number \"" << p.text << "\" on the path, in its row";
            }
            if (p.role == Role::TimeTickLabel && p.body == along) ++times;
        }
        EXPECT_GE(times, 3) << name << ": time numbers on the path along the axis";
    }
}

// A teacher's review: the tour's bounce step says momentum and kinetic energy are kept, and
// nothing on the canvas showed it (the panel that does is closed there). The sentence under the
// badge now says what the bounce keeps: momentum with both bodies movable, the kinetic energy
// at e = 1, else the share lost, rounded half up. Judge: ½ m |v|² summed over the bodies before
// and after, from the scene's masses and the impact's velocities, in the immovable body's rest
// frame where there is one; on random pairs at e = 1, 0.5 and 0, one body immovable or none.
TEST(LabelFit, TheBounceSentenceSaysWhatTheBounceKeeps) {
    std::mt19937_64 rng(20261130);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    int said = 0;
    int in_a_frame = 0;
    for (int n = 0; n < 60; ++n) {
        Scene scene = preset("unequal.json");
        scene.discrete.enabled = false;
        scene.response.restitution = n % 3 == 0 ? 1.0 : n % 3 == 1 ? 0.5 : 0.0;
        scene.bodies[0].body.mass = n % 4 == 0 ? std::numeric_limits<double>::infinity() : 1.0 + 4.0 * (unit(rng) + 1.0);
        if (n % 8 == 4) scene.bodies[0].body.velocity = {0.2, -0.1};  // an immovable A that moves, now and then
        scene.bodies[1].body.mass = 1.0 + 4.0 * (unit(rng) + 1.0);
        scene.bodies[1].body.velocity += glm::dvec2(0.3 * unit(rng), 0.3 * unit(rng));
        Drawn drawn(scene);
        if (!drawn.impact || !drawn.impact->approaching) continue;
        const Picture picture = drawn.picture({1600, 1000}, 1.0f, 0.0, 0.0);
        const auto sentence = std::find_if(picture.items.begin(), picture.items.end(), [](const Primitive& p) {
            return p.shape == Shape::Label && (p.text.find("they bounce") != std::string::npos || p.text.find("no rebound") != std::string::npos);
        });
        ASSERT_NE(sentence, picture.items.end()) << n;
        // e = 0 stops the approach along n: nothing bounces back (equal masses head on stand still)
        EXPECT_EQ(sentence->text.find("no rebound (e = 0)") != std::string::npos, scene.response.restitution == 0.0) << n;
        const std::string text = joined(sentence->text);
        ++said;
        const Body a = drawn.scene.body_a(), b = drawn.scene.body_b();
        const bool immovable = a.immovable() || b.immovable();
        const glm::dvec2 frame = a.immovable() ? a.velocity : b.immovable() ? b.velocity : glm::dvec2(0.0);
        const auto energy = [&](glm::dvec2 va, glm::dvec2 vb) {
            double sum = 0.0;
            if (!a.immovable()) sum += 0.5 * a.mass * glm::dot(va - frame, va - frame);
            if (!b.immovable()) sum += 0.5 * b.mass * glm::dot(vb - frame, vb - frame);
            return sum;
        };
        const double before = energy(a.velocity, b.velocity);
        const double after = energy(drawn.impact->velocity_a_after, drawn.impact->velocity_b_after);
        const double lost = 100.0 * (before - after) / before;
        EXPECT_EQ(text.find("momentum") != std::string::npos, !immovable) << n << ": " << text;
        // an immovable body that moves does work on the other: the energy is said in its frame (a
        // physics teacher's review: "kinetic energy kept" beside a body speeding up threefold)
        EXPECT_EQ(text.find("in A's frame") != std::string::npos, frame != glm::dvec2(0.0)) << n << ": " << text;
        in_a_frame += frame != glm::dvec2(0.0) ? 1 : 0;
        if (std::abs(lost) < 1e-9) {
            EXPECT_NE(text.find("kinetic energy kept"), std::string::npos) << n << ": " << text;
        } else {
            const std::size_t at = text.find("% of the kinetic energy lost");
            ASSERT_NE(at, std::string::npos) << n << ": " << text;
            const std::size_t from = text.find_last_of(" \n,", at) + 1;
            EXPECT_NEAR(std::strtod(text.c_str() + from, nullptr), lost, 0.05 + 1e-9) << n << ": " << text;
        }
    }
    EXPECT_GT(said, 20) << "few bounces: the test would not tell";
    EXPECT_GT(in_a_frame, 2) << "few moving immovable bodies: the frame's words would go untold";
}

// A game-physics review: with the bounce on, the relative frame still said "B a point moving along
// Δp + tΔv", beside B's path bending away from that line at the bounce. It now says "until the
// bounce" where the core's response gives an impulse, and not where the bounce is off. Judge: the
// core's respond() on each preset, with the bounce on and off.
TEST(LabelFit, TheRelativeFramesSentenceSaysWhereBLeavesItsLine) {
    int bounced = 0;
    for (const embedded::File& file : embedded::presets()) {
        Scene scene = preset(file.name);
        scene.discrete.enabled = false;  // (its sentence stands aside for the MISSED banner)
        for (const bool on : {true, false}) {
            scene.response.enabled = on;
            Drawn drawn(scene);
            const bool impulse = drawn.impact && drawn.impact->approaching;
            bounced += impulse;
            const Picture picture = drawn.picture({1600, 1000}, 1.0f, drawn.scene.time.current, 1.0);
            const auto sentence = std::find_if(picture.items.begin(), picture.items.end(), [](const Primitive& p) {
                return p.shape == Shape::Label && p.text.find("seen from A") != std::string::npos;
            });
            ASSERT_NE(sentence, picture.items.end()) << file.name;
            EXPECT_EQ(joined(sentence->text).find("until the bounce") != std::string::npos, impulse)
                << file.name << (on ? ", bounce on: " : ", bounce off: ") << sentence->text;
        }
    }
    EXPECT_GT(bounced, 3) << "few presets bounce: the test would not tell";
}

// The relative frame's point B, passing under "seen from A: …", had its name's top cut off by the
// sentence's backdrop (a student's review). On every preset and random pairs, both frames, the
// paths' span in 13 moments, several canvases: a small body's name (the one beside its body) lies
// under no overlay (badge, banner, their sentences, the caption) unless its body is itself within
// the name's offset of that overlay.
TEST(LabelFit, ASmallBodysNameStaysOutFromUnderTheOverlays) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(40, 20261128);
    const std::pair<glm::dvec2, float> canvases[] = {{{966, 430}, 1.0f}, {{1280, 720}, 1.5f}, {{640, 480}, 1.0f}};
    int checked = 0;
    int under = 0;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        const double horizon = drawn.scene.time.horizon;
        for (const double blend : {0.0, 1.0})
            for (const auto& [size, scale] : canvases)
                for (int k = 0; k <= 12; ++k) {
                    const double time = horizon * k / 12.0;
                    const Picture picture = drawn.picture(size, scale, time, blend);
                    const View& view = picture.view;
                    for (const Primitive& p : picture.items) {
                        if (p.shape != Shape::Label || p.role != Role::BodyLabel || p.offset_px == glm::dvec2(0.0)) continue;
                        ++checked;
                        const auto box = text_box(*metrics, p, view);
                        const glm::dvec2 body = view.to_screen(p.p0);
                        const double reach = glm::length(p.offset_px);
                        for (const Primitive& o : picture.items) {
                            if (o.shape != Shape::Label || (o.role != Role::Badge && o.role != Role::Banner && o.role != Role::Caption)) continue;
                            auto ob = text_box(*metrics, o, view);
                            ob.first -= glm::dvec2(o.box_padding_px);
                            ob.second += glm::dvec2(o.box_padding_px);
                            const bool overlap = box.first.x < ob.second.x && ob.first.x < box.second.x && box.first.y < ob.second.y &&
                                                 ob.first.y < box.second.y;
                            const bool body_near = glm::length(glm::clamp(body, ob.first, ob.second) - body) < reach;
                            if (overlap && !body_near && ++under <= 5)
                                ADD_FAILURE() << name << (blend > 0 ? ", relative frame" : "") << ", " << size.x << " x " << size.y
                                              << ", t = " << time << ": \"" << p.text << "\" under \"" << o.text << "\"";
                        }
                    }
                }
    }
    std::printf("small bodies' names checked: %d, under an overlay: %d\n", checked, under);
    EXPECT_GT(checked, 500);
}

// In the exact-graze figure the y axis's "2" stood on B's path at y = 2, its backdrop cutting the
// path, and read as one of B's times ("t = 2  4  6  2  10"; an author's review). On every preset
// and random pairs, in both frames, on several canvases and scales, no axis number's text box
// (measured with the real font) meets a path, the closest approach's segment or the contact
// normal (their lines as drawn), unless fewer than two numbers of its axis would stand clear.
TEST(LabelFit, AxisNumbersStandOnNoPathWhereOthersSayTheScale) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(40, 20261127);
    const std::pair<glm::dvec2, float> canvases[] = {{{966, 680}, 1.0f}, {{1000, 560}, 1.0f}, {{1366, 330}, 1.33f}, {{640, 480}, 1.0f},
                                                     {{1280, 720}, 1.5f}};
    int checked = 0;
    std::map<std::string, int> faults;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const double blend : {0.0, 1.0}) {
            for (const auto& [size, scale] : canvases) {
                const Picture picture = drawn.picture(size, scale, drawn.scene.time.current, blend);
                const View& view = picture.view;
                // each axis's numbers, and those on a line of the story
                std::map<bool, int> shown;
                std::map<bool, std::vector<const Primitive*>> on_a_line;
                for (const Primitive& p : picture.items) {
                    if (p.shape != Shape::Label || p.role != Role::AxisLabel) continue;
                    ++checked;
                    const bool x_axis = p.align == Align::Top;
                    ++shown[x_axis];
                    const auto box = text_box(*metrics, p, view);
                    for (const Primitive& q : picture.items) {
                        const bool story_line = q.role == Role::PathPast || q.role == Role::PathFuture || q.role == Role::ResponsePath ||
                                                q.role == Role::RelativePath || q.role == Role::ClosestSegment || q.role == Role::ContactNormal;
                        if ((q.shape == Shape::Segment || q.shape == Shape::Arrow) && story_line &&
                            segment_meets_box(view.to_screen(q.p0), view.to_screen(q.p1), box, 0.5 * q.stroke_px)) {
                            on_a_line[x_axis].push_back(&p);
                            break;
                        }
                    }
                }
                for (const bool x_axis : {true, false})
                    for (const Primitive* p : on_a_line[x_axis])
                        if (shown[x_axis] - static_cast<int>(on_a_line[x_axis].size()) >= 2 && ++faults["on a line"] <= 3)
                            ADD_FAILURE() << name << (blend > 0 ? ", relative frame" : "") << ", " << size.x << " x " << size.y << " at scale "
                                          << scale << ": \"" << p->text << "\" lies on a line of the story, with "
                                          << shown[x_axis] - static_cast<int>(on_a_line[x_axis].size()) << " others clear";
            }
        }
    }
    std::printf("axis numbers checked: %d\n", checked);
    for (const auto& [what, count] : faults) std::printf("axis numbers that %s: %d of %d\n", what.c_str(), count, checked);
    EXPECT_GT(checked, 3000);
}

// On a slide at --scale 6 (a 320 x 180 canvas) "t_exit = 4.99" lay boxed over "t_enter =
// 3.625" (an author's review): where there is no room for both, the later gives way. On every
// preset and random pairs, at small canvases and large scales, in both frames, no two
// annotations' text boxes (measured with the real font) overlap.
TEST(LabelFit, OnASmallCanvasAnAnnotationGivesWayRatherThanCoverAnother) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(30, 20261128);
    int pairs = 0;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const double blend : {0.0, 1.0}) {
            for (const auto& [size, scale] : {std::pair{glm::dvec2(320, 180), 1.0f}, {glm::dvec2(400, 240), 1.0f},
                                              {glm::dvec2(480, 270), 1.5f}, {glm::dvec2(640, 360), 2.0f}}) {
                const Picture picture = drawn.picture(size, scale, drawn.scene.time.current, blend);
                std::vector<std::pair<std::pair<glm::dvec2, glm::dvec2>, std::string>> boxes;
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Label &&
                        (p.role == Role::GhostLabel || p.role == Role::ClosestLabel || p.role == Role::PitfallGhost))
                        boxes.emplace_back(text_box(*metrics, p, picture.view), p.text);
                for (std::size_t i = 0; i < boxes.size(); ++i)
                    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
                        ++pairs;
                        const auto& [a, at] = boxes[i];
                        const auto& [b, bt] = boxes[j];
                        EXPECT_FALSE(a.first.x < b.second.x && b.first.x < a.second.x && a.first.y < b.second.y && b.first.y < a.second.y)
                            << name << (blend > 0 ? ", relative frame" : "") << ", " << size.x << " x " << size.y << " at scale "
                            << scale << ": \"" << at << "\" and \"" << bt << "\" overlap";
                    }
            }
        }
    }
    EXPECT_GT(pairs, 100);
}

// The tour's step 9 (the relative frame) at UI scales 1.25 and 1.5, playing: "d_min = 1.414 at
// t = 4.667" lay on "R = rA + rB = 2" for the whole step (a teacher's rehearsal). On every preset
// and random pairs in the relative frame, at several times, canvases and scales, playing and
// not, no annotation's text box (measured with the real font) overlaps the R label's, unless
// the two together are too big for the canvas.
TEST(LabelFit, NoAnnotationLiesOnTheRelativeFramesRLabel) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(30, 20261127);
    int pairs = 0;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const float scale : {1.0f, 1.25f, 1.5f}) {
            for (const glm::dvec2 size : {glm::dvec2(966, 500), glm::dvec2(1280, 640), glm::dvec2(700, 480)}) {
                for (const bool playing : {false, true}) {
                    for (const double time : {0.0, 0.5 * drawn.scene.time.horizon}) {
                        drawn.scene.time.current = time;
                        PictureInput in;
                        in.scene = &drawn.scene;
                        in.encounter = &drawn.encounter;
                        in.sampling = drawn.sampling ? &*drawn.sampling : nullptr;
                        in.impact = drawn.impact ? &*drawn.impact : nullptr;
                        in.time = time;
                        in.scale = scale;
                        in.relative_blend = 1.0;
                        in.playing = playing;
                        in.view = scene_view(drawn.scene, drawn.encounter, size, scale, in.impact, 1.0);
                        const Picture picture = build_picture(in);
                        const Primitive* r_label = nullptr;
                        for (const Primitive& p : picture.items)
                            if (p.shape == Shape::Label && p.role == Role::RelativeCircle) r_label = &p;
                        if (r_label == nullptr) continue;
                        const auto r_box = text_box(*metrics, *r_label, picture.view);
                        for (const Primitive& p : picture.items) {
                            if (p.shape != Shape::Label || (p.role != Role::GhostLabel && p.role != Role::ClosestLabel)) continue;
                            const auto box = text_box(*metrics, p, picture.view);
                            ++pairs;
                            const bool overlap = box.first.x < r_box.second.x && r_box.first.x < box.second.x &&
                                                 box.first.y < r_box.second.y && r_box.first.y < box.second.y;
                            const double both = (box.second.y - box.first.y) + (r_box.second.y - r_box.first.y);
                            if (both > size.y / 3.0) continue;  // (no room to speak of)
                            EXPECT_FALSE(overlap) << name << " at t = " << time << ", " << size.x << " x " << size.y << " at scale "
                                                  << scale << (playing ? ", playing" : "") << ": \"" << p.text << "\" on \""
                                                  << r_label->text << "\"";
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(pairs, 300);
}

// Regression (a teacher's review): in the relative frame with the overlap check on, a view the
// teacher had saved put A just under the checks' legend, and "R = rA + rB = 2.1" stood on the
// upper diagonal, under the legend's backdrop: only its "R" showed. On every preset with the
// checks on, A is put at spots just under the overlays, from where its label reaches into them
// on an upper diagonal; wherever a lower one has room (inside the canvas and above the caption,
// by the label's measured size), the label stands clear of every overlay's box.
TEST(LabelFit, TheRelativeFramesRLabelStandsClearOfTheOverlays) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    int checked = 0;
    for (const embedded::File& file : embedded::presets()) {
        Scene scene = preset(file.name);
        if (!scene.discrete.enabled) {
            scene.discrete.enabled = true;
            scene.discrete.dt = scene.time.horizon / 16.0;
            scene.discrete.phase = 0.0;
        }
        Drawn drawn(scene);
        for (const auto& [size, scale] : {std::pair{glm::dvec2(768, 590), 1.5f}, std::pair{glm::dvec2(966, 680), 1.0f}}) {
            const Picture fitted = drawn.picture(size, scale, 0.0, 1.0);
            const Primitive* ring = nullptr;
            const Primitive* r_label = nullptr;
            double overlays_bottom = 0.0;
            for (const Primitive& p : fitted.items) {
                if (p.role == Role::RelativeCircle && p.shape != Shape::Label) ring = &p;
                if (p.role == Role::RelativeCircle && p.shape == Shape::Label) r_label = &p;
                if (p.shape == Shape::Label && (p.role == Role::Badge || p.role == Role::Banner))
                    overlays_bottom = std::max(overlays_bottom, text_box(*metrics, p, fitted.view).second.y + p.box_padding_px);
            }
            if (ring == nullptr || r_label == nullptr) continue;
            const glm::dvec2 label_size = text_box(*metrics, *r_label, fitted.view).second - text_box(*metrics, *r_label, fitted.view).first;
            const double r_px = ring->radius * fitted.view.pixels_per_unit;
            const double reach = 0.71 * r_px + 8.0 * scale;  // from A's centre to the label's near corner
            for (double y = overlays_bottom + 2.0; y < overlays_bottom + reach + label_size.y; y += 6.0) {
                for (const double x : {0.35 * size.x, 0.5 * size.x, 0.65 * size.x}) {
                    if (x - reach - label_size.x < 0.0 && x + reach + label_size.x > size.x) continue;
                    // A's centre moved to (x, y) on the canvas
                    const glm::dvec2 on_canvas = fitted.view.to_screen(ring->p0);
                    const glm::dvec2 shift{(x - on_canvas.x) / fitted.view.pixels_per_unit, -(y - on_canvas.y) / fitted.view.pixels_per_unit};
                    const Picture picture = drawn.picture(size, scale, 0.0, 1.0, fitted.view.center - shift);
                    const Primitive* label = nullptr;
                    for (const Primitive& p : picture.items)
                        if (p.role == Role::RelativeCircle && p.shape == Shape::Label) label = &p;
                    ASSERT_NE(label, nullptr) << file.name;
                    // (the caption, where this view keeps it, is the floor)
                    double floor = size.y;
                    for (const Primitive& p : picture.items)
                        if (p.shape == Shape::Label && p.role == Role::Caption)
                            floor = std::min(floor, text_box(*metrics, p, picture.view).first.y - p.box_padding_px);
                    if (y + reach + label_size.y + 12.0 * scale > floor) continue;  // no room below
                    const auto box = text_box(*metrics, *label, picture.view);
                    ++checked;
                    for (const Primitive& p : picture.items) {
                        if (p.shape != Shape::Label || (p.role != Role::Badge && p.role != Role::Banner && p.role != Role::Caption)) continue;
                        auto o = text_box(*metrics, p, picture.view);
                        o.first -= glm::dvec2(p.box_padding_px);
                        o.second += glm::dvec2(p.box_padding_px);
                        const bool overlap = box.first.x < o.second.x && o.first.x < box.second.x && box.first.y < o.second.y &&
                                             o.first.y < box.second.y;
                        EXPECT_FALSE(overlap) << file.name << ", " << size.x << " x " << size.y << " at scale " << scale
                                              << ", A at (" << x << ", " << y << "): \"" << label->text << "\" under \"" << p.text << "\"";
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 100);
}

// Regression (a teacher's review): in the relative frame at the closest approach, B, a point
// just inside A's circle near its centre, had its name 20 px above it, on A's: "B" over "A", and
// both over the d_min segment. On every preset and random pairs, in the relative frame at
// t_closest, the two names' text boxes (the real font) do not overlap.
TEST(LabelFit, TheBodiesNamesStandApartInTheRelativeFrame) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(40, 20261128);
    int pairs = 0;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        if (!drawn.encounter.t_closest) continue;
        for (const auto& [size, scale] : {std::pair{glm::dvec2(768, 590), 1.5f}, std::pair{glm::dvec2(966, 680), 1.0f}}) {
            const Picture picture = drawn.picture(size, scale, *drawn.encounter.t_closest, 1.0);
            const Primitive* names[2] = {nullptr, nullptr};
            for (const Primitive& p : picture.items)
                if (p.shape == Shape::Label && p.role == Role::BodyLabel && p.body >= 0 && p.body <= 1) names[p.body] = &p;
            if (!names[0] || !names[1]) continue;
            ++pairs;
            const auto a = text_box(*metrics, *names[0], picture.view);
            const auto b = text_box(*metrics, *names[1], picture.view);
            const bool overlap = a.first.x < b.second.x && b.first.x < a.second.x && a.first.y < b.second.y && b.first.y < a.second.y;
            EXPECT_FALSE(overlap) << name << ", " << size.x << " x " << size.y << " at scale " << scale << ": \"" << names[1]->text
                                  << "\" on \"" << names[0]->text << "\"";
        }
    }
    EXPECT_GT(pairs, 50);
}

// Regression (an outside review, a 1366 x 768 window): the badge's sentences ("touch at t =
// 3.103, closest = R", "first contact at t = 2.548") were struck through by the paths drawn under
// them, their backdrop a quarter see-through. On every preset and random pairs (fixed seed), in
// both frames, on the window's canvases and two more at UI scales 1 and 1.5, in every theme, a
// as fitted and panned so that the story lies under the badge, a
// path or time tick that meets a sentence of the overlays (the badge's, the banner's legend, the
// caption: their text boxes measured with the real font) shows through its backdrop at a
// contrast with the canvas of 1.1 at most (a line that stands out is 3:1, kLineContrast).
TEST(LabelFit, NoPathStrikesThroughTheOverlaysSentences) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(40, 20261203);
    const std::pair<glm::dvec2, float> canvases[] = {{{966, 680}, 1.0f}, {{966, 435}, 1.0f}, {{1366, 330}, 1.33f}, {{640, 480}, 1.0f},
                                                     {{1280, 720}, 1.5f}};
    int crossings = 0;
    int struck = 0;
    for (const Theme theme : {Theme::Dark, Theme::Light, Theme::Print}) {
        for (const auto& [name, scene] : scenes) {
            Scene themed = scene;
            themed.show.theme = theme;
            Drawn drawn(themed);
            for (const double blend : {0.0, 1.0}) {
                for (const auto& [size, scale] : canvases) {
                    // as fitted (which keeps the story clear of the overlays), and panned so that the
                    // story's middle lies under the badge, as a user's pan may put it
                    const Picture fitted = drawn.picture(size, scale, drawn.scene.time.current, blend);
                    const glm::dvec2 under_badge = glm::dvec2(size.x / 2.0 - 150.0 * scale, -(size.y / 2.0 - 60.0 * scale)) /
                                                     fitted.view.pixels_per_unit;
                    for (const bool panned : {false, true}) {
                        const Picture picture = panned ? drawn.picture(size, scale, drawn.scene.time.current, blend,
                                                                       fitted.view.center + under_badge)
                                                       : fitted;
                        const View& view = picture.view;
                        for (const Primitive& sentence : picture.items) {
                            const bool overlay_sentence = sentence.shape == Shape::Label && !sentence.bold &&
                                                          (sentence.role == Role::Badge || sentence.role == Role::Banner || sentence.role == Role::Caption);
                            if (!overlay_sentence) continue;
                            const auto box = text_box(*metrics, sentence, view);
                            for (const Primitive& path : picture.items) {
                                if (path.shape != Shape::Segment || (path.role != Role::PathPast && path.role != Role::PathFuture &&
                                                                     path.role != Role::ResponsePath && path.role != Role::TimeTick))
                                    continue;
                                if (!segment_meets_box(view.to_screen(path.p0), view.to_screen(path.p1), box, 0.5 * path.stroke_px)) continue;
                                ++crossings;
                                // what shows of the line through the backdrop, over the canvas
                                const float a = path.stroke.a * (1.0f - sentence.box.a);
                                const Rgba& bg = picture.background;
                                const Rgba seen{bg.r + (path.stroke.r - bg.r) * a, bg.g + (path.stroke.g - bg.g) * a,
                                                bg.b + (path.stroke.b - bg.b) * a, 1.0f};
                                const double contrast = contrast_ratio(seen, bg);
                                if (contrast > 1.1 && ++struck <= 5)
                                    ADD_FAILURE() << to_string(theme) << " " << name << (blend > 0 ? ", relative frame" : "") << ", "
                                                  << size.x << " x " << size.y << ": a " << to_string(path.role) << " strikes through \""
                                                  << sentence.text << "\" at " << contrast << ":1";
                            }
                        }
                    }
                }
            }
        }
    }
    std::printf("a path under an overlay sentence: %d; struck through: %d\n", crossings, struck);
    EXPECT_GT(crossings, 30);  // (the test meets the case: the panned pictures put paths under the sentences)
}

// Regression (an outside review, a 1366 x 768 window): the swapped-square pitfall's note "dvx²
// for dvy²: t = 2.294 (wrong)" covered the contact normal's arrowhead (and, paused at t = 3.3,
// "t_exit = 6.988" the contact point: a teacher's review), and in presentation mode
// with the time plot open (a wide short canvas) "d_min = … at t = …" lay over A's velocity
// arrowhead. On every preset and random pairs (fixed seed), in both frames, on the window's
// canvases and two more at UI scales 1 and 1.5, an annotation (contact time, closest approach,
// pitfall note) whose text box (measured with the real font) holds a point of an arrowhead (its
// tip, the corners of its base, its middle) has, by brute force, no place within three of its
// heights on the canvas clear of every arrowhead, of the bodies' boxes and of every other label
// that explains (2-px grid, 3 px to spare).
TEST(LabelFit, AnnotationsLeaveTheArrowheadsInSightWhereThereIsRoom) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto scenes = presets_and_random_pairs(40, 20261204);
    const std::pair<glm::dvec2, float> canvases[] = {{{966, 680}, 1.0f}, {{966, 435}, 1.0f}, {{1366, 330}, 1.33f}, {{640, 480}, 1.0f},
                                                     {{1280, 720}, 1.5f}};
    int annotations = 0;
    int over_a_head = 0;
    int with_room = 0;
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        for (const double blend : {0.0, 1.0}) {
            for (const auto& [size, scale] : canvases) {
              for (const double time : {drawn.scene.time.current, 0.4 * drawn.scene.time.horizon}) {
                const Picture picture = drawn.picture(size, scale, time, blend);
                const View& view = picture.view;
                using Box = std::pair<glm::dvec2, glm::dvec2>;
                const auto overlap = [](const Box& a, const Box& b) {
                    return a.first.x < b.second.x && b.first.x < a.second.x && a.first.y < b.second.y && b.first.y < a.second.y;
                };
                auto heads = arrowheads(picture);
                // and the contact point, as a head of its own (its centre and its box's corners)
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Disc && p.role == Role::ContactPoint) {
                        const glm::dvec2 c = view.to_screen(p.p0);
                        const double r = p.radius * view.pixels_per_unit;
                        heads.push_back({c, c - r, c + r, {c.x - r, c.y + r}, {c.x + r, c.y - r}});
                    }
                std::vector<Box> fixed;  // the arrowheads' and the bodies' boxes
                for (const auto& head : heads) {
                    Box b{head[0], head[0]};
                    for (const glm::dvec2 q : head) b = {glm::min(b.first, q), glm::max(b.second, q)};
                    fixed.push_back(b);
                }
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Disc && p.role == Role::Body) {
                        const glm::dvec2 c = view.to_screen(p.p0);
                        const double r = p.radius * view.pixels_per_unit;
                        fixed.push_back({c - r, c + r});
                    }
                for (const Primitive& a : picture.items) {
                    if (a.shape != Shape::Label || (a.role != Role::GhostLabel && a.role != Role::ClosestLabel && a.role != Role::PitfallGhost))
                        continue;
                    ++annotations;
                    const Box text = text_box(*metrics, a, view);
                    const bool covers = std::any_of(heads.begin(), heads.end(), [&](const std::vector<glm::dvec2>& head) {
                        return std::any_of(head.begin(), head.end(), [&](glm::dvec2 q) { return inside(q, text); });
                    });
                    if (!covers) continue;
                    ++over_a_head;
                    std::vector<Box> obstacles = fixed;
                    for (const Primitive& b : picture.items)
                        if (&b != &a && b.shape == Shape::Label && b.role != Role::AxisLabel && b.role != Role::TimeTickLabel) {
                            const Box o = text_box(*metrics, b, view);
                            const glm::dvec2 margin(b.box_padding_px + 2.0 * scale);
                            obstacles.push_back({o.first - margin, o.second + margin});
                        }
                    const glm::dvec2 margin(a.box_padding_px + 2.0 * scale + 3.0);
                    const Box at{text.first - margin, text.second + margin};
                    const double reach = 3.0 * (text.second.y - text.first.y);
                    std::optional<glm::dvec2> room;
                    for (double dy = -reach; dy <= reach && !room; dy += 2.0)
                        for (double dx = -reach; dx <= reach && !room; dx += 2.0) {
                            if (dx * dx + dy * dy > reach * reach) continue;
                            const Box moved{at.first + glm::dvec2(dx, dy), at.second + glm::dvec2(dx, dy)};
                            if (moved.first.x < 0.0 || moved.first.y < 0.0 || moved.second.x > size.x || moved.second.y > size.y) continue;
                            if (std::none_of(obstacles.begin(), obstacles.end(), [&](const Box& o) { return overlap(moved, o); }))
                                room = glm::dvec2(dx, dy);
                        }
                    if (room && ++with_room <= 5)
                        ADD_FAILURE() << name << (blend > 0 ? ", relative frame" : "") << " at t = " << time << ", " << size.x << " x "
                                      << size.y << " at scale " << scale << ": \"" << a.text << "\" covers an arrowhead or the contact "
                                      << "point, yet (" << room->x << ", " << room->y << ") px away it would be clear";
                }
              }
            }
        }
    }
    std::printf("annotations: %d, over an arrowhead: %d, of those with room nearby: %d\n", annotations, over_a_head, with_room);
    EXPECT_GT(annotations, 1000);
}

// Regression (a teacher's review in SI units): a trolley at 1 mm/s for 1000 s, checked every
// 100 s, bouncing off one at rest. Each check's outline passes through the next tick, so every
// place beside A's path crossed a ring and none of its times was shown; after the bounce the
// slower paths had ticks but no number every other one reaches. Each leg of each path (before
// the bounce, after it) with two ticks or more on the canvas now carries at least one number,
// at several sizes and scales, and with the scene's lengths 1000× smaller or larger.
TEST(LabelFit, EveryLegOfAPathCarriesATimeNumberAmongTheChecksOutlines) {
    const std::pair<glm::dvec2, float> canvases[] = {{{1280, 720}, 1.0f}, {{966, 680}, 1.0f}, {{1920, 1080}, 1.5f}};
    int legs_checked = 0;
    for (const double length : {1e-3, 1.0, 1e3}) {
        nlohmann::json json = {
            {"version", 1},
            {"bodies",
             {{{"position", {0, 0}}, {"velocity", {0.001 * length, 0}}, {"radius", 0.1 * length}, {"mass", 2}},
              {{"position", {0.8 * length, 0.15 * length}}, {"velocity", {0, 0}}, {"radius", 0.1 * length}, {"mass", 3}}}},
            {"time", {{"horizon", 1000}}},
            {"discrete", {{"enabled", true}, {"dt", 100}, {"phase", 0}, {"horizon", 1000}}},
            {"response", {{"enabled", true}, {"restitution", 0.5}}}};
        Result<LoadedScene> loaded = parse_scene(json.dump(), "slow.json");
        ASSERT_TRUE(loaded.ok()) << loaded.error().message;
        Drawn drawn(loaded->scene);
        ASSERT_TRUE(drawn.impact.has_value());
        const Impact& impact = *drawn.impact;
        for (const auto& [size, scale] : canvases) {
            const Picture picture = drawn.picture(size, scale, 0.0, 0.0);
            const View& view = picture.view;
            const Motion motion(drawn.scene, &impact, 0.0);
            for (int body = 0; body < 2; ++body) {
                // the legs in world units: before the impact, and after it to the horizon
                const std::pair<glm::dvec2, glm::dvec2> legs[] = {
                    {motion.position(body, 0.0), motion.position(body, impact.time)},
                    {motion.position(body, impact.time), motion.position(body, drawn.scene.time.horizon)}};
                for (int leg = 0; leg < 2; ++leg) {
                    const auto [from, to] = legs[leg];
                    const auto on_leg = [&](glm::dvec2 p) {
                        const glm::dvec2 d = to - from;
                        if (glm::length(d) == 0.0) return false;
                        const double s = glm::dot(p - from, d) / glm::dot(d, d);
                        return s > 1e-9 && s < 1.0 + 1e-9 && glm::distance(from + s * d, p) < 1e-9 * glm::length(d);
                    };
                    int ticks = 0;
                    int numbers = 0;
                    for (const Primitive& p : picture.items) {
                        if (p.body != body) continue;
                        const glm::dvec2 at = p.role == Role::TimeTick ? 0.5 * (p.p0 + p.p1) : p.p0;
                        const glm::dvec2 s = view.to_screen(at);
                        const bool on_canvas = s.x > 0 && s.y > 0 && s.x < size.x && s.y < size.y;
                        if (!on_canvas || !on_leg(at)) continue;
                        ticks += p.role == Role::TimeTick;
                        numbers += p.shape == Shape::Label && p.role == Role::TimeTickLabel;
                    }
                    if (ticks < 2) continue;
                    ++legs_checked;
                    EXPECT_GE(numbers, 1) << "lengths x" << length << ", " << size.x << " x " << size.y << " at scale " << scale << ": "
                                          << (body == 0 ? "A" : "B") << "'s path " << (leg == 0 ? "before" : "after")
                                          << " the bounce has " << ticks << " ticks and no time number";
                }
            }
        }
    }
    // A's two legs on each canvas and scale, and B's leg after the bounce (B is at rest before it)
    // where it has two ticks in sight (on one canvas the sentence under the badge, two lines with
    // what the bounce keeps, frames the story a little smaller, and it has one)
    EXPECT_GE(legs_checked, 3 * 3 * 2 + 3);
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// An annotation moved off a body or a label went into the overlays' corner, between the badge's
// sentence and the MISSED banner, and read as theirs: "t_enter = 1.076" in an author's film strip
// of the tunnelling lesson (a fixed view, 12 cm at 300 dpi, --scale 2.3), 240 px from its ghost
// at t = 0.6 to 1.0. On that strip, and on the presets and random pairs (in still frames, both
// frames of reference, several canvases), no annotation the declutter moved lies in the box round
// the badge, the banner and their sentences. Judge: the text boxes measured with the real font.
TEST(LabelFit, AnAnnotationMovedIsNotMovedAmongTheOverlays) {
    const TextMetrics* metrics = TextMetrics::shared();
    ASSERT_NE(metrics, nullptr);
    const auto in_corner = [&](const Picture& picture, std::string* which) {
        std::optional<std::pair<glm::dvec2, glm::dvec2>> corner;
        for (const Primitive& o : picture.items) {
            if (o.shape != Shape::Label || (o.role != Role::Badge && o.role != Role::Banner)) continue;
            auto box = text_box(*metrics, o, picture.view);
            box.first -= glm::dvec2(o.box_padding_px);
            box.second += glm::dvec2(o.box_padding_px);
            corner = corner ? std::pair(glm::min(corner->first, box.first), glm::max(corner->second, box.second)) : box;
        }
        if (!corner) return false;
        for (const Primitive& p : picture.items) {
            if (p.shape != Shape::Label ||
                (p.role != Role::GhostLabel && p.role != Role::ClosestLabel && p.role != Role::PitfallGhost && p.role != Role::DistanceNow))
                continue;
            const auto box = text_box(*metrics, p, picture.view);
            // (its anchor outside the corner: one placed there, by a ghost in the corner, is not moved)
            const glm::dvec2 anchor = picture.view.to_screen(p.p0);
            const bool anchored_inside = anchor.x > corner->first.x && anchor.x < corner->second.x && anchor.y > corner->first.y &&
                                         anchor.y < corner->second.y;
            const bool overlap = box.first.x < corner->second.x && corner->first.x < box.second.x && box.first.y < corner->second.y &&
                                 corner->first.y < box.second.y;
            // moved up into it: its box above its anchor by more than the gap it is placed at
            if (overlap && !anchored_inside && box.second.y < anchor.y - 40.0) {
                *which = p.text;
                return true;
            }
        }
        return false;
    };
    // the author's strip: a view of 80 px a unit on a 1000-px-tall canvas, the figure 1417 x 850 at
    // --scale 2.3, so a canvas of 616 x 370 at scale 1
    Scene strip = preset("tunnelling.json");
    strip.caption.clear();
    strip.bodies[0].body = Body{{0.0, 0.0}, {0.0, 0.0}, 0.7, 1.0};
    strip.bodies[1].body = Body{{-9.0, 0.35}, {7.3, 0.0}, 0.5, 1.0};
    strip.time.horizon = 2.4;
    strip.discrete.dt = 0.6;
    strip.discrete.phase = 0.3;
    strip.view.center = glm::dvec2(0.0, 0.5);
    strip.view.zoom = 80.0;
    Drawn drawn_strip(strip);
    int moved_in = 0;
    int labelled = 0;  // the premise: frames of the strip with t_enter's label, moved off A (t = 0.6 to 1)
    for (int k = 0; k <= 48; ++k) {
        const double time = 0.05 * k;
        std::string which;
        const Picture picture = drawn_strip.picture({1417.0 / 2.3, 850.0 / 2.3}, 1.0f, time, 0.0);
        for (const Primitive& p : picture.items)
            labelled += p.role == Role::GhostLabel && p.text.starts_with("t_enter") && time >= 0.6 && time <= 1.0 ? 1 : 0;
        if (in_corner(picture, &which) && ++moved_in <= 5)
            ADD_FAILURE() << "the strip at t = " << time << ": \"" << which << "\" among the overlays";
    }
    EXPECT_GT(labelled, 4) << "t_enter's label left out of the strip where it was moved";
    int pictures = 0;
    const auto scenes = presets_and_random_pairs(40, 20261129);
    for (const auto& [name, scene] : scenes) {
        Drawn drawn(scene);
        const double horizon = drawn.scene.time.horizon;
        for (const double blend : {0.0, 1.0})
            for (const auto& [size, scale] : {std::pair(glm::dvec2(966, 430), 1.0f), std::pair(glm::dvec2(640, 480), 1.0f),
                                              std::pair(glm::dvec2(1280, 720), 1.5f)})
                for (int k = 0; k <= 8; ++k) {
                    std::string which;
                    ++pictures;
                    if (in_corner(drawn.picture(size, scale, horizon * k / 8.0, blend), &which) && ++moved_in <= 5)
                        ADD_FAILURE() << name << ", " << size.x << " x " << size.y << ", t = " << horizon * k / 8.0 << ": \"" << which
                                      << "\" among the overlays";
                }
    }
    std::printf("pictures checked: %d, an annotation moved among the overlays: %d\n", pictures, moved_in);
    EXPECT_GT(pictures, 1000);
}

}  // namespace
}  // namespace tangent
