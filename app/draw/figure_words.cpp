#include "figure_words.h"

#include <cmath>

#include "core/format.h"

namespace tangent {

namespace {

// A number as read aloud: the figure's digits, with a true minus sign (U+2212), which screen
// readers say as "minus" (a hyphen may be read as "dash").
std::string spoken(std::string number) {
    std::string out;
    for (const char c : number) {
        if (c == '-') {
            out += "\u2212";
        } else {
            out += c;
        }
    }
    return out;
}

std::string length(double value) { return spoken(short_number(value, 4)); }
std::string point(glm::dvec2 v) { return "(" + length(v.x) + ", " + length(v.y) + ")"; }

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
        std::string text = scene_.name(i) + ": radius " + length(body.radius) +
                           (body.velocity == glm::dvec2(0.0) ? ", at rest at " + point(body.position)
                                                             : ", starting at " + point(body.position) + " with velocity " + point(body.velocity));
        if (with_mass) text += body.immovable() ? ", immovable" : ", mass " + length(body.mass);
        return text;
    }

    [[nodiscard]] std::string setup(const PictureInput& in) const {
        std::string text;
        if (in.relative_blend >= 0.5) {
            // as the relative frame draws it: A still with radius R, B's centre a point
            text = b() + " as seen from " + a() + ": " + a() + " held still at the origin as a circle of radius R = " +
                   length(e_.radius_sum) + ", the two radii summed, and " + b() + "'s centre a point starting at Δp = " +
                   point(e_.relative_position) + " and moving with Δv = " + point(e_.relative_velocity) + ", along its path.";
        } else {
            text = "Two circles, " + a() + " and " + b() + ", each with its path and its velocity arrow. " + body(0, in.impact) + ". " +
                   body(1, in.impact) + ".";
        }
        if (in.time != 0.0) text += " They are drawn where they are at t = " + time(in.time) + ".";
        return text;
    }

    // What happens, in the badge's words and then in a sentence.
    [[nodiscard]] std::string outcome(const Impact* impact) const {
        const std::string badge = to_capitals(e_.kind) + ", " + std::string(to_string(e_.discriminant_sign)) + ": ";
        switch (e_.kind) {
            case Case::Hit: {
                std::string text = badge + "they first touch at t = " + time(*e_.t_enter);
                if (impact) return text + bounce(*impact);
                return text + " and, passing through each other, would part at t = " + time(*e_.t_exit) +
                       "; outlines show both circles at those two moments, with the contact point and the normal at the "
                       "first. " + nearest();
            }
            case Case::Graze:
                return badge + "they just touch, at t = " + time(*e_.t_enter) +
                       ", and part at once: their centres are then exactly R = " + length(e_.radius_sum) +
                       " apart, the two radii summed.";
            case Case::Miss: {
                const auto [d_min, r] = telling_apart(e_.min_distance, e_.radius_sum);
                return badge + "they never touch. Their centres come nearest at t = " + closest_time() + ", " +
                       spoken(d_min) + " apart, more than R = " + spoken(r) +
                       ", the two radii summed; outlines show both circles then.";
            }
            case Case::Receding:
                if (e_.t_exit && *e_.t_exit == 0.0 && *e_.t_enter < 0.0)
                    return badge + "they touch now and are moving apart, in contact since t = " + time(*e_.t_enter) + ".";
                return badge + "they touched only in the past, from t = " + time(*e_.t_enter) + " to t = " +
                       time(*e_.t_exit) + ", and are moving apart.";
            case Case::Overlapping:
                if (!e_.t_enter) return badge + "they overlap, and with no relative motion always will.";
                if (impact) return badge + "they overlap at t = 0 and are closing" + bounce(*impact);
                return badge + "they overlap at t = 0, from t = " + time(*e_.t_enter) + " to t = " + time(*e_.t_exit) + ".";
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

    [[nodiscard]] std::string nearest() const {
        return "Their centres come nearest at t = " + closest_time() + ", " + length(e_.min_distance) + " apart.";
    }

    [[nodiscard]] std::string bounce(const Impact& impact) const {
        std::string text = ", and bounce there with restitution e = " + spoken(format_number(impact.restitution)) + ": after it " +
                           a() + " moves with velocity " + point(impact.velocity_a_after) + " and " + b() + " with " +
                           point(impact.velocity_b_after) + ", drawn as dotted paths and arrows from the contact.";
        return text;
    }

    [[nodiscard]] std::string checks(const SamplingResult& s, bool answers) const {
        const SamplingInput& in = s.input;
        std::string text = "The overlap check |Δp + tΔv| ≤ R is tried every dt = " + length(in.dt) + " from t = " +
                           time(in.phase) + " to t = " + time(in.horizon) + ", each try an outline of both circles";
        if (!answers) return text + ".";
        if (s.detected) return text + "; it first fires at t = " + time(*s.first_detect_t) + ".";
        if (!s.missed) return text + "; it never fires, and there is no contact to find within that time.";
        text += "; it never fires: MISSED. ";
        switch (s.miss_cause.value_or(MissCause::SteppedOver)) {
            case MissCause::SteppedOver: text += "Between two tries the step carries the circles through each other (tunnelling)"; break;
            case MissCause::Instant: text += "The touch lasts no time, so only a try at that very moment would see it"; break;
            case MissCause::HorizonCut: text += "The tries stop at the horizon while the circles still overlap"; break;
            case MissCause::StartsAfter: text += "The first try comes after the contact has ended"; break;
            case MissCause::NoCheck: text += "No try falls within that time"; break;
        }
        if (s.safe_dt && *s.safe_dt > 0.0) text += "; any dt up to " + spoken(format_at_most(*s.safe_dt, 4)) + " catches the contact";
        return text + ".";
    }

private:
    const Scene& scene_;
    const Encounter& e_;
    int digits_;
    double scale_;
};

}  // namespace

FigureWords figure_words(const PictureInput& in) {
    FigureWords words;
    if (!in.scene || !in.encounter) return words;
    const Scene& scene = *in.scene;
    const Encounter& e = *in.encounter;
    const Words w(scene, e);
    // a question's title names no answer (the scene's note may: "they never touch")
    if (in.answers && !scene.caption.empty()) {
        words.title = scene.caption;
    } else {
        words.title = "Two moving circles, " + w.a() + " and " + w.b();
    }
    words.description = w.setup(in);
    if (in.answers) words.description += " " + w.outcome(in.impact);
    if (in.sampling) words.description += " " + w.checks(*in.sampling, in.answers);
    if (!in.answers) {
        words.description += " No answer is drawn.";
        // a caption asked for is on the figure, for all to read
        if (in.caption && !scene.caption.empty()) words.description += " The caption reads: " + scene.caption;
    }
    return words;
}

FigureWords figure_words(const PlotInput& in, bool answers) {
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
    if (!answers) return words;
    if (!gap)
        words.description += " Here a = " + length(e.a) + ", b = " + length(e.b) + " and c = " + length(e.c) + ".";
    // the least value: f = c − b²/4a = −D/4a (no cancelling squares), the gap d_min − R; with no
    // relative motion the constant c, or the constant gap
    const bool moving = e.discriminant_sign != DiscriminantSign::NotQuadratic;
    const double least = gap ? (moving ? e.min_distance - e.radius_sum : e.static_gap()) : (moving ? -e.discriminant / (4.0 * e.a) : e.c);
    const std::string value_at_closest = length(least);
    switch (e.kind) {
        case Case::Hit:
        case Case::Overlapping:
        case Case::Receding:
            if (e.t_enter) {
                words.description += " It is 0 at t = " + w.time(*e.t_enter) + " and at t = " + w.time(*e.t_exit) +
                                     " and least between them, at t = " + w.closest_time() + ": " + to_capitals(e.kind) + ".";
            } else {
                words.description += " With no relative motion it stays " + value_at_closest + ": OVERLAPPING.";
            }
            break;
        case Case::Graze:
            words.description += " Its least is 0, at t = " + w.time(*e.t_enter) + ": it just reaches 0 there (GRAZE).";
            break;
        case Case::Miss:
            words.description += " Its least, " + value_at_closest + " at t = " + w.closest_time() +
                                 ", is above 0: they never touch (MISS).";
            break;
        case Case::Static:
            words.description += " With no relative motion it stays " + value_at_closest + ", above 0: STATIC.";
            break;
    }
    if (in.impact)
        words.description += " After the bounce at t = " + w.time(in.impact->time) +
                             " the curve, drawn faint, is the motion as it would be without it.";
    return words;
}

}  // namespace tangent
