#version 330 core
// Dear ImGui's vertices (app/render/ui_renderer.cpp), the same arithmetic as its own OpenGL3
// backend so that both paint the same pixels: screen position -> clip space by ProjMtx.
layout(location = 0) in vec2 Position;
layout(location = 1) in vec2 UV;
layout(location = 2) in vec4 Color;  // straight alpha, unsigned bytes normalised

uniform mat4 ProjMtx;

out vec2 Frag_UV;
out vec4 Frag_Color;

void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = ProjMtx * vec4(Position.xy, 0, 1);
}
