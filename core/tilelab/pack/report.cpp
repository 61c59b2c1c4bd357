// Writes the pack report page: inline SVG only (chart and thumbnails), no scripts, no external files.
#include "tilelab/pack/report.hpp"

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/palette.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace tilelab::pack {
namespace {

// The SVG writers the kinds' pictures of a cell use too (look/look.hpp).
using svg::cell_label;
using svg::escape_html;
using svg::num;
using svg::rect;

// One problem of a level or of the pack, coloured by its severity.
std::string problem_html(const Diagnostic& d) {
    return std::string("<div class=\"problem ") + (d.severity == Diagnostic::Severity::error ? "error" : "warning") + "\">" +
           escape_html(d.format()) + "</div>";
}

std::string percent(double fraction) { return escape_html(percent_text(fraction)); }

// The colour that fills a cell, "#rrggbb": every colour comes from the one table the editor paints
// with (tilelab/palette.hpp), a kind's own through its look.
std::string fill_of(const Level& level, std::int32_t value) { return hex(palette::cell_fill(level, value)); }

std::string count_of(int n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }

std::string kind_colour(Kind kind) { return kind_ops(kind).report_colour; }

}  // namespace

std::string goal_text(const Level& level) {
    const Goal& g = level.goal;
    const auto words = kind_ops(level.kind).goal_words;
    const std::vector<std::string> parts = words ? words(g) : std::vector<std::string>{};
    std::string text = g.moves ? std::to_string(*g.moves) + (*g.moves == 1 ? " move" : " moves") : "no move limit";
    for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? ": " : ", ") + parts[i];
    return text;
}

std::string board_svg(const Level& level, int max_px) {
    const Board& board = level.board;
    const int w = std::max(board.width, 1), h = std::max(board.height, 1);
    const double scale = static_cast<double>(std::max(max_px, 8)) / std::max(w, h);
    // Labels only where a cell is big enough to read them.
    const bool labels = scale >= 12.0;
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 " + std::to_string(w) + " " +
                      std::to_string(h) + "\" width=\"" + num(w * scale) + "\" height=\"" + num(h * scale) +
                      "\" font-family=\"sans-serif\">";
    const KindLook& look = *kind_ops(level.kind).look;
    for (int y = 0; y < board.height; ++y) {
        for (int x = 0; x < board.width; ++x) {
            const std::int32_t c = board.at(x, y);
            if (c == cell::hole) continue;  // not part of the board: nothing drawn
            // The cell's own fill under blockers, empty cells, ? pieces, the kind's items and tiles that
            // fill their cell (lines); a piece stands on an empty cell.
            const bool own_fill = !cell::is_value(c) || look.values_fill_cell;
            rect(svg, x, y, 1, 1, own_fill ? fill_of(level, c) : hex(palette::empty_cell),
                 " stroke=\"" + hex(palette::grid_line) + "\" stroke-width=\"0.04\"");
            if (c == cell::random) {
                if (labels) cell_label(svg, x, y, "?", 0.5, "#e6e6f0");
                continue;
            }
            look.picture(svg, level, x, y, c, labels);
        }
    }
    // match3 jelly: a frame on every cell that still has a layer; locks: a padlock's outline.
    if (level.jelly) {
        const Grid& jelly = *level.jelly;
        for (int y = 0; y < jelly.height && y < board.height; ++y)
            for (int x = 0; x < jelly.width && x < board.width; ++x)
                if (jelly.at(x, y) > 0)
                    rect(svg, x + 0.04, y + 0.04, 0.92, 0.92, "none",
                         " stroke=\"" + hex(palette::jelly) + "\" stroke-width=\"0.08\" stroke-opacity=\"0.9\"");
    }
    if (level.lock) {
        const Grid& lock = *level.lock;
        for (int y = 0; y < lock.height && y < board.height; ++y)
            for (int x = 0; x < lock.width && x < board.width; ++x)
                if (lock.at(x, y) > 0) {
                    svg += "<path d=\"M" + num(x + 0.4) + " " + num(y + 0.55) +
                           "v-0.12a0.1 0.1 0 0 1 0.2 0v0.12\" fill=\"none\" stroke=\"" + hex(palette::lock) +
                           "\" stroke-width=\"0.06\"/>";
                    rect(svg, x + 0.33, y + 0.55, 0.34, 0.26, hex(palette::lock),
                         " rx=\"0.04\" stroke=\"#141418\" stroke-width=\"0.03\"");
                }
    }
    svg += "</svg>";
    return svg;
}

std::string difficulty_chart_svg(const PackReport& report) {
    const double width = 760, height = 320;
    const double left = 56, right = 16, top = 18, bottom = 78;
    const double plot_w = width - left - right, plot_h = height - top - bottom;
    const int n = std::max<int>(static_cast<int>(report.levels.size()), 1);
    auto x_of = [&](int i) { return left + (i + 0.5) * plot_w / n; };
    auto y_of = [&](double rate) { return top + (1.0 - std::clamp(rate, 0.0, 1.0)) * plot_h; };

    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"difficulty-chart\" width=\"" + num(width) + "\" height=\"" +
                      num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
                      "\" font-family=\"sans-serif\" font-size=\"12\">";
    svg += "<title>Pass rate per level, in pack order</title>";
    rect(svg, left, top, plot_w, plot_h, "#ffffff", " stroke=\"#888\"");
    if (report.options.pass_range) {
        auto [low, high] = *report.options.pass_range;
        rect(svg, left, y_of(high), plot_w, y_of(low) - y_of(high), chart_band_colour);
    }
    for (int tick = 0; tick <= 4; ++tick) {
        double rate = tick / 4.0, y = y_of(rate);
        svg += "<line x1=\"" + num(left) + "\" y1=\"" + num(y) + "\" x2=\"" + num(left + plot_w) + "\" y2=\"" + num(y) +
               "\" stroke=\"#e0e0e0\"/>";
        svg += "<text x=\"" + num(left - 6) + "\" y=\"" + num(y + 4) + "\" text-anchor=\"end\">" + std::to_string(tick * 25) +
               "%</text>";
    }
    svg += "<text transform=\"translate(14," + num(top + plot_h / 2) +
           ") rotate(-90)\" text-anchor=\"middle\">pass rate (lower is harder)</text>";

    // The curve joins neighbouring levels that both have a pass rate; a level without one (a
    // solver kind, a broken level) breaks it rather than drawing a line through levels it skips.
    std::string points;
    auto flush_curve = [&] {
        if (!points.empty())
            svg += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + chart_curve_colour +
                   "\" stroke-width=\"3\" stroke-linejoin=\"round\"/>";
        points.clear();
    };
    for (int i = 0; i < static_cast<int>(report.levels.size()); ++i) {
        const LevelReport& l = report.levels[static_cast<std::size_t>(i)];
        if (l.estimate) {
            points += num(x_of(i)) + "," + num(y_of(l.estimate->pass_rate)) + " ";
        } else {
            flush_curve();
        }
    }
    flush_curve();

    const double lane = top + plot_h + 22;  // verdicts of solver kinds and markers of broken levels
    for (int i = 0; i < static_cast<int>(report.levels.size()); ++i) {
        const LevelReport& l = report.levels[static_cast<std::size_t>(i)];
        const double x = x_of(i);
        std::string tip = escape_html(l.level ? (l.level->id.empty() ? l.path : l.level->id) : l.path);
        if (l.estimate) {
            const PassRate& r = *l.estimate;
            svg += "<line x1=\"" + num(x) + "\" y1=\"" + num(y_of(r.ci_low)) + "\" x2=\"" + num(x) + "\" y2=\"" +
                   num(y_of(r.ci_high)) + "\" stroke=\"#333\" stroke-width=\"1.5\"/>";
            svg += "<circle cx=\"" + num(x) + "\" cy=\"" + num(y_of(r.pass_rate)) + "\" r=\"5\" fill=\"" +
                   kind_colour(l.level->kind) + "\" stroke=\"#fff\" stroke-width=\"1.5\"><title>" + tip + ": " +
                   percent(r.pass_rate) + "</title></circle>";
        } else if (l.level && l.analysed && l.verdict != Verdict::none) {
            const char* glyph = l.verdict == Verdict::solvable ? "\u2713" : l.verdict == Verdict::unsolvable ? "\u2717" : "?";
            const char* colour = l.verdict == Verdict::solvable     ? "#2a9d4b"
                                 : l.verdict == Verdict::unsolvable ? "#c0392b"
                                                                    : "#888";
            svg += "<text x=\"" + num(x) + "\" y=\"" + num(lane) + "\" text-anchor=\"middle\" font-size=\"16\" fill=\"" + colour +
                   "\"><title>" + tip + ": " + std::string(verdict_name(l.verdict)) + "</title>" + glyph + "</text>";
        } else if (l.has_errors()) {
            svg += "<text x=\"" + num(x) + "\" y=\"" + num(lane) +
                   "\" text-anchor=\"middle\" font-size=\"16\" fill=\"#c0392b\"><title>" + tip + ": error</title>!</text>";
        }
        // Level numbers along the axis, thinned out when the pack is long.
        const int every = std::max(1, n / 25);
        if (i % every == 0 || i + 1 == n)
            svg += "<text x=\"" + num(x) + "\" y=\"" + num(lane + 20) + "\" text-anchor=\"middle\" fill=\"#555\">" +
                   std::to_string(i + 1) + "</text>";
    }
    svg += "<text x=\"" + num(left + plot_w / 2) + "\" y=\"" + num(height - 4) +
           "\" text-anchor=\"middle\" fill=\"#555\">level in pack order (\u2713 \u2717 ?: solver verdict)</text>";
    svg += "</svg>";
    return svg;
}

std::string report_html(const PackReport& report) {
    std::string html;
    const std::string title = report.name.empty() ? report.file : report.name;
    html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    html += "<title>tilelab pack report: " + escape_html(title) + "</title>\n";
    html +=
        "<style>\n"
        "body{font-family:sans-serif;margin:16px 24px;color:#222;background:#fafafa}\n"
        "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:20px 0 8px}\n"
        ".figures{color:#555;margin:0 0 8px}.ok{color:#2a9d4b}.failed{color:#c0392b}\n"
        "table{border-collapse:collapse;background:#fff}td,th{border:1px solid #ddd;padding:4px 8px;"
        "text-align:left;vertical-align:middle}th{background:#f0f0f0}td.num{text-align:right}\n"
        "tr.error td{background:#fdecea}.problem{font-size:12px;color:#555}.problem.error{color:#c0392b}\n"
        "</style>\n</head>\n<body>\n";
    html += "<h1>" + escape_html(title) + "</h1>\n";
    html += "<p class=\"figures\">" + escape_html(report.file) + " &middot; " + std::to_string(report.levels.size()) +
            " levels &middot; " + std::to_string(report.options.runs) + " playouts per level, seed " +
            std::to_string(report.options.seed) + " &middot; <span class=\"" + (report.ok() ? "ok" : "failed") + "\">" +
            count_of(report.error_count(), "error") + "</span>, " + count_of(report.warning_count(), "warning") + "</p>\n";
    html += "<h2>Difficulty curve</h2>\n" + difficulty_chart_svg(report) + "\n";

    // Columns a report has only when the check computed them: the players' rate (--calibration)
    // and each bot of the ladder (--ladder).
    bool players = false, ladder = false;
    for (const LevelReport& l : report.levels) {
        players = players || (l.estimate && l.estimate->calibrated);
        ladder = ladder || !l.ladder.empty();
    }
    // The pictures stop at limits::max_report_picture_bytes, so that a page of a big pack stays one a
    // browser opens; the levels after that keep their row, without a picture.
    std::size_t picture_bytes = 0;
    int pictures_left_out = 0;
    auto picture = [&](const Level& level) {
        std::string svg = pictures_left_out > 0 ? std::string() : board_svg(level, 96);
        if (pictures_left_out > 0 || picture_bytes + svg.size() > limits::max_report_picture_bytes) {
            ++pictures_left_out;
            return std::string("<td class=\"nopicture\">&ndash;</td>");
        }
        picture_bytes += svg.size();
        return "<td>" + svg + "</td>";
    };
    html += "<h2>Levels</h2>\n";
    std::string table =
        "<table id=\"levels\">\n<tr><th>#</th><th>board</th><th>id</th><th>name</th>"
        "<th>kind</th><th>size</th><th>goal</th><th>verdict</th><th>pass rate</th><th>95% interval</th>"
        "<th>runs</th>" +
        std::string(players ? "<th>players (calibrated)</th>" : "") + std::string(ladder ? "<th>bot ladder</th>" : "") +
        "<th>solution / swaps at start</th><th>problems</th></tr>\n";
    for (std::size_t i = 0; i < report.levels.size(); ++i) {
        const LevelReport& l = report.levels[i];
        table += std::string("<tr") + (l.has_errors() ? " class=\"error\"" : "") + "><td class=\"num\">" + std::to_string(i + 1) +
                 "</td>";
        if (l.level) {
            const Level& level = *l.level;
            table += picture(level) + "<td>" + escape_html(level.id) + "</td><td>" + escape_html(level.name) + "</td><td>" +
                     std::string(kind_name(level.kind)) + "</td><td>" + std::to_string(level.width()) + "&times;" +
                     std::to_string(level.height()) + "</td><td>" + escape_html(goal_text(level)) + "</td>";
            table += "<td>" +
                     std::string(l.verdict == Verdict::none ? (l.blocked ? "dead start" : "") : verdict_name(l.verdict)) +
                     "</td>";
            if (l.estimate)
                table += "<td class=\"num\">" + percent(l.estimate->pass_rate) + "</td><td class=\"num\">" +
                         percent(l.estimate->ci_low) + " &ndash; " + percent(l.estimate->ci_high) + "</td><td class=\"num\">" +
                         std::to_string(l.estimate->runs) + "</td>";
            else table += "<td></td><td></td><td></td>";
            if (players)
                table += "<td class=\"num\">" +
                         (l.estimate && l.estimate->calibrated
                              ? percent(l.estimate->calibrated->pass_rate) + " (" + percent(l.estimate->calibrated->ci_low) +
                                    " &ndash; " + percent(l.estimate->calibrated->ci_high) + ")"
                              : std::string()) +
                         "</td>";
            if (ladder) {
                table += "<td class=\"ladder\">";
                for (const auto& [bot, rate] : l.ladder)
                    table += "<div>" + escape_html(bot) + " " + percent(rate.pass_rate) + " <small>(" + percent(rate.ci_low) +
                             " &ndash; " + percent(rate.ci_high) + ")</small></div>";
                table += "</td>";
            }
            // The solution's length (link, lines, slide puzzles) or the swaps open at the start (match3).
            std::string opening;
            if (l.solution_moves >= 0) opening = std::to_string(l.solution_moves) + "-move solution";
            else if (l.start_moves >= 0) opening = std::to_string(l.start_moves) + (l.start_moves == 1 ? " swap" : " swaps");
            table += "<td class=\"num\">" + opening + "</td>";
        } else {
            table += "<td></td><td></td><td>" + escape_html(l.path) +
                     "</td><td></td><td></td><td></td><td>invalid</td>"
                     "<td></td><td></td><td></td>" +
                     std::string(players ? "<td></td>" : "") + std::string(ladder ? "<td></td>" : "") + "<td></td>";
        }
        table += "<td>";
        for (const Diagnostic& d : l.problems) table += problem_html(d);
        table += "</td></tr>\n";
    }
    if (pictures_left_out > 0)
        html += "<p class=\"figures\">The pictures of the last " + count_of(pictures_left_out, "level") +
                " are left out: a report keeps its pictures under " + std::to_string(limits::max_report_picture_bytes >> 20) +
                " MiB.</p>\n";
    html += table;
    html += "</table>\n";
    if (!report.pack_problems.empty()) {
        html += "<h2>Pack problems</h2>\n";
        for (const Diagnostic& d : report.pack_problems) html += problem_html(d) + "\n";
    }
    html += "</body>\n</html>\n";
    return html;
}

}  // namespace tilelab::pack
