// The pack report page: self-contained, and drawn by a real browser (headless Chromium) with the
// difficulty curve, the --range band and the board thumbnails where the page puts them.
#include <catch2/catch.hpp>

#include <cmath>

#include "pack_test_support.hpp"
#include "png_reader.hpp"
#include "tilelab/pack/report.hpp"
#include "tilelab/palette.hpp"

using namespace tilelab;
using tilelab::test::ScratchDir;

namespace {

// A report as check_pack would make it, with figures chosen by the test: pass rates that fall
// level after level (a curve going down the chart), two solver verdicts, one broken level.
pack::PackReport falling_report() {
    pack::PackReport report;
    report.file = "world.json";
    report.name = "World <1> & more";
    report.options.runs = 500;
    report.options.pass_range = std::pair{0.2, 0.9};
    const double rates[] = {0.95, 0.85, 0.7, -1, 0.5, 0.3, 0.12, -2};
    for (int i = 0; i < 8; ++i) {
        pack::LevelReport l;
        l.path = "w/" + std::to_string(i) + ".json";
        l.file = "w/" + std::to_string(i) + ".json";
        if (rates[i] >= 0) {
            Level level = make_blank_level(i == 0 ? Kind::match3 : Kind::slide, 4, 4);
            level.id = "level-" + std::to_string(i);
            for (int c = 0; c < 16; ++c)
                level.board.cells[static_cast<std::size_t>(c)] = i == 0 ? c % 4 : (c % 3 == 0 ? 2 << (c % 5) : cell::empty);
            l.level = level;
            l.analysed = true;
            pack::PassRate rate;
            rate.runs = 500;
            rate.pass_rate = rates[i];
            rate.wins = static_cast<int>(std::lround(rates[i] * 500));
            rate.ci_low = std::max(0.0, rates[i] - 0.04);
            rate.ci_high = std::min(1.0, rates[i] + 0.04);
            l.estimate = rate;
        } else if (rates[i] == -1) {
            Level level = make_blank_level(Kind::link, 3, 2);
            level.id = "link-3";
            level.board.cells = {1, 2, 3, 3, 2, 1};
            l.level = level;
            l.analysed = true;
            l.verdict = Verdict::solvable;
            l.solution_moves = 3;
        } else {
            Diagnostic d;
            d.file = l.file;
            d.pointer = "/board/1";
            d.message = "row has 3 cells, width is 4";
            l.problems.push_back(d);
        }
        report.levels.push_back(std::move(l));
    }
    return report;
}

bool near(std::array<int, 3> pixel, std::array<int, 3> colour, int tolerance) {
    for (int k = 0; k < 3; ++k)
        if (std::abs(pixel[static_cast<std::size_t>(k)] - colour[static_cast<std::size_t>(k)]) > tolerance) return false;
    return true;
}

std::array<int, 3> hex_colour(const char* hex) {
    return {std::stoi(std::string(hex + 1, 2), nullptr, 16), std::stoi(std::string(hex + 3, 2), nullptr, 16),
            std::stoi(std::string(hex + 5, 2), nullptr, 16)};
}

bool chromium_available() { return std::system("command -v chromium > /dev/null 2>&1") == 0; }

// Renders `page` in headless Chromium (as root it needs --no-sandbox) and reads the screenshot.
tilelab::test::Image screenshot(const ScratchDir& dir, const std::filesystem::path& page, int width, int height) {
    const auto shot = dir / "shot.png";
    const auto profile = dir / "profile";
    const tilelab::test::CommandResult r = tilelab::test::run_command(
        {"timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile.string(),
         "--hide-scrollbars", "--force-device-scale-factor=1",
         "--window-size=" + std::to_string(width) + "," + std::to_string(height), "--screenshot=" + shot.string(),
         "file://" + page.string()},
        dir.path());
    INFO(r.err);
    REQUIRE(std::filesystem::exists(shot));
    return tilelab::test::read_png(shot.string());
}

}  // namespace

TEST_CASE("the report page is self-contained and holds the chart, a thumbnail per level and the figures", "[pack][report]") {
    const pack::PackReport report = falling_report();
    const std::string html = pack::report_html(report);
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    // Nothing outside the page: no scripts, no links, no images or fonts fetched.
    for (const char* outside : {"<script", "src=", "href=", "url(", "@import", "<link"}) {
        INFO(outside);
        CHECK(html.find(outside) == std::string::npos);
    }
    std::size_t http = 0;
    for (std::size_t at = html.find("http"); at != std::string::npos; at = html.find("http", at + 1)) {
        CHECK(html.compare(at, 27, "http://www.w3.org/2000/svg\"") == 0);
        ++http;
    }
    CHECK(http == 1 + 7);  // the chart and seven boards name the SVG namespace, nothing else
    CHECK(html.find("id=\"difficulty-chart\"") != std::string::npos);
    // The pack's name is escaped, the figures are printed.
    CHECK(html.find("World &lt;1&gt; &amp; more") != std::string::npos);
    CHECK(html.find("85.0%") != std::string::npos);
    CHECK(html.find("row has 3 cells") != std::string::npos);
    // The curve is two polylines: three pass rates, the link level's gap, three more; the broken level at the end adds none.
    const std::string chart = pack::difficulty_chart_svg(report);
    std::size_t polylines = 0;
    for (std::size_t at = chart.find("<polyline"); at != std::string::npos; at = chart.find("<polyline", at + 1)) ++polylines;
    CHECK(polylines == 2);
}

TEST_CASE("board thumbnails draw each kind's cells and skip holes", "[pack][report]") {
    Level level = make_blank_level(Kind::match3, 3, 1);
    level.board.cells = {0, cell::hole, cell::blocker};
    const std::string svg = pack::board_svg(level, 60);
    CHECK(svg.find("width=\"60.00\"") != std::string::npos);
    CHECK(svg.find("<circle") != std::string::npos);
    // The editor's colours, from the one table (tilelab/palette.hpp).
    CHECK(svg.find("fill=\"" + hex(palette::blocker) + "\"") != std::string::npos);
    CHECK(svg.find("fill=\"" + hex(palette::match3_colors[0]) + "\"") != std::string::npos);
    std::size_t rects = 0;
    for (std::size_t at = svg.find("<rect"); at != std::string::npos; at = svg.find("<rect", at + 1)) ++rects;
    CHECK(rects == 2);  // the piece's cell and the blocker; the hole is not drawn

    Level lines = make_blank_level(Kind::lines, 1, 1);
    lines.board.cells = {15};
    const std::string cross = pack::board_svg(lines, 40);
    std::size_t segments = 0;
    for (std::size_t at = cross.find("<line"); at != std::string::npos; at = cross.find("<line", at + 1)) ++segments;
    CHECK(segments == 4);
}

TEST_CASE("board thumbnails draw every match3 item as the editor does: specials, bombs, crates, ingredients, locks, jelly",
          "[pack][report]") {
    Level level = make_blank_level(Kind::match3, 7, 1);
    level.version = 2;
    level.board.cells = {cell::special(2, cell::line_h),
                         cell::special(3, cell::line_v),
                         cell::special(4, cell::bomb),
                         cell::color_bomb,
                         cell::crate(3),
                         cell::ingredient,
                         1};
    level.lock = Grid(7, 1, 0);
    level.lock->at(6, 0) = 1;
    level.jelly = Grid(7, 1, 0);
    level.jelly->at(0, 0) = 1;
    const std::string svg = pack::board_svg(level, 7 * 20);  // 20 px a cell: labels on
    auto has = [&](const std::string& part) { return svg.find(part) != std::string::npos; };
    CHECK(has("fill=\"" + hex(palette::match3_colors[2]) + "\""));  // a special keeps its colour
    CHECK(has("fill=\"" + hex(palette::special_ink) + "\""));       // the stripes
    CHECK(has("stroke=\"" + hex(palette::special_ink) + "\""));     // the bomb's ring
    CHECK(has("fill=\"" + hex(palette::color_bomb) + "\""));
    CHECK(has("fill=\"" + hex(palette::crate) + "\""));
    CHECK(has(">3</text>"));  // the crate's hit points
    CHECK(has("fill=\"" + hex(palette::ingredient) + "\""));
    CHECK(has("fill=\"" + hex(palette::lock) + "\""));
    CHECK(has("stroke=\"" + hex(palette::jelly) + "\""));
}

TEST_CASE("the report names each level's goal with its move limit, and what its moves column counts", "[pack][report]") {
    Level m3 = make_blank_level(Kind::match3, 5, 5);
    m3.goal.moves = 18;
    m3.goal.as<match3::Goal>().score = 34000;
    m3.goal.as<match3::Goal>().jelly = true;
    m3.goal.as<match3::Goal>().collect = {match3::CollectGoal{2, 10}};
    m3.goal.as<match3::Goal>().crates = true;
    m3.goal.as<match3::Goal>().ingredients = 1;
    CHECK(pack::goal_text(m3) ==
          "18 moves: score 34000, clear the jelly, collect 10 of colour 2, break every crate, bring down 1 ingredient");
    Level link = make_blank_level(Kind::link, 4, 4);
    link.goal.moves.reset();
    CHECK(pack::goal_text(link) == "no move limit: clear the board");
    Level lines = make_blank_level(Kind::lines, 4, 4);
    lines.goal.moves = 1;
    lines.goal.as<lines::Goal>().closed_groups = 2;
    CHECK(pack::goal_text(lines) == "1 move: 2 closed groups");
    Level slide = make_blank_level(Kind::slide, 4, 4);
    slide.goal.moves = 40;
    slide.goal.as<slide::Goal>().target = 64;
    CHECK(pack::goal_text(slide) == "40 moves: reach 64");

    const std::string html = pack::report_html(falling_report());
    CHECK(html.find("<th>goal</th>") != std::string::npos);
    CHECK(html.find("<th>solution / swaps at start</th>") != std::string::npos);
    CHECK(html.find(": reach 2048</td>") != std::string::npos);
}

TEST_CASE("headless Chromium shows the report's chart", "[pack][report][chromium]") {
    if (!chromium_available()) {
        WARN("chromium is not installed: the screenshot check is skipped (scripts/setup installs it)");
        return;
    }
    ScratchDir dir("chromium");
    const auto page = dir.write("report.html", pack::report_html(falling_report()));
    const tilelab::test::Image image = screenshot(dir, page, 1000, 900);
    REQUIRE(image.width == 1000);
    REQUIRE(image.height == 900);

    // The thumbnails' colour-0 pieces (the editor's colours) mark where the table starts; the chart
    // is above it (the table's blue pieces are near the curve's colour).
    const auto piece = hex_colour(hex(palette::match3_colors[0]).c_str());
    long piece_pixels = 0;
    int table_top = image.height;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            if (near(image.at(x, y), piece, 10)) {
                ++piece_pixels;
                table_top = std::min(table_top, y);
            }
    // The curve: a long stroke of its colour across the chart, falling from left to right.
    const auto curve = hex_colour(pack::chart_curve_colour);
    const auto band = hex_colour(pack::chart_band_colour);
    long curve_pixels = 0, band_pixels = 0;
    int min_x = image.width, max_x = -1, min_y = image.height, max_y = -1;
    for (int y = 0; y < table_top; ++y)
        for (int x = 0; x < image.width; ++x) {
            const auto p = image.at(x, y);
            if (near(p, curve, 24)) {
                ++curve_pixels;
                min_x = std::min(min_x, x);
                max_x = std::max(max_x, x);
                min_y = std::min(min_y, y);
                max_y = std::max(max_y, y);
            }
            if (near(p, band, 6)) ++band_pixels;
        }
    INFO("curve pixels " << curve_pixels << " x " << min_x << ".." << max_x << " y " << min_y << ".." << max_y);
    CHECK(curve_pixels > 500);  // two 3-px strokes over four level gaps, plus the match3 point
    CHECK(max_x - min_x > 450);
    CHECK(max_y - min_y > 120);
    double left_y = 0, right_y = 0;
    long left_n = 0, right_n = 0;
    const int quarter = (max_x - min_x) / 4;
    for (int y = min_y; y <= max_y; ++y)
        for (int x = min_x; x <= max_x; ++x) {
            if (!near(image.at(x, y), curve, 24)) continue;
            if (x < min_x + quarter) left_y += y, ++left_n;
            if (x > max_x - quarter) right_y += y, ++right_n;
        }
    REQUIRE(left_n > 0);
    REQUIRE(right_n > 0);
    CHECK(left_y / left_n + 80 < right_y / right_n);  // high pass rates on the left, low on the right
    // The --range band fills most of the plot area: 70% of ~224 px by ~688 px.
    CHECK(band_pixels > 50000);

    // The thumbnails sit in the table below the chart: the match3 board's colour-0 pieces.
    CHECK(piece_pixels > 100);
    CHECK(table_top > max_y);
}

TEST_CASE("headless Chromium shows the chart of the demo pack's report made by tilelab pack report", "[pack][report][chromium]") {
    if (!chromium_available()) {
        WARN("chromium is not installed: the screenshot check is skipped (scripts/setup installs it)");
        return;
    }
    ScratchDir dir("chromium-demo");
    const auto page = dir / "demo.html";
    const auto made = tilelab::test::run_tilelab({"pack", "report", std::string(TILELAB_SOURCE_DIR) + "/levels/packs/demo.json",
                                                  "-o", page.string(), "--runs", "50", "--bot", "greedy"},
                                                 dir.path());
    INFO(made.err);
    REQUIRE(made.status == 0);
    const tilelab::test::Image image = screenshot(dir, page, 1000, 700);
    // The demo's match3 and slide pass rates: two stretches of curve on either side of the solver levels.
    const auto curve = hex_colour(pack::chart_curve_colour);
    long curve_pixels = 0;
    int min_x = image.width, max_x = -1;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            if (near(image.at(x, y), curve, 24)) {
                ++curve_pixels;
                min_x = std::min(min_x, x);
                max_x = std::max(max_x, x);
            }
    INFO("curve pixels " << curve_pixels << " x " << min_x << ".." << max_x);
    CHECK(curve_pixels > 300);
    CHECK(max_x - min_x > 400);  // from level 1 to level 12 of the chart
}
