#include "figure_words.h"

#include <cctype>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "core/discrete.h"
#include "core/format.h"

namespace tangent {

namespace {

// A number as read aloud: a true minus sign (U+2212), which screen readers say as "minus" (a
// hyphen may be read as "dash"), and a power of ten written out ("1.5e-7" is "1.5 × 10^−7", not
// the letters one by one).
std::string spoken(const std::string& number) {
    if (number == "-0") return "0";
    std::string out;
    for (std::size_t i = 0; i < number.size(); ++i) {
        const char c = number[i];
        const bool exponent = (c == 'e' || c == 'E') && i > 0 && i + 1 < number.size() &&
                              (std::isdigit(static_cast<unsigned char>(number[i + 1])) != 0 || number[i + 1] == '-' || number[i + 1] == '+');
        if (exponent) {
            out += " × 10^";
            if (number[i + 1] == '+') ++i;
            if (number[i + 1] == '-') {
                out += "\u2212";
                ++i;
            }
            while (i + 2 < number.size() && number[i + 1] == '0') ++i;  // "1e-05" reads 10^−5
        } else if (c == '-') {
            out += "\u2212";
        } else {
            out += c;
        }
    }
    return out;
}

std::string length(double value) { return spoken(short_number(value, 4)); }
// a number the scene gives, as written (4 digits read (−105.25, −40.5) as (−105.2, −40.5), and
// Δp then disagreed with the positions by 0.1)
std::string given(double value) { return spoken(format_number(value)); }
std::string given_point(glm::dvec2 v) { return "(" + given(v.x) + ", " + given(v.y) + ")"; }
std::string point(glm::dvec2 v) { return "(" + length(v.x) + ", " + length(v.y) + ")"; }

bool drawn_has(const Picture& drawn, Role role) { return drawn.count(role) > 0; }

std::vector<std::string> drawn_texts(const Picture& drawn, Role role) {
    std::vector<std::string> texts;
    for (const Primitive& p : drawn.items)
        if (p.role == role && p.shape == Shape::Label && !p.text.empty()) texts.push_back(p.text);
    return texts;
}

bool drawn_text_with(const Picture& drawn, std::string_view part) {
    for (const Primitive& p : drawn.items)
        if (p.shape == Shape::Label && p.text.find(part) != std::string::npos) return true;
    return false;
}

// the caption's lead-in ("Oblique hit" from "Oblique hit: the paths cross …"), or the caption
// where it is short: a screen reader says the title first, and a 64-word one is no name
std::string short_title(std::string caption) {
    // (the note the window keeps after edits begins "As first written, before edits: ")
    constexpr std::string_view kEdited = "As first written, before edits: ";
    if (caption.starts_with(kEdited)) caption = caption.substr(kEdited.size());
    // (blank lines and spaces first gave a title of spaces: a QA recheck)
    const std::size_t begin = caption.find_first_not_of(" \t\n");
    caption = begin == std::string::npos ? std::string() : caption.substr(begin);
    // a lead-in is a name before ": " ("Oblique hit: …"), not "Ratio 1:2", "Why? Think: …" or "t = 4: …"
    // (a lead-in stops at a line's end: "First line.↵Second line: …" was one title: an author's review)
    const std::size_t colon = caption.find(": ");
    if (colon != std::string::npos && colon >= 3 && colon <= 40 && caption.find_first_of("?=!\n", 0) >= colon &&
        std::isdigit(static_cast<unsigned char>(caption[colon - 1])) == 0)
        return caption.substr(0, colon);
    // and a short caption of several lines is named by its first
    const std::size_t line_end = caption.find('\n');
    if (line_end != std::string::npos) caption = caption.substr(0, line_end);
    return utf8_length(caption) <= 100 ? caption : std::string();
}

// a sentence of its own, however the note ends
std::string as_sentence(std::string text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.pop_back();
    if (!text.empty() && std::string_view(".!?").find(text.back()) == std::string_view::npos) text += '.';
    return text;
}

class Words {
public:
    Words(const Scene& scene, const Encounter& e)
        : scene_(scene), e_(e), digits_(contact_time_digits(e)), scale_(time_scale(scene, e)) {}

    [[nodiscard]] std::string time(double t) const { return spoken(time_number(t, digits_, scale_)); }
    /// t_closest, zero only beside the scale it is known to
    [[nodiscard]] std::string closest_time() const { return spoken(time_number(*e_.t_closest, digits_, closest_time_scale(e_))); }
    [[nodiscard]] std::string a() const { return scene_.name(0); }
    [[nodiscard]] std::string b() const { return scene_.name(1); }

    // "A: radius 1.2, starting at (−6, −3) with velocity (1.5, 0.75)" (and its mass where a bounce
    // is drawn: a question's words are those of the figure with the bounce off)
    [[nodiscard]] std::string body(int i, bool with_mass) const {
        const Body& body = i == 0 ? scene_.body_a() : scene_.body_b();
        std::string text = scene_.name(i) + ": radius " + given(body.radius) +
                           (body.velocity == glm::dvec2(0.0) ? ", at rest at " + given_point(body.position)
                                                             : ", starting at " + given_point(body.position) + " with velocity " +
                                                                   given_point(body.velocity));
        if (with_mass) text += body.immovable() ? ", immovable" : ", mass " + given(body.mass);
        return text;
    }

    [[nodiscard]] std::string setup(const PictureInput& in, const Picture& drawn, bool relative) const {
        std::string text;
        if (relative) {
            // as the relative frame draws it: A still with radius R, B's centre a point
            text = b() + " as seen from " + a() + ": " + a() + " held still at the origin as a circle of radius R = " +
                   given(e_.radius_sum) + ", the two radii summed, and " + b() + "'s centre a point starting at Δp = " +
                   given_point(e_.relative_position) + " and moving with Δv = " + given_point(e_.relative_velocity) +
                   (drawn_has(drawn, Role::RelativePath) ? ", along its path." : ".");
        } else {
            // a body at rest has no path and no arrow: "each" only where both move
            std::vector<std::string> with;
            if (drawn_has(drawn, Role::PathFuture) || drawn_has(drawn, Role::PathPast)) with.emplace_back("its path");
            if (drawn_has(drawn, Role::Velocity)) with.emplace_back("its velocity arrow");
            const bool a_moves = scene_.body_a().velocity != glm::dvec2(0.0);
            const bool b_moves = scene_.body_b().velocity != glm::dvec2(0.0);
            const std::string who = a_moves && b_moves ? "each" : a_moves ? a() : b();
            text = "Two circles, " + a() + " and " + b() +
                   (with.empty() || !(a_moves || b_moves) ? std::string()
                                                          : ", " + who + " with " + with[0] + (with.size() > 1 ? " and " + with[1] : std::string())) +
                   ". " + body(0, in.impact) + ". " + body(1, in.impact) + ".";
        }
        // the moment as the figure's corner writes it (four digits read 5.6314 and 5.6315 alike,
        // where the check now says "no overlap" at one and "they overlap" at the other)
        const std::vector<std::string> stamp = drawn_texts(drawn, Role::TimeStamp);
        if (!stamp.empty()) {
            // (its number read aloud, as the rest: "t = -2.5" and "1e-9" were read as dash and letters
            // by a screen reader: an author's review)
            const std::string& shown = stamp.front();
            text += " They are drawn where they are at " + (shown.starts_with("t = ") ? "t = " + spoken(shown.substr(4)) : shown) + ".";
        } else if (in.time != 0.0) {
            text += " They are drawn where they are at t = " + given(in.time) + ".";
        }
        return text;
    }

    // What happens, in the badge's words and then in sentences, naming only what is drawn.
    [[nodiscard]] std::string outcome(const Impact* impact, const Picture& drawn, bool relative) const {
        const std::string badge = to_capitals(e_.kind) + ", " + std::string(to_string(e_.discriminant_sign)) + ": ";
        const bool ghosts = drawn_has(drawn, Role::GhostEnter) || drawn_has(drawn, Role::GhostLabel);
        const bool closest = drawn_has(drawn, Role::ClosestLabel);
        const std::string marks = !ghosts ? std::string()
                                  : relative
                                      ? " B's centre meets the circle of radius R at those moments, each marked."
                                      : std::string(" Outlines show both circles at those moments") +
                                            (drawn_has(drawn, Role::ContactNormal) ? ", with the contact point and the normal at the first." : ".");
        const std::string near = closest ? " " + nearest() : std::string();
        switch (e_.kind) {
            case Case::Hit: {
                const std::string text = badge + "they first touch at t = " + time(*e_.t_enter);
                if (impact) return text + bounce(*impact, relative) + near;
                return text + " and, passing through each other, would part at t = " + time(*e_.t_exit) + "." + marks + near;
            }
            case Case::Graze:
                // exactly R where D = 0 exactly; else R to the graze tolerance (a pass 1e-15 R off)
                return badge + "they just touch, at t = " + time(*e_.t_enter) + ", and part at once: their centres are then " +
                       // (to the tolerance, R with 13 digits, within 5e-13 of it: 0.1 + 0.2 read "R =
                       // 0.30000000000000004", a binary sum's digits: an education researcher's review)
                       (e_.exact_graze() ? "exactly R = " + given(e_.radius_sum) : "R = " + spoken(format_significant(e_.radius_sum, 13))) +
                       " apart, the two radii summed" +
                       (e_.exact_graze() ? "." : ", to within the graze tolerance of 10^\u221212 of R.");
            case Case::Miss: {
                const auto [d_min, r] = telling_apart(e_.min_distance, e_.radius_sum, std::hypot(e_.relative_position.x, e_.relative_position.y));
                if (!closest) return badge + "they never touch: their centres never come within R = " + spoken(r) + ", the two radii summed.";
                return badge + "they never touch. Their centres come nearest at t = " + closest_time() + ", " + spoken(d_min) +
                       " apart, more than R = " + spoken(r) + ", the two radii summed" +
                       (ghosts || drawn_has(drawn, Role::ClosestOutline) ? (relative ? "." : "; outlines show both circles then.") : ".");
            }
            case Case::Receding:
                // touching now by the exact check (roots of circles 1e-200 across read 0 where they are not)
                if (e_.overlaps_at(0.0))
                    return badge + "they touch now and are moving apart: traced back, their paths met at t = " + time(*e_.t_enter) +
                                   " and overlapped, passing through each other, until now." + near;
                if (*e_.t_enter == *e_.t_exit)  // a past graze (D = 0)
                    return badge + "they touched once, only in the past, at t = " + time(*e_.t_enter) + ", and are moving apart." + near;
                return badge + "their contact lies only in the past: traced back, their paths met at t = " + time(*e_.t_enter) +
                       " and overlapped, passing through each other, until t = " + time(*e_.t_exit) +
                       "; now they are moving apart." + marks + near;
            case Case::Overlapping:
                if (!e_.t_enter) return badge + "they overlap, and with no relative motion always will.";
                if (impact) return badge + "they overlap at t = 0 and are closing" + bounce(*impact, relative) + near;
                return badge + "they overlap at t = 0, from t = " + time(*e_.t_enter) + " to t = " + time(*e_.t_exit) + "." + marks + near;
            case Case::Static: {
                // (c = 0 with no motion: touching, and staying so)
                const auto [d, r] = telling_apart(e_.min_distance, e_.radius_sum);
                const std::string still = badge + "there is no relative motion (Δv = 0): their centres stay " + spoken(d) + " apart, ";
                if (e_.c == 0.0) return still + "exactly R, the two radii summed: they touch, and stay touching.";
                return still + "more than R = " + spoken(r) + ", the two radii summed, so they never touch.";
            }
        }
        return badge;
    }

    // with the digits that tell d_min from R (a hit 1e-8 inside read "2.000 apart" beside R = 2)
    [[nodiscard]] std::string nearest() const {
        const auto [d_min, r] = telling_apart(e_.min_distance, e_.radius_sum, std::hypot(e_.relative_position.x, e_.relative_position.y));
        return "Their centres come nearest at t = " + closest_time() + ", " + spoken(d_min) + " apart.";
    }

    [[nodiscard]] std::string bounce(const Impact& impact, bool relative) const {
        // a body at rest after it "stops", or "stays still" if it was at rest before (a wall)
        const auto moves = [&](const std::string& name, glm::dvec2 v, glm::dvec2 before) {
            if (v != glm::dvec2(0.0)) return name + " moves with velocity " + point(v);
            return name + (before == glm::dvec2(0.0) ? " stays still" : " stops");
        };
        std::string text = impact.restitution == 0.0 ? ", and there, with no rebound (restitution e = 0), after it "
                                                      : ", and bounce there with restitution e = " + given(impact.restitution) + ": after it ";
        if (relative) {
            const glm::dvec2 after = impact.velocity_b_after - impact.velocity_a_after;
            text += after == glm::dvec2(0.0) ? b() + " stays at the contact, relative to " + a() + "."
                                             : b() + " moves relative to " + a() + " with Δv′ = " + point(after) + ", drawn dotted from the contact.";
        } else {
            const int moving = (impact.velocity_a_after != glm::dvec2(0.0)) + (impact.velocity_b_after != glm::dvec2(0.0));
            text += moves(a(), impact.velocity_a_after, scene_.body_a().velocity) + " and " +
                    moves(b(), impact.velocity_b_after, scene_.body_b().velocity) +
                    (moving == 2   ? ", drawn as dotted paths and arrows from the contact."
                     : moving == 1 ? ", drawn as a dotted path and arrow from the contact."
                                   : ".");
        }
        const bool momentum = !scene_.body_a().immovable() && !scene_.body_b().immovable();
        const std::optional<int> fixed = scene_.moving_immovable_body();
        const std::string frame = fixed ? ", in " + scene_.name(*fixed) + "'s frame" : std::string();
        if (impact.energy_kept()) return text + (momentum ? " Momentum and kinetic energy are kept" : " Kinetic energy is kept") + frame + ".";
        return text + (momentum ? " Momentum is kept, and " : " ") + share_percent(impact.energy_lost_share()) +
               " of the kinetic energy is lost" + frame + ".";
    }

    [[nodiscard]] std::string checks(const SamplingResult& s, bool answers, bool relative) const {
        const SamplingInput& in = s.input;
        // from the first try to the last (not to the horizon: "to t = 2" where the last try was at
        // 1.75, as the panel said: a mathematics teacher's review)
        // (the last try as the canvas writes times: φ + k·dt in doubles read 1.7999999999999998)
        if (s.sample_count == 0)
            return "The overlap check |Δp + tΔv| ≤ R would be made every dt = " + given(in.dt) + " from t = " + given(in.phase) +
                   ", past the horizon " + given(in.horizon) + ": it is never made.";
        const std::string tries = s.sample_count == 1 ? ", once, at t = " + given(in.phase)
                                                      : " from t = " + given(in.phase) + " to t = " + time(s.sample_time(s.sample_count - 1));
        std::string text = "The overlap check |Δp + tΔv| ≤ R is made every dt = " + given(in.dt) + tries +
                           (relative ? ", each check a dot on " + b() + "'s path"
                            : checks_drawn(scene_, in.dt) == ChecksDrawn::Dots
                                ? ", each check a dot at both centres (too close for outlines), the first to fire an outline"
                            : checks_drawn(scene_, in.dt) == ChecksDrawn::SomeDots
                                ? ", each check an outline of both circles (a dot where too close for outlines)"
                                : ", each check an outline of both circles");
        if (!answers) return text + ".";
        if (s.detected) {
            text += "; it first fires at t = " + time(*s.first_detect_t);
            // (as the canvas's own line says: a recheck)
            if (s.caught_by_phase) text += ", by the luck of the phase: the contact lasts less than dt, and another phase misses it";
            if (s.caught_parting) text += std::string(s.caught_by_phase ? "; and" : ",") + " only after the closest approach, as they part";
            return text + ".";
        }
        if (!s.missed && s.contact_ends_at_start) return text + "; it never fires: the contact ended at t = 0, as the circles parted.";
        if (!s.missed) return text + "; it never fires, and there is no contact to find within that time.";
        text += "; it never fires: MISSED. ";
        switch (s.miss_cause.value_or(MissCause::SteppedOver)) {
            case MissCause::SteppedOver: text += "Between two checks the step carries the circles through each other (tunnelling)"; break;
            case MissCause::Instant: text += "The touch lasts no time, so only a check at that very moment would see it"; break;
            case MissCause::HorizonCut: text += "The checks stop at the horizon while the circles still overlap"; break;
            case MissCause::StartsAfter: text += "The first check comes after the contact has ended"; break;
            case MissCause::NoCheck: text += "No check falls within that time"; break;
        }
        // as the banner's legend words it ("just under 0.5" where 0.5 is the duration itself)
        if (s.max_safe_dt && *s.max_safe_dt > 0.0) {
            const SafeStepText safe = safe_step_text(s, 4);
            text += safe.just_under ? "; any dt just under " + spoken(safe.number) + " catches the contact"
                                    : "; any dt up to " + spoken(safe.number) + " catches the contact";
        }
        return text + ".";
    }

private:
    const Scene& scene_;
    const Encounter& e_;
    int digits_;
    double scale_;
};

}  // namespace

FigureWords figure_words(const PictureInput& in, const Picture& drawn) {
    FigureWords words;
    if (!in.scene || !in.encounter) return words;
    const Scene& scene = *in.scene;
    const Encounter& e = *in.encounter;
    const Words w(scene, e);
    const bool relative = in.relative_blend >= 0.5;
    // a question's title names no answer (the scene's note may: "they never touch")
    const std::string titled = in.answers ? short_title(scene.caption) : std::string();
    words.title = !titled.empty() ? titled : relative ? w.b() + " as seen from " + w.a() : "Two moving circles, " + w.a() + " and " + w.b();
    if (in.answers && !scene.caption.empty() && scene.caption != words.title) words.description = "The scene's note: " + as_sentence(scene.caption) + " ";
    words.description += w.setup(in, drawn, relative);
    if (in.answers) words.description += " " + w.outcome(in.impact, drawn, relative);
    if (in.sampling) words.description += " " + w.checks(*in.sampling, in.answers, relative);
    // what the drawn texts say of their own: a seed formula's (wrong) first contact, the overlap
    // check at the time drawn
    for (const std::string& text : drawn_texts(drawn, Role::PitfallGhost)) words.description += " A seed formula's answer is drawn too: " + text + ".";
    for (const std::string& text : drawn_texts(drawn, Role::DistanceNow)) words.description += " The overlap check at the time drawn: " + text + ".";
    // the figure's notes on the bounce: why there is none, and that the checks run on the paths
    // without it (else "bounce there at t = 3.56 … it first fires at t = 4.2" read as the check
    // finding the bounced circles overlapping)
    for (const Role role : {Role::Badge, Role::Banner})
        for (const std::string& text : drawn_texts(drawn, role))
        {
            if (const std::size_t at = text.find("no bounce: "); at != std::string::npos) {
                const std::size_t end = text.find('\n', at);
                words.description += " The figure notes: " + as_sentence(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
            }
            if (text.find("on the paths without the bounce") != std::string::npos)
                words.description += " The checks are drawn on the paths without the bounce.";
        }
    if (!in.answers) {
        words.description += " No answer is drawn.";
        // a caption asked for is on the figure, for all to read
        if (in.caption && !scene.caption.empty()) words.description += " The caption reads: " + as_sentence(scene.caption);
    }
    return words;
}

FigureWords figure_words(const PlotInput& in, const Picture& drawn, bool answers) {
    FigureWords words;
    if (!in.scene || !in.encounter) return words;
    const Scene& scene = *in.scene;
    const Encounter& e = *in.encounter;
    const Words w(scene, e);
    const std::string span = "from t = " + w.time(in.axes.t_min) + " to t = " + w.time(in.axes.t_max);
    const bool gap = in.quantity == PlotQuantity::Gap;
    if (gap) {
        words.title = "The gap between " + w.a() + " and " + w.b() + " over time";
        words.description = "A graph of the gap between the rims of " + w.a() + " and " + w.b() +
                            ", |Δp + tΔv| − R, against the time t " + span + ": it is below 0 while they overlap and 0 where they touch.";
    } else {
        words.title = "f(t) = a t² + b t + c for " + w.a() + " and " + w.b();
        words.description = "A graph of f(t) = |Δp + tΔv|² − R² = a t² + b t + c against the time t " + span + ", for " + w.a() +
                            " and " + w.b() + ": it is below 0 while they overlap and 0 where they touch.";
    }
    if (in.time >= in.axes.t_min && in.time <= in.axes.t_max && in.time != 0.0) words.description += " A cursor marks t = " + w.time(in.time) + ".";
    if (in.sampling) {
        const SamplingInput& s = in.sampling->input;
        words.description += " The overlap checks, every dt = " + given(s.dt) + " from t = " + given(s.phase) + ", are marked along it";
        words.description += !answers ? std::string(".")
                             : in.sampling->detected ? "; the first to find them overlapping is at t = " + w.time(*in.sampling->first_detect_t) + "."
                             : in.sampling->missed   ? "; none falls where it is below 0: MISSED."
                                                     : "; none finds them overlapping.";
    }
    if (!answers) return words;
    // f drawn nowhere: its values beyond the doubles at this scale (the plot says so in its place)
    if (!gap && drawn_text_with(drawn, "range of a double")) {
        words.description += std::string(" Its values lie ") + (drawn_text_with(drawn, "below the range") ? "below" : "beyond") +
                             " the range of a double at this scale, so no curve is drawn; the gap plot shows them.";
        return words;
    }
    if (!gap) words.description += " Here a = " + length(e.a) + ", b = " + length(e.b) + " and c = " + length(e.c) + ".";
    // the least value: f = c − b²/4a = −D/4a (no cancelling squares), the gap d_min − R; with no
    // relative motion the constant c, or the constant gap
    const bool moving = e.discriminant_sign != DiscriminantSign::NotQuadratic;
    const double least = gap ? (moving ? e.min_distance - e.radius_sum : e.static_gap()) : (moving ? -e.discriminant / (4.0 * e.a) : e.c);
    const std::string value_at_closest = length(least);
    switch (e.kind) {
        case Case::Hit:
        case Case::Overlapping:
        case Case::Receding:
            if (e.t_enter && *e.t_enter == *e.t_exit) {  // a past graze: one double root
                words.description += " It reaches 0 once, at t = " + w.time(*e.t_enter) + ", its least: " + to_capitals(e.kind) + ".";
            } else if (e.t_enter) {
                words.description += " It is 0 at t = " + w.time(*e.t_enter) + " and at t = " + w.time(*e.t_exit) +
                                     " and least between them, " + value_at_closest + " at t = " + w.closest_time() + ": " +
                                     to_capitals(e.kind) + ".";
            } else {
                words.description += " With no relative motion it stays " + value_at_closest + ": OVERLAPPING.";
            }
            break;
        case Case::Graze:
            words.description += " Its least is 0" + std::string(e.exact_graze() ? "" : " to within the graze tolerance") + ", at t = " +
                                 w.time(*e.t_enter) + ": it just reaches 0 there (GRAZE).";
            break;
        case Case::Miss:
            words.description += " Its least, " + value_at_closest + " at t = " + w.closest_time() + ", is above 0: they never touch (MISS).";
            break;
        case Case::Static:
            words.description += least == 0.0 ? " With no relative motion it stays 0: they touch, and stay touching (STATIC)."
                                               : " With no relative motion it stays " + value_at_closest + ", above 0: STATIC.";
            break;
    }
    if (in.impact)
        words.description += " After the bounce at t = " + w.time(in.impact->time) + " the curve, drawn faint, is the motion as it would be without it.";
    return words;
}

}  // namespace tangent
