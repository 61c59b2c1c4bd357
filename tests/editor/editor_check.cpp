// Screenshot checks for the editor's end-to-end tests: is the board drawn, is an overlay's colour there.
// Usage:
//   editor_check board SHOT.png LEVEL.json X0 Y0 CELL     every cell shows its kind's colour (and lines their arms)
//   editor_check find SHOT.png X0 Y0 X1 Y1 R G B [TOL]    some pixel in the rectangle has the colour
//   editor_check link-paths-exact SHOT.png X0 Y0 CELL ANALYSIS.json W H
//       the link path colour shows in the middle of exactly the cells (border ring included) that the
//       core's paths run through: none missing, none left over from another board.
//   editor_check cells SHOT.png X0 Y0 CELL R G B present|absent X,Y...
//       the colour shows (or does not) in the middle of each listed cell.
//   editor_check overlay SHOT.png X0 Y0 CELL WHAT ANALYSIS.json
//       WHAT = match-groups | link-paths | line-groups: the overlay colour appears where the core
//       (`tilelab analyze --json`, saved to a file) says a group or path is.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <stb/stb_image.h>

#include "palette.hpp"
#include "tilelab/io/level_io.hpp"

using namespace tilelab;
using tilelab::editor::Rgb;
namespace editor_palette = tilelab::editor::palette;

namespace {

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    Rgb at(int x, int y) const {
        if (x < 0 || y < 0 || x >= width || y >= height) return {};
        const unsigned char* p =
            &rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3];
        return Rgb{p[0], p[1], p[2]};
    }
};

bool load_image(const char* path, Image& image) {
    int channels = 0;
    unsigned char* data = stbi_load(path, &image.width, &image.height, &channels, 3);
    if (!data) {
        std::fprintf(stderr, "editor_check: cannot read %s\n", path);
        return false;
    }
    image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
    stbi_image_free(data);
    return true;
}

std::string show(Rgb c) { return "(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")"; }

// The most common colour of a 7x7 grid of samples spanning +-0.2 cell around the cell's centre:
// glyph outlines, numbers and jelly frames are thin, so the majority is the cell's fill.
Rgb centre_colour(const Image& image, float x0, float y0, float cell, int x, int y) {
    std::map<std::tuple<int, int, int>, int> votes;
    float cx = x0 + (static_cast<float>(x) + 0.5f) * cell, cy = y0 + (static_cast<float>(y) + 0.5f) * cell;
    for (int i = -3; i <= 3; ++i)
        for (int j = -3; j <= 3; ++j) {
            Rgb c = image.at(static_cast<int>(std::lround(cx + static_cast<float>(i) * cell * 0.2f / 3)),
                             static_cast<int>(std::lround(cy + static_cast<float>(j) * cell * 0.2f / 3)));
            ++votes[{c.r, c.g, c.b}];
        }
    auto best = votes.begin();
    for (auto it = votes.begin(); it != votes.end(); ++it)
        if (it->second > best->second) best = it;
    auto [r, g, b] = best->first;
    return Rgb{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(b)};
}

int check_board(const Image& image, const Level& level, float x0, float y0, float cell) {
    int bad = 0, checked = 0;
    const int tolerance = 12;
    for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x) {
            std::int32_t value = level.board.at(x, y);
            ++checked;
            if (level.kind == Kind::lines && value > 0) {
                // Each side: the line's ink when the side is solid, the tile's colour when not.
                float cx = x0 + (static_cast<float>(x) + 0.5f) * cell, cy = y0 + (static_cast<float>(y) + 0.5f) * cell;
                const float dx[4] = {0, 0.35f, 0, -0.35f}, dy[4] = {-0.35f, 0, 0.35f, 0};
                for (int side = 0; side < 4; ++side) {
                    Rgb want = (value >> side) & 1 ? editor_palette::line_ink : editor_palette::line_tile;
                    Rgb got = image.at(static_cast<int>(std::lround(cx + dx[side] * cell)),
                                       static_cast<int>(std::lround(cy + dy[side] * cell)));
                    if (!editor::near_color(got, want, tolerance)) {
                        std::fprintf(stderr, "cell (%d, %d) mask %d side %d: want %s, got %s\n", x, y, value, side,
                                     show(want).c_str(), show(got).c_str());
                        ++bad;
                    }
                }
                continue;
            }
            Rgb want = editor_palette::cell_fill(level, value);
            Rgb got = centre_colour(image, x0, y0, cell, x, y);
            if (!editor::near_color(got, want, tolerance)) {
                std::fprintf(stderr, "cell (%d, %d) value %d: want %s, got %s\n", x, y, value, show(want).c_str(),
                             show(got).c_str());
                ++bad;
            }
        }
    std::printf("%d of %d cells drawn as expected\n", checked - bad, checked);
    return bad == 0 ? 0 : 1;
}

bool find_colour(const Image& image, int x0, int y0, int x1, int y1, Rgb want, int tolerance) {
    for (int y = std::max(0, y0); y <= std::min(image.height - 1, y1); ++y)
        for (int x = std::max(0, x0); x <= std::min(image.width - 1, x1); ++x)
            if (editor::near_color(image.at(x, y), want, tolerance)) return true;
    return false;
}

std::optional<Level> read_level(const char* path) {
    LevelLoad load = load_level(path);
    for (const Diagnostic& d : load.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
    return load.level;
}

// Every cell of every group (or every corner of every path) must show the overlay colour on its edge
// or along the path; checked around each place so one missing overlay fails the test.
int check_overlay(const Image& image, float x0, float y0, float cell, const std::string& what, const nlohmann::json& analysis) {
    auto cell_box_has = [&](int x, int y, Rgb want) {
        int ax = static_cast<int>(x0 + static_cast<float>(x) * cell) - 2,
            ay = static_cast<int>(y0 + static_cast<float>(y) * cell) - 2;
        return find_colour(image, ax, ay, ax + static_cast<int>(cell) + 4, ay + static_cast<int>(cell) + 4, want, 40);
    };
    int places = 0, found = 0;
    if (what == "match-groups" || what == "line-groups") {
        for (const auto& group : analysis.at("groups")) {
            if (what == "line-groups" && !group.at("closed").get<bool>()) continue;
            Rgb want = what == "match-groups" ? editor_palette::overlay_match_group : editor_palette::overlay_closed_group;
            for (const auto& c : group.at("cells")) {
                ++places;
                if (cell_box_has(c.at(0).get<int>(), c.at(1).get<int>(), want)) ++found;
                else std::fprintf(stderr, "no overlay at (%d, %d)\n", c.at(0).get<int>(), c.at(1).get<int>());
            }
        }
    } else if (what == "link-paths") {
        for (const auto& link : analysis.at("links")) {
            for (const char* end : {"a", "b"}) {
                ++places;
                int x = link.at(end).at(0).get<int>(), y = link.at(end).at(1).get<int>();
                if (cell_box_has(x, y, editor_palette::overlay_link_path)) ++found;
                else std::fprintf(stderr, "no link path at (%d, %d)\n", x, y);
            }
        }
    } else {
        std::fprintf(stderr, "editor_check: unknown overlay %s\n", what.c_str());
        return 2;
    }
    std::printf("%s: %d of %d places show the overlay\n", what.c_str(), found, places);
    if (places == 0) {
        std::fprintf(stderr, "editor_check: the analysis has no %s to look for\n", what.c_str());
        return 1;
    }
    return found == places ? 0 : 1;
}

// Whether the colour shows in the middle of a cell (from 0.3 to 0.7 of the cell each way): overlays
// through the centre do, a neighbour's line never does.
bool middle_has(const Image& image, float x0, float y0, float cell, int x, int y, Rgb want) {
    auto px = [&](float v, float origin) { return static_cast<int>(std::lround(origin + v * cell)); };
    return find_colour(image, px(static_cast<float>(x) + 0.3f, x0), px(static_cast<float>(y) + 0.3f, y0),
                       px(static_cast<float>(x) + 0.7f, x0), px(static_cast<float>(y) + 0.7f, y0), want, 40);
}

int check_link_paths_exact(const Image& image, float x0, float y0, float cell, const nlohmann::json& analysis, int width,
                           int height) {
    std::set<std::pair<int, int>> on_path;
    for (const auto& link : analysis.at("links")) {
        const auto& path = link.at("path");
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            int ax = path[i].at(0).get<int>(), ay = path[i].at(1).get<int>();
            int bx = path[i + 1].at(0).get<int>(), by = path[i + 1].at(1).get<int>();
            int steps = std::max(std::abs(bx - ax), std::abs(by - ay));
            for (int k = 0; k <= steps; ++k)
                on_path.insert({ax + (bx > ax) * k - (bx < ax) * k, ay + (by > ay) * k - (by < ay) * k});
        }
    }
    int bad = 0, drawn = 0;
    for (int y = -1; y <= height; ++y)
        for (int x = -1; x <= width; ++x) {
            const bool want = on_path.count({x, y}) > 0;
            const bool got = middle_has(image, x0, y0, cell, x, y, editor_palette::overlay_link_path);
            drawn += got;
            if (want != got) {
                std::fprintf(stderr, "cell (%d, %d): %s\n", x, y,
                             want ? "on a path, but no path drawn" : "no path, but one is drawn");
                ++bad;
            }
        }
    std::printf("link-paths-exact: %zu path cells, %d drawn, %d wrong\n", on_path.size(), drawn, bad);
    return bad == 0 ? 0 : 1;
}

// The cells whose inside (a point a fifth of a cell in from the top-left corner, clear of glyphs,
// arrows and the hover outline) looks different in two screenshots, printed as "x,y" lines.
int changed_cells(const Image& a, const Image& b, float x0, float y0, float cell, int width, int height) {
    if (a.width != b.width || a.height != b.height) {
        std::fprintf(stderr, "editor_check: the screenshots differ in size\n");
        return 2;
    }
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            int px = static_cast<int>(std::lround(x0 + (static_cast<float>(x) + 0.2f) * cell));
            int py = static_cast<int>(std::lround(y0 + (static_cast<float>(y) + 0.2f) * cell));
            if (!editor::near_color(a.at(px, py), b.at(px, py), 20)) std::printf("%d,%d\n", x, y);
        }
    return 0;
}

}  // namespace

// match3: each ? cell of `original` shows, small in its lower-right corner, the piece of `drawn`
// (the board the seed draws): the disc's colour is sampled on four points between its glyph and rim.
int check_drawn_pieces(const Image& image, const Level& original, const Level& drawn, float x0, float y0, float cell) {
    int bad = 0, checked = 0;
    for (int y = 0; y < original.height(); ++y)
        for (int x = 0; x < original.width(); ++x) {
            if (original.board.at(x, y) != cell::random) continue;
            ++checked;
            const std::int32_t value = drawn.board.at(x, y);
            const Rgb want = editor_palette::cell_fill(drawn, value);
            const float cx = x0 + (static_cast<float>(x) + 0.78f) * cell, cy = y0 + (static_cast<float>(y) + 0.78f) * cell;
            const float d = 0.15f * cell;
            const float points[4][2] = {{cx + d, cy}, {cx - d, cy}, {cx, cy + d}, {cx, cy - d}};
            int votes = 0;
            for (const auto& p : points)
                if (editor::near_color(image.at(static_cast<int>(std::lround(p[0])), static_cast<int>(std::lround(p[1]))), want,
                                       12))
                    ++votes;
            if (votes < 3) {
                std::fprintf(stderr, "? cell (%d, %d) draws colour %d: %s on %d of 4 points\n", x, y, value, show(want).c_str(),
                             votes);
                ++bad;
            }
        }
    std::printf("%d of %d ? cells show their drawn piece\n", checked - bad, checked);
    return bad == 0 && checked > 0 ? 0 : 1;
}

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 6 && args[0] == "board") {
        Image image;
        std::optional<Level> level = read_level(args[2].c_str());
        if (!load_image(args[1].c_str(), image) || !level) return 2;
        return check_board(image, *level, std::stof(args[3]), std::stof(args[4]), std::stof(args[5]));
    }
    if (args.size() == 7 && args[0] == "drawn") {
        Image image;
        std::optional<Level> original = read_level(args[2].c_str()), drawn = read_level(args[3].c_str());
        if (!load_image(args[1].c_str(), image) || !original || !drawn) return 2;
        return check_drawn_pieces(image, *original, *drawn, std::stof(args[4]), std::stof(args[5]), std::stof(args[6]));
    }
    if ((args.size() == 9 || args.size() == 10) && args[0] == "find") {
        Image image;
        if (!load_image(args[1].c_str(), image)) return 2;
        Rgb want{static_cast<std::uint8_t>(std::stoi(args[6])), static_cast<std::uint8_t>(std::stoi(args[7])),
                 static_cast<std::uint8_t>(std::stoi(args[8]))};
        int tolerance = args.size() == 10 ? std::stoi(args[9]) : 12;
        bool found = find_colour(image, std::stoi(args[2]), std::stoi(args[3]), std::stoi(args[4]), std::stoi(args[5]), want,
                                 tolerance);
        std::printf("%s %s\n", found ? "found" : "not found", show(want).c_str());
        return found ? 0 : 1;
    }
    if (args.size() == 7 && args[0] == "overlay") {
        Image image;
        if (!load_image(args[1].c_str(), image)) return 2;
        std::ifstream in(args[6]);
        std::stringstream text;
        text << in.rdbuf();
        nlohmann::json analysis = nlohmann::json::parse(text.str(), nullptr, false);
        if (analysis.is_discarded()) {
            std::fprintf(stderr, "editor_check: %s is not JSON\n", args[6].c_str());
            return 2;
        }
        return check_overlay(image, std::stof(args[2]), std::stof(args[3]), std::stof(args[4]), args[5], analysis);
    }
    if (args.size() == 8 && args[0] == "link-paths-exact") {
        Image image;
        if (!load_image(args[1].c_str(), image)) return 2;
        std::ifstream in(args[5]);
        std::stringstream text;
        text << in.rdbuf();
        nlohmann::json analysis = nlohmann::json::parse(text.str(), nullptr, false);
        if (analysis.is_discarded()) return 2;
        return check_link_paths_exact(image, std::stof(args[2]), std::stof(args[3]), std::stof(args[4]), analysis,
                                      std::stoi(args[6]), std::stoi(args[7]));
    }
    if (args.size() >= 10 && args[0] == "cells" && (args[8] == "present" || args[8] == "absent")) {
        Image image;
        if (!load_image(args[1].c_str(), image)) return 2;
        Rgb want{static_cast<std::uint8_t>(std::stoi(args[5])), static_cast<std::uint8_t>(std::stoi(args[6])),
                 static_cast<std::uint8_t>(std::stoi(args[7]))};
        const bool present = args[8] == "present";
        int bad = 0;
        for (std::size_t i = 9; i < args.size(); ++i) {
            auto comma = args[i].find(',');
            if (comma == std::string::npos) return 2;
            int x = std::stoi(args[i].substr(0, comma)), y = std::stoi(args[i].substr(comma + 1));
            if (middle_has(image, std::stof(args[2]), std::stof(args[3]), std::stof(args[4]), x, y, want) != present) {
                std::fprintf(stderr, "cell (%d, %d): colour %s %s\n", x, y, show(want).c_str(), present ? "missing" : "found");
                ++bad;
            }
        }
        std::printf("cells: %zu checked, %d wrong\n", args.size() - 9, bad);
        return bad == 0 ? 0 : 1;
    }
    if (args.size() == 8 && args[0] == "changed") {
        Image a, b;
        if (!load_image(args[1].c_str(), a) || !load_image(args[2].c_str(), b)) return 2;
        return changed_cells(a, b, std::stof(args[3]), std::stof(args[4]), std::stof(args[5]), std::stoi(args[6]),
                             std::stoi(args[7]));
    }
    std::fprintf(
        stderr,
        "usage: editor_check board SHOT LEVEL X0 Y0 CELL | drawn SHOT LEVEL DRAWN_LEVEL X0 Y0 CELL | find SHOT X0 Y0 X1 Y1 R G B [TOL] | "
        "overlay SHOT X0 Y0 CELL WHAT ANALYSIS.json | link-paths-exact SHOT X0 Y0 CELL ANALYSIS.json W H | "
        "cells SHOT X0 Y0 CELL R G B present|absent X,Y... | changed SHOT_A SHOT_B X0 Y0 CELL W H\n");
    return 2;
}
