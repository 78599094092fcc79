#version 330 core
// Dear ImGui's colour × font atlas (a filled shape samples the atlas's white texel: colour × 1)
in vec2 Frag_UV;
in vec4 Frag_Color;

uniform sampler2D Texture;

out vec4 Out_Color;

void main() { Out_Color = Frag_Color * texture(Texture, Frag_UV.st); }
