#version 330 core
// Dear ImGui's colour × font atlas (SOLID 0), or the colour alone for the triangles that sample
// the atlas's white texel (SOLID 1, defined by the renderer): colour × 1, without the texture
// fetch that a software rasteriser pays for on every pixel.
in vec2 Frag_UV;
in vec4 Frag_Color;

uniform sampler2D Texture;

out vec4 Out_Color;

void main() {
#if SOLID
    Out_Color = Frag_Color;
#else
    Out_Color = Frag_Color * texture(Texture, Frag_UV.st);
#endif
}
