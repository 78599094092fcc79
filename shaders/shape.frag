#version 330 core
// Coverage of one primitive at this pixel from its signed distance, in framebuffer pixels, with a
// one-pixel box filter for anti-aliasing. Output is premultiplied (blend: ONE, ONE_MINUS_SRC_ALPHA).
// Compiled once per kind and dashing (KIND, DASHED, defined by the renderer), so that no pixel
// pays for code it does not need, and once more for circle trains (TRAIN).
// Local frame: framebuffer pixels (y down) from the instance origin. Per kind:
//   0 circle   geom = (n.xy outward normal at the anchor, r, -), extra = (anchor.xy on the rim, -, -)
//     train    geom = (step.xy, r, count), extra = (reach / |step|, -, -, -): copies centred at k·step,
//              k = 0 … count - 1, solid
//   1 segment  geom = (dir.xy, length, -), from the origin along dir
//   2 arrow    geom = (dir.xy, shaft length or < 0 for none, -), extra = (head length, head half-width
//              or 0 for none, x of the tip, -)
//   3 capsule  geom = (dir.xy, axis length, radius), extra = (dash phase of the +y side at x = 0,
//              phase where the cap at the axis end starts, phase where the cap at x = 0 starts, -)
// line = (stroke half-width, dash length, dash period, dash phase at x = 0 or at the anchor).

in vec2 v_local;
flat in vec4 v_geom;
flat in vec4 v_line;
flat in vec4 v_extra;
flat in vec4 v_fill;
flat in vec4 v_stroke;

out vec4 out_color;

const float kPi = 3.14159265358979324;

// Fraction of the pixel [d - 0.5, d + 0.5] across a band |d| <= half_width (exact for thin lines too).
float band(float d, float half_width) {
    d = abs(d);
    return clamp(min(d + 0.5, half_width) - max(d - 0.5, -half_width), 0.0, 1.0);
}

// Fraction of the pixel inside the region d <= 0.
float inside(float d) { return clamp(0.5 - d, 0.0, 1.0); }

// Fraction of [s - 0.5, s + 0.5] on the dashes [k·period, k·period + on].
float dashes(float s, float on, float period) {
    float phase = s - period * floor(s / period);
    float c = clamp(min(phase + 0.5, on) - max(phase - 0.5, 0.0), 0.0, 1.0);
    c += clamp(min(phase + 0.5, period + on) - max(phase - 0.5, period), 0.0, 1.0);
    c += clamp(min(phase + 0.5, on - period) - max(phase - 0.5, -period), 0.0, 1.0);
    return min(c, 1.0);
}

// Distance to the isosceles triangle with its apex at the origin and base corners (±q.x, q.y)
// (after Inigo Quilez, "2D distance functions").
float triangle_distance(vec2 p, vec2 q) {
    p.x = abs(p.x);
    vec2 a = p - q * clamp(dot(p, q) / dot(q, q), 0.0, 1.0);
    vec2 b = p - q * vec2(clamp(p.x / q.x, 0.0, 1.0), 1.0);
    float s = -sign(q.y);
    vec2 d = min(vec2(dot(a, a), s * (p.x * q.y - p.y * q.x)), vec2(dot(b, b), s * (p.y - q.y)));
    return -sqrt(d.x) * sign(d.y);
}

float cross2(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }

// stroke over fill, both premultiplied, each scaled by its coverage
vec4 over(vec4 stroke, float stroke_coverage, vec4 fill, float fill_coverage) {
    return stroke * stroke_coverage + fill * fill_coverage * (1.0 - stroke.a * stroke_coverage);
}

void main() {
    const int kind = KIND;
    const bool dashed = DASHED != 0;
    float half_width = v_line.x;
    vec2 p = v_local;
    vec4 color;

    if (TRAIN != 0) {
        // only the copies within reach: |p - k·step| <= reach needs |t - k| <= reach / |step|
        vec2 step = v_geom.xy;
        float t = dot(p, step) / dot(step, step);
        int k_lo = int(max(ceil(t - v_extra.x), 0.0));
        int k_hi = int(min(floor(t + v_extra.x), v_geom.w - 1.0));
        color = vec4(0.0);
        for (int k = k_lo; k <= k_hi; ++k) {
            float d = length(p - float(k) * step) - v_geom.z;
            vec4 copy = over(v_stroke, band(d, half_width), v_fill, inside(d));
            color = copy + color * (1.0 - copy.a);  // copy k over the ones before it, as blending would
        }
    } else if (kind == 0) {
        vec2 n = v_geom.xy;
        float r = v_geom.z;
        vec2 v = p - v_extra.xy;
        // |r·n + v| - r = (2r·(n·v) + v·v) / (|r·n + v| + r): no cancellation however large r is
        float d = (2.0 * r * dot(n, v) + dot(v, v)) / max(length(r * n + v) + r, 1e-20);
        float stroke = band(d, half_width);
        // arc length from the anchor: r times the angle between n and r·n + v
        if (dashed) stroke *= dashes(v_line.w + r * atan(cross2(n, v), r + dot(n, v)), v_line.y, v_line.z);
        color = over(v_stroke, stroke, v_fill, inside(d));
    } else {
        vec2 dir = v_geom.xy;
        float x = dot(p, dir);
        float y = cross2(dir, p);
        if (kind == 3) {
            float length_axis = v_geom.z;
            float radius = v_geom.w;
            float d = length(vec2(x - clamp(x, 0.0, length_axis), y)) - radius;
            float stroke = band(d, half_width);
            if (dashed) {
                // perimeter position: the -y side forward, the cap at the end, the +y side back, the cap at 0
                float s;
                if (x < 0.0) {
                    float angle = atan(y, x);  // from pi/2 over pi to -pi/2
                    s = v_extra.z + radius * (angle > 0.0 ? angle - 0.5 * kPi : angle + 1.5 * kPi);
                } else if (x > length_axis) {
                    s = v_extra.y + radius * (atan(y, x - length_axis) + 0.5 * kPi);
                } else {
                    s = y < 0.0 ? v_line.w + x : v_extra.x - x;
                }
                stroke *= dashes(s, v_line.y, v_line.z);
            }
            color = over(v_stroke, stroke, v_fill, inside(d));
        } else {
            float shaft_length = v_geom.z;
            float shaft = 0.0;
            float shaft_distance = 1e30;
            if (shaft_length >= 0.0) {
                float along = x - clamp(x, 0.0, shaft_length);
                shaft_distance = length(vec2(along, y)) - half_width;
                if (dashed)
                    shaft = band(y, half_width) * dashes(v_line.w + x, v_line.y, v_line.z) *
                            clamp(x + 0.5, 0.0, 1.0) * clamp(shaft_length - x + 0.5, 0.0, 1.0);
                else
                    shaft = band(length(vec2(along, y)), half_width);
            }
            color = v_stroke * shaft;
            if (kind == 2 && v_extra.y > 0.0) {
                // the head, apex at x = tip; the shaft runs under it, shown only where the head is not
                float head_distance = triangle_distance(vec2(y, v_extra.z - x), v_extra.yx);
                float head = inside(head_distance);
                float either = dashed ? max(shaft, head) : max(max(shaft, head), inside(min(shaft_distance, head_distance)));
                color = v_fill * head + v_stroke * max(either - head, 0.0);
            }
        }
    }
    if (color.a <= 0.0) discard;
    out_color = color;
}
