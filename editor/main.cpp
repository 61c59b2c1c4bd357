// tilelab-editor: SDL2 + OpenGL 3 window and Dear ImGui loop (following ImGui's SDL2/GL3 example).
#include <SDL.h>
#include <SDL_opengl.h>
#include <algorithm>
#include <csignal>
#include <deque>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>
#include <stb/stb_image_write.h>

#include "app.hpp"
#include "panels/panels.hpp"

using tilelab::editor::App;
using tilelab::editor::Options;

namespace {

void usage(std::FILE* out) {
    std::fprintf(out,
                 "usage: tilelab-editor [LEVEL_OR_PACK...] [options]\n"
                 "  --window WxH         window size (default 1280x800)\n"
                 "  --at X,Y             window position (default: centred)\n"
                 "  --screenshot FILE    render --frames frames, write the window as PNG (or .ppm), exit\n"
                 "  --frames N           frames to render before the screenshot or exit\n"
                 "  --print-layout       print 'layout X0 Y0 CELL W H' when the board moves, widgets' places and\n"
                 "                       'frame N' after each frame (for tests)\n"
                 "  --frame-stats N      print the UI thread's CPU time per frame over N frames, then exit\n"
                 "  --overlays all|none|LIST  overlays for this run (LIST: comma-separated names:\n"
                 "                       grid, match_groups, hint_swaps, link_paths, line_groups,\n"
                 "                       slide_legal, solution)\n"
                 "  --play               start in play-test mode\n"
                 "  --deep               start the longer analysis at once (10,000 playouts or the long solve;\n"
                 "                       with a pack open, the pack's analysis too)\n"
                 "  --trace              print prompts, saves and autosaves on stdout (for tests)\n");
}

// Where the window opens (centred unless --at says otherwise).
int window_x = SDL_WINDOWPOS_CENTERED;
int window_y = SDL_WINDOWPOS_CENTERED;

bool parse_int(const char* text, int& out) {
    char* end = nullptr;
    long value = std::strtol(text, &end, 10);
    if (!end || *end != '\0' || value < 0 || value > 1000000) return false;
    out = static_cast<int>(value);
    return true;
}

// Returns 0 to go on, or an exit status.
// --overlays all | none | a comma list of overlay names (only those on).
std::optional<tilelab::editor::OverlayToggles> parse_overlays(const std::string& text, std::string& bad) {
    using tilelab::editor::OverlayToggles;
    if (text == "all") {
        OverlayToggles o;
        o.grid = o.match_groups = o.hint_swaps = o.link_paths = o.line_groups = o.slide_legal = o.solution = true;
        o.link_hovered_only = false;
        return o;
    }
    OverlayToggles o{false, false, false, false, false, false, false, false};
    if (text == "none") {
        o.grid = true;  // the grid is part of the board, not an analysis overlay
        return o;
    }
    const std::pair<const char*, bool OverlayToggles::*> names[] = {{"grid", &OverlayToggles::grid},
                                                                    {"match_groups", &OverlayToggles::match_groups},
                                                                    {"hint_swaps", &OverlayToggles::hint_swaps},
                                                                    {"link_paths", &OverlayToggles::link_paths},
                                                                    {"line_groups", &OverlayToggles::line_groups},
                                                                    {"slide_legal", &OverlayToggles::slide_legal},
                                                                    {"solution", &OverlayToggles::solution}};
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        std::string name = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        bool found = false;
        for (const auto& [known, member] : names)
            if (name == known) o.*member = found = true;
        if (!found) {
            bad = name;
            return std::nullopt;
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return o;
}

int parse_options(int argc, char** argv, Options& options, std::optional<tilelab::editor::OverlayToggles>& overlays) {
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "tilelab-editor: %s needs a value\n", arg.c_str());
                return nullptr;
            }
            return argv[++i];
        };
        if (arg == "--help" || arg == "-h") {
            usage(stdout);
            return -1;
        } else if (arg == "--window") {
            const char* v = value();
            if (!v || std::sscanf(v, "%dx%d", &options.window_width, &options.window_height) != 2 || options.window_width < 320 ||
                options.window_height < 240) {
                std::fprintf(stderr, "tilelab-editor: --window wants WxH, at least 320x240\n");
                return 2;
            }
        } else if (arg == "--at") {
            const char* v = value();
            if (!v || std::sscanf(v, "%d,%d", &window_x, &window_y) != 2) {
                std::fprintf(stderr, "tilelab-editor: --at wants X,Y\n");
                return 2;
            }
        } else if (arg == "--screenshot") {
            const char* v = value();
            if (!v) return 2;
            options.screenshot = v;
        } else if (arg == "--frames" || arg == "--frame-stats") {
            const char* v = value();
            int n = 0;
            if (!v || !parse_int(v, n) || n < 1) {
                std::fprintf(stderr, "tilelab-editor: %s wants a positive count\n", arg.c_str());
                return 2;
            }
            (arg == "--frames" ? options.frames : options.frame_stats) = n;
        } else if (arg == "--print-layout") {
            options.print_layout = true;
        } else if (arg == "--trace") {
            options.trace = true;
        } else if (arg == "--deep") {
            options.deep = true;
        } else if (arg == "--play") {
            options.play_test = "1";
        } else if (arg == "--overlays") {
            const char* v = value();
            std::string bad;
            if (v) overlays = parse_overlays(v, bad);
            if (!v || !overlays) {
                std::fprintf(stderr,
                             "tilelab-editor: --overlays wants all, none or a comma list of grid, match_groups, "
                             "hint_swaps, link_paths, line_groups, slide_legal, solution%s%s\n",
                             bad.empty() ? "" : "; unknown: ", bad.c_str());
                return 2;
            }
        } else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "tilelab-editor: unknown option %s\n", arg.c_str());
            usage(stderr);
            return 2;
        } else {
            options.files.push_back(arg);
        }
    }
    return 0;
}

// Reads the back buffer (what the next swap shows) and writes it top row first.
bool write_screenshot(const std::string& path, int width, int height) {
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    std::vector<unsigned char> flipped(pixels.size());
    std::size_t row = static_cast<std::size_t>(width) * 3;
    for (int y = 0; y < height; ++y)
        std::memcpy(&flipped[static_cast<std::size_t>(y) * row], &pixels[static_cast<std::size_t>(height - 1 - y) * row], row);
    if (path.size() >= 4 && path.substr(path.size() - 4) == ".ppm") {
        std::FILE* out = std::fopen(path.c_str(), "wb");
        if (!out) return false;
        std::fprintf(out, "P6\n%d %d\n255\n", width, height);
        bool ok = std::fwrite(flipped.data(), 1, flipped.size(), out) == flipped.size();
        return std::fclose(out) == 0 && ok;
    }
    return stbi_write_png(path.c_str(), width, height, 3, flipped.data(), static_cast<int>(row)) != 0;
}

// SIGTERM and SIGINT ask to quit like the window's close button (with the unsaved-changes prompt).
// Our own handler rather than SDL's: SDL's sometimes lost a signal that came while the first
// frames were being drawn (seen under Xvfb), and a flag read once a frame cannot be lost.
volatile std::sig_atomic_t quit_signal = 0;
void on_quit_signal(int) { quit_signal = 1; }

// Everything a frame draws, as bytes: the drawable's size and every vertex, index and command of
// ImGui's draw lists. Two frames with the same bytes put the same pixels on the screen (the only
// texture is the font atlas, made once), so the second need not be drawn: the window keeps the
// first (see the main loop).
void draw_bytes(const ImDrawData* data, int width, int height, std::vector<char>& out) {
    out.clear();
    auto put = [&out](const void* p, std::size_t n) {
        const char* c = static_cast<const char*>(p);
        out.insert(out.end(), c, c + n);
    };
    put(&width, sizeof width);
    put(&height, sizeof height);
    put(&data->DisplayPos, sizeof data->DisplayPos);
    put(&data->DisplaySize, sizeof data->DisplaySize);
    put(&data->FramebufferScale, sizeof data->FramebufferScale);
    put(&data->CmdListsCount, sizeof data->CmdListsCount);
    for (int i = 0; i < data->CmdListsCount; ++i) {
        const ImDrawList* list = data->CmdLists[i];
        put(&list->VtxBuffer.Size, sizeof list->VtxBuffer.Size);
        put(list->VtxBuffer.Data, static_cast<std::size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
        put(&list->IdxBuffer.Size, sizeof list->IdxBuffer.Size);
        put(list->IdxBuffer.Data, static_cast<std::size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        put(&list->CmdBuffer.Size, sizeof list->CmdBuffer.Size);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            put(&cmd.ClipRect, sizeof cmd.ClipRect);
            put(&cmd.TextureId, sizeof cmd.TextureId);
            put(&cmd.VtxOffset, sizeof cmd.VtxOffset);
            put(&cmd.IdxOffset, sizeof cmd.IdxOffset);
            put(&cmd.ElemCount, sizeof cmd.ElemCount);
            put(&cmd.UserCallback, sizeof cmd.UserCallback);
            put(&cmd.UserCallbackData, sizeof cmd.UserCallbackData);
        }
    }
}

double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    std::optional<tilelab::editor::OverlayToggles> overlays;
    if (int status = parse_options(argc, argv, options, overlays); status != 0) return status < 0 ? 0 : status;

    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland)) {
        std::fprintf(stderr,
                     "tilelab-editor: no display: set DISPLAY (or run under xvfb-run); the command line tool "
                     "`tilelab` works without one\n");
        return 1;
    }
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    std::signal(SIGTERM, on_quit_signal);
    std::signal(SIGINT, on_quit_signal);
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "tilelab-editor: no display: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
    SDL_Window* window = SDL_CreateWindow("tilelab-editor", window_x, window_y, options.window_width, options.window_height,
                                          SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
    if (!window) {
        std::fprintf(stderr, "tilelab-editor: no display: cannot open a window: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    SDL_GLContext gl = SDL_GL_CreateContext(window);
    if (!gl) {
        std::fprintf(stderr, "tilelab-editor: no OpenGL 3.3 context: %s\n", SDL_GetError());
        SDL_DestroyWindow(window);
        SDL_Quit();
        return 1;
    }
    SDL_GL_MakeCurrent(window, gl);
    SDL_GL_SetSwapInterval(1);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the workspace is laid out in code; nothing to remember per window
    ImGui::StyleColorsDark();
    // Dialogs opaque over a darkened workspace (the default light veil let the board show through
    // the file dialog's lists, found in the designer pass).
    ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w = 1.0f;
    ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 1.0f;  // the shortcuts window over the board too
    ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.5f);
    ImGui_ImplSDL2_InitForOpenGL(window, gl);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    int status = 0;
    {
        App app(options);
        // --overlays is for this run only: the user's saved toggles are put back before settings are saved.
        const tilelab::editor::OverlayToggles user_overlays = app.settings.overlays;
        if (overlays) {
            app.user_overlays = user_overlays;  // what persist_settings writes meanwhile
            app.settings.overlays = *overlays;
        }
        std::vector<double> frame_ms;
        std::deque<SDL_Event> pending_events;
        std::optional<ImVec2> pointer;                // the mouse in window pixels, from the window's motion events
        bool button_held[3] = {false, false, false};  // ImGui's order: left, right, middle
        auto last = std::chrono::steady_clock::now();
        bool continuous = options.frames > 0 || options.frame_stats > 0 || !options.screenshot.empty();
        // A worker's result wakes the idle wait below at once, so a result never waits out the idle
        // wait (up to 100 ms).
        for (tilelab::editor::AnalysisWorker* worker : {&app.live_worker, &app.deep_worker})
            worker->set_on_result([] {
                SDL_Event wake{};
                wake.type = SDL_USEREVENT;
                SDL_PushEvent(&wake);  // thread-safe
            });
        // Frames still to draw without waiting after a frame that took input: ImGui sizes and centres
        // a window a frame or two after it first shows, so the screen settles at once, not an idle
        // wait (100 ms) per frame later.
        int settle_frames = 0;
        // What the window shows (draw_bytes of the last frame drawn), and when it was drawn.
        std::vector<char> shown_frame, this_frame;
        auto last_drawn = std::chrono::steady_clock::now();
        bool window_changed = true;
        while (!app.wants_exit()) {
            // Frames at once while something moves on screen (input, a play-test, --frames). Otherwise
            // wait for input or a worker's result: up to 50 ms while a worker computes (its progress
            // drawn about 15 times a second, and the cores left to its playouts: with a software
            // renderer a frame costs much CPU, docs/editor.md), up to 100 ms when idle.
            SDL_Event event;
            const bool animating = continuous || app.play.active || !pending_events.empty() || settle_frames > 0;
            const bool working = app.live_worker.busy() || app.deep_worker.busy();
            if (settle_frames > 0) --settle_frames;
            // The event the wait returns goes first into our queue: pushed back into SDL's queue it
            // would land behind the events SDL read with it (a key's release before its press: a
            // key stuck down).
            if (!animating && SDL_WaitEventTimeout(&event, working ? 50 : 100)) pending_events.push_back(event);
            double cpu_start = thread_cpu_ms();
            if (quit_signal) {
                quit_signal = 0;
                app.request_quit();
            }
            while (SDL_PollEvent(&event)) pending_events.push_back(event);
            // ImGui 1.86 keeps only the key state of the frame: a key pressed and released within
            // one frame (a fast typist, xdotool) would never be seen down, and one released and
            // pressed again would never be seen up (a repeated Backspace lost). So such a second
            // event waits for the next frame, with every event after it; the modifiers come from
            // each key event itself, and the mouse buttons from the events taken (below), so the
            // button and the position a frame sees belong together.
            std::vector<SDL_Scancode> pressed_now, released_now;
            bool button_pressed[3] = {false, false, false};
            bool moved_now = false;
            auto is_modifier = [](SDL_Scancode c) { return c >= SDL_SCANCODE_LCTRL && c <= SDL_SCANCODE_RGUI; };
            auto seen = [](const std::vector<SDL_Scancode>& keys, SDL_Scancode key) {
                return std::find(keys.begin(), keys.end(), key) != keys.end();
            };
            if (!pending_events.empty()) settle_frames = 2;
            while (!pending_events.empty()) {
                event = pending_events.front();
                if (event.type == SDL_KEYUP && seen(pressed_now, event.key.keysym.scancode)) break;
                // A modifier released after a key pressed this frame waits too: xdotool's "key ctrl+s"
                // (and a quick hand on a busy machine) releases Ctrl before S, and a frame that took
                // both saw S without Ctrl (the Select tool instead of a save).
                if (event.type == SDL_KEYUP && is_modifier(event.key.keysym.scancode) &&
                    std::any_of(pressed_now.begin(), pressed_now.end(), [&](SDL_Scancode c) { return !is_modifier(c); }))
                    break;
                if (event.type == SDL_KEYDOWN && seen(released_now, event.key.keysym.scancode)) break;
                // A button released after the pointer moved in this frame waits too: the frame would see
                // the new position with the button already up, and a drag (a brush stroke, a selection
                // moved) would end on the cell before the last (a quick hand, xdotool on a busy machine).
                if (event.type == SDL_MOUSEBUTTONUP && moved_now) break;
                pending_events.pop_front();
                if (event.type == SDL_KEYDOWN) pressed_now.push_back(event.key.keysym.scancode);
                if (event.type == SDL_KEYUP) released_now.push_back(event.key.keysym.scancode);
                if (event.type == SDL_MOUSEMOTION) moved_now = true;
                if ((event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEBUTTONUP) && event.button.button >= 1 &&
                    event.button.button <= 3) {
                    // SDL numbers left, middle, right; ImGui left, right, middle.
                    const int index = event.button.button == SDL_BUTTON_LEFT    ? 0
                                      : event.button.button == SDL_BUTTON_RIGHT ? 1
                                                                                : 2;
                    button_held[index] = event.type == SDL_MOUSEBUTTONDOWN;
                    if (button_held[index]) button_pressed[index] = true;
                }
                ImGui_ImplSDL2_ProcessEvent(&event);
                if (event.type == SDL_MOUSEMOTION && event.motion.windowID == SDL_GetWindowID(window))
                    pointer = ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
                if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_LEAVE) pointer.reset();
                if (event.type == SDL_WINDOWEVENT) window_changed = true;  // shown, exposed, resized: draw again
                if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) {
                    ImGuiIO& keys = ImGui::GetIO();
                    keys.KeyCtrl = (event.key.keysym.mod & KMOD_CTRL) != 0;
                    keys.KeyShift = (event.key.keysym.mod & KMOD_SHIFT) != 0;
                    keys.KeyAlt = (event.key.keysym.mod & KMOD_ALT) != 0;
                }
                if (event.type == SDL_QUIT) app.request_quit();
                if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
                    event.window.windowID == SDL_GetWindowID(window))
                    app.request_quit();
            }
            auto now = std::chrono::steady_clock::now();
            double dt = std::chrono::duration<double>(now - last).count();
            last = now;
            ImGui_ImplOpenGL3_NewFrame();
            ImGui_ImplSDL2_NewFrame();
            // The 1.86 backend polls SDL's global mouse state, which X servers can leave stale when the
            // pointer is moved by warping (xdotool, some remote desktops), above all while a button
            // holds the mouse captured: a brush stroke stopped at its first cell, a hover never moved.
            // The window's own motion events are always right, so the last one wins while the
            // pointer is in the window (as ImGui 1.87+ does with its event queue).
            if (pointer) ImGui::GetIO().MousePos = *pointer;
            // The buttons as the events taken this frame leave them (pressed and released within the
            // frame still counts as down once, so no click is lost). The backend polls SDL's live
            // state instead, which may already hold a press whose motion waits for the next frame.
            for (int b = 0; b < 3; ++b) ImGui::GetIO().MouseDown[b] = button_held[b] || button_pressed[b];
            ImGui::NewFrame();
            app.frame(dt);
            if (options.deep && app.frame_number == 1) {
                app.run_deep_analysis();
                tilelab::editor::panels::analyse_pack(app);
            }
            std::string title = "tilelab-editor";
            if (tilelab::editor::Document* doc = app.active()) title = doc->title() + " - tilelab-editor";
            SDL_SetWindowTitle(window, title.c_str());
            ImGui::Render();
            int width = 0, height = 0;
            SDL_GL_GetDrawableSize(window, &width, &height);
            // A frame whose draw lists equal those the window shows is not drawn again (an idle
            // window, a hover that changes nothing): with a software renderer every frame drawn
            // costs CPU (docs/editor.md), and most idle frames draw the same. A window event, the timed modes
            // (--frames, --frame-stats, --screenshot) and a second since the last drawing draw anyway.
            draw_bytes(ImGui::GetDrawData(), width, height, this_frame);
            const auto since_drawn = std::chrono::steady_clock::now() - last_drawn;
            const bool draw = continuous || window_changed || this_frame != shown_frame || since_drawn > std::chrono::seconds(1);
            window_changed = false;
            if (draw) {
                glViewport(0, 0, width, height);
                glClearColor(0.1f, 0.1f, 0.11f, 1.0f);
                glClear(GL_COLOR_BUFFER_BIT);
                ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
                std::swap(shown_frame, this_frame);
                last_drawn = std::chrono::steady_clock::now();
            }
            frame_ms.push_back(thread_cpu_ms() - cpu_start);

            int frame = app.frame_number;
            if (!options.screenshot.empty() && frame >= std::max(options.frames, 2)) {
                if (!write_screenshot(options.screenshot, width, height)) {
                    std::fprintf(stderr, "tilelab-editor: cannot write %s\n", options.screenshot.c_str());
                    status = 1;
                }
                app.exit_now = true;
            } else if (options.screenshot.empty() && options.frames > 0 && frame >= options.frames) {
                app.exit_now = true;
            }
            if (options.frame_stats > 0 && static_cast<int>(frame_ms.size()) >= options.frame_stats + 10) {
                // The first frames build the font atlas and GL objects: not what a designer feels.
                std::vector<double> samples(frame_ms.begin() + 10, frame_ms.end());
                std::sort(samples.begin(), samples.end());
                double mean = 0;
                for (double s : samples) mean += s;
                mean /= static_cast<double>(samples.size());
                double p99 =
                    samples[std::min(samples.size() - 1, static_cast<std::size_t>(0.99 * static_cast<double>(samples.size())))];
                std::printf("frame-stats frames=%zu mean_ms=%.3f p99_ms=%.3f max_ms=%.3f\n", samples.size(), mean, p99,
                            samples.back());
                std::fflush(stdout);
                app.exit_now = true;
            }
            if (draw) SDL_GL_SwapWindow(window);
            // "frame N" once the frame is drawn (--print-layout): a test waits for frames drawn after
            // its input instead of sleeping a fixed time (settle in tests/editor/lib.sh).
            if (options.print_layout) {
                std::printf("frame %d\n", frame);
                std::fflush(stdout);
            }
            // At most ~60 frames a second: without vsync (Xvfb) the loop would take a whole core
            // from the analysis worker on a two-core machine.
            double spent = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - now).count();
            if (spent < 16.0) SDL_Delay(static_cast<Uint32>(16.0 - spent));
        }
        if (overlays) app.settings.overlays = user_overlays;
        app.shutdown();
        // A kind's solver that ignores its stop token must not keep the window from closing: give
        // the workers two seconds, then leave without joining them (everything is saved already).
        for (int i = 0; i < 200 && (app.live_worker.busy() || app.deep_worker.busy()); ++i) SDL_Delay(10);
        if (app.live_worker.busy() || app.deep_worker.busy()) {
            std::fprintf(stderr, "tilelab-editor: an analysis did not stop in time; exiting without it\n");
            std::fflush(nullptr);
            std::_Exit(status);
        }
    }

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
