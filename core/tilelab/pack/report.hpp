// The pack report: one self-contained HTML page with the difficulty curve and board thumbnails in SVG.
#pragma once
#include <string>

#include "tilelab/board/level.hpp"
#include "tilelab/pack/pack.hpp"

namespace tilelab::pack {

// Colours the report's chart draws with; the screenshot test looks for them.
inline constexpr const char* chart_curve_colour = "#1f6fd1";  // the pass-rate line
inline constexpr const char* chart_band_colour = "#d9efd9";   // the --range band

// An <svg> element drawing the level's starting board as the file paints it (no random draws),
// scaled to fit `max_px` on its longer side. No external references.
std::string board_svg(const Level& level, int max_px);

// An <svg> element (id "difficulty-chart"): pass rate per level in pack order with its 95%
// interval (match3, slide), solver verdicts in a lane below (link, lines), the --range band.
std::string difficulty_chart_svg(const PackReport& report);

// The level's goal in a designer's words, move limit first: "18 moves: score 34000, clear the
// jelly", "clear the board", "no move limit: reach 2048". The report's and pack check's goal column.
std::string goal_text(const Level& level);

// The whole page: title, figures, chart, a table with a thumbnail per level, the problems.
std::string report_html(const PackReport& report);

}  // namespace tilelab::pack
