#version 330 core
// One instance per primitive (app/render/shape_renderer.cpp fills the instances). Positions are
// framebuffer pixels, y down, relative to the instance's origin, which the CPU keeps near the
// viewport so that floats stay exact enough. Two meshes, chosen per draw call by u_mesh:
//   0: a quad strip (4 vertices): corner + a·edge_a + b·edge_b, a, b in {0, 1}
//   1: an annulus strip (2·(kAnnulusSegments + 1) vertices, see shape_renderer.cpp) around a
//      circle's centre: outer vertices on a polygon of n = quad0.x sides circumscribing radius
//      `outer`, inner ones on the circle of radius `inner`; the vertices past the n-th pair collapse.

layout(location = 0) in vec4 i_origin;  // origin.xy (framebuffer px), kind, dashed
layout(location = 1) in vec4 i_quad0;   // quad corner.xy, edge_a.xy; annulus sides
layout(location = 2) in vec4 i_quad1;   // quad edge_b.xy; annulus inner, outer radius
layout(location = 3) in vec4 i_geom;    // see shape.frag
layout(location = 4) in vec4 i_line;
layout(location = 5) in vec4 i_extra;
layout(location = 6) in vec4 i_fill;    // premultiplied
layout(location = 7) in vec4 i_stroke;  // premultiplied

uniform vec2 u_framebuffer_size;
uniform int u_mesh;

out vec2 v_local;
flat out vec4 v_geom;
flat out vec4 v_line;
flat out vec4 v_extra;
flat out vec4 v_fill;
flat out vec4 v_stroke;

const float kTau = 6.28318530717958648;

void main() {
    vec2 local;
    if (u_mesh == 0) {
        vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
        local = i_quad0.xy + corner.x * i_quad0.zw + corner.y * i_quad1.xy;
    } else {
        // circles: the anchor (i_extra.xy) lies on the rim, the outward normal there is i_geom.xy
        vec2 center = i_extra.xy - i_geom.z * i_geom.xy;
        int sides = int(i_quad0.x);
        float angle = kTau * float(min(gl_VertexID >> 1, sides) % sides) / float(sides);
        float radius = (gl_VertexID & 1) == 0 ? i_quad1.w : i_quad1.z;
        local = center + radius * vec2(cos(angle), sin(angle));
    }
    vec2 framebuffer = i_origin.xy + local;
    gl_Position = vec4(2.0 * framebuffer.x / u_framebuffer_size.x - 1.0, 1.0 - 2.0 * framebuffer.y / u_framebuffer_size.y,
                       0.0, 1.0);
    v_local = local;
    v_geom = i_geom;
    v_line = i_line;
    v_extra = i_extra;
    v_fill = i_fill;
    v_stroke = i_stroke;
}
