// The baseline for Tangent's frame time: Dear ImGui's own demo window in a minimal SDL2 +
// OpenGL3 app of the same size, timed the same way as `tangent --bench-frames` (no vsync,
// glFinish after each swap, the first tenth of the frames dropped, at most 10). With --empty it draws nothing
// but an empty ImGui frame, for scale.
//   imgui_demo_bench [--frames N] [--size WxH] [--empty]

#include <SDL.h>
#include <epoxy/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
    int frames = 300;
    int width = 1280;
    int height = 720;
    bool empty = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            frames = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (std::sscanf(argv[++i], "%dx%d", &width, &height) != 2) width = 0;
        } else if (std::strcmp(argv[i], "--empty") == 0) {
            empty = true;
        } else {
            std::fprintf(stderr, "usage: imgui_demo_bench [--frames N] [--size WxH] [--empty]\n");
            return 2;
        }
    }
    if (frames < 1 || width < 64 || height < 64) {
        std::fprintf(stderr, "imgui_demo_bench: --frames must be >= 1 and --size at least 64x64\n");
        return 2;
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "imgui_demo_bench: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_Window* window = SDL_CreateWindow("Dear ImGui demo (baseline)", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          width, height, SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!window) {
        std::fprintf(stderr, "imgui_demo_bench: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    SDL_GLContext context = SDL_GL_CreateContext(window);
    if (!context) {
        std::fprintf(stderr, "imgui_demo_bench: %s\n", SDL_GetError());
        SDL_DestroyWindow(window);
        SDL_Quit();
        return 1;
    }
    SDL_GL_MakeCurrent(window, context);
    SDL_GL_SetSwapInterval(0);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForOpenGL(window, context);
    ImGui_ImplOpenGL3_Init("#version 330");

    std::vector<double> frame_ms;
    frame_ms.reserve(static_cast<std::size_t>(frames));
    for (int frame = 0; frame < frames; ++frame) {
        const auto start = std::chrono::steady_clock::now();
        SDL_Event event;
        while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        if (!empty) {
            ImGui::SetNextWindowPos(ImVec2(20, 20), ImGuiCond_Always);
            ImGui::SetNextWindowSize(ImVec2(static_cast<float>(width) * 0.6f, static_cast<float>(height) * 0.9f), ImGuiCond_Always);
            ImGui::ShowDemoWindow();
        }
        ImGui::Render();
        int w = 0;
        int h = 0;
        SDL_GL_GetDrawableSize(window, &w, &h);
        glViewport(0, 0, w, h);
        glClearColor(0.09f, 0.09f, 0.11f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        SDL_GL_SwapWindow(window);
        glFinish();
        frame_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }

    std::vector<double> sorted(frame_ms.begin() + std::min<std::size_t>(10, frame_ms.size() / 10), frame_ms.end());
    std::sort(sorted.begin(), sorted.end());
    const auto at = [&](double q) { return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted.size())))]; };
    std::printf("frames %zu at %dx%d: median %.2f ms, p99 %.2f ms, max %.2f ms\n", sorted.size(), width, height, at(0.5),
                at(0.99), sorted.back());
    const ImDrawData* draw_data = ImGui::GetDrawData();
    int commands = 0;
    for (int i = 0; i < draw_data->CmdListsCount; ++i) commands += draw_data->CmdLists[i]->CmdBuffer.Size;
    std::printf("  last frame: %d vertices in %d draw lists, %d draw calls\n", draw_data->TotalVtxCount,
                draw_data->CmdListsCount, commands);

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
