// The analysis panel: the live verdict badge, overlay toggles with their legend, the solution
// step-through, and the longer analysis with its progress bar and plots.
#include <algorithm>
#include <cstdio>
#include <string>

#include "app.hpp"
#include "painters.hpp"
#include "panels/panels.hpp"
#include "text_fit.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

namespace {

std::string badge_shown;  // the badge's text this frame (UI thread only), traced when it changes

// A coloured box around its text, the text wrapped to the panel's width (never cut off).

void badge(const char* text, ImU32 colour) {
    badge_shown = text;
    ImVec2 p = ImGui::GetCursorScreenPos();
    const float wrap = std::max(40.0f, ImGui::GetContentRegionAvail().x - 12);
    ImVec2 size = ImGui::CalcTextSize(text, nullptr, false, wrap);
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + size.x + 12, p.y + size.y + 6), colour, 4.0f);
    ImGui::SetCursorScreenPos(ImVec2(p.x + 6, p.y + 3));
    ImGui::PushTextWrapPos(ImGui::GetCursorPos().x + wrap);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::SetCursorScreenPos(p);
    ImGui::Dummy(ImVec2(size.x + 12, size.y + 6));  // the badge's box is the last item (for the layout trace)
    ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + size.y + 10));
}

// What a pass rate rests on, as every figure says it: runs (of how many asked, when a time budget
// stopped them) and the bot.
std::string figure_basis(const EstimateResult& e, int runs_asked, bool timed_out) {
    std::string text = std::to_string(e.runs) + (e.runs == 1 ? " run" : " runs");
    if (timed_out && e.runs < runs_asked)
        text = std::to_string(e.runs) + " of " + std::to_string(runs_asked) + " runs (time budget)";
    if (e.json.is_object() && e.json.contains("bot") && e.json["bot"].is_string())
        text += ", bot " + e.json["bot"].get<std::string>();
    return text;
}

void legend_row(bool* toggle, const char* label, Rgb colour, const char* meaning) {
    ImGui::PushID(label);
    ImGui::Checkbox("##t", toggle);
    ImGui::SameLine();
    ImVec2 p = ImGui::GetCursorScreenPos();
    float s = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + s, p.y + s), to_imu32(colour));
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", meaning);
    ImGui::PopID();
}

void plot_series(const App& app, const EstimateResult& estimate) {
    // ImGui 1.86's plots take a width as given: -1 ("to the right edge", as other widgets read it)
    // made an inverted, invisible frame. The panel's width, in pixels.
    const float width = std::max(40.0f, ImGui::GetContentRegionAvail().x);
    // Binned distributions: the CLI's own bins, one bar each (re-binning bin counts as if they were
    // per-run values drew a blank strip: item 4 of issue 12).
    for (const EstimateResult::Histogram& h : estimate.histograms) {
        if (h.counts.empty()) continue;
        std::vector<float> bars(h.counts.begin(), h.counts.end());
        double total = 0;
        for (double c : h.counts) total += c;
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "0 .. %zu (n=%.0f)", h.counts.size() - 1, total);
        ImGui::TextUnformatted(h.name.c_str());
        ImGui::PlotHistogram(("##b" + h.name).c_str(), bars.data(), static_cast<int>(bars.size()), 0, overlay, 0.0f,
                             FLT_MAX, ImVec2(width, 60));
        trace_last_item(app, ("plot-" + h.name).c_str());
    }
    for (const auto& [name, values] : estimate.series) {
        if (values.empty()) continue;
        // A histogram of the values (20 bins) says more than the raw sequence of playouts.
        auto [lo_it, hi_it] = std::minmax_element(values.begin(), values.end());
        double lo = *lo_it, hi = *hi_it;
        int bins = 20;
        std::vector<float> counts(static_cast<std::size_t>(bins), 0.0f);
        for (double v : values) {
            int bin = hi > lo ? static_cast<int>((v - lo) / (hi - lo) * (bins - 1) + 0.5) : 0;
            counts[static_cast<std::size_t>(std::clamp(bin, 0, bins - 1))] += 1.0f;
        }
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "%.0f .. %.0f (n=%zu)", lo, hi, values.size());
        ImGui::TextUnformatted(name.c_str());
        ImGui::PlotHistogram(("##h" + name).c_str(), counts.data(), bins, 0, overlay, 0.0f, FLT_MAX, ImVec2(width, 60));
        trace_last_item(app, ("plot-" + name).c_str());
        if (values.size() >= 2) {
            std::vector<float> line(values.begin(), values.begin() + static_cast<long>(std::min<std::size_t>(values.size(), 2000)));
            ImGui::PlotLines(("##l" + name).c_str(), line.data(), static_cast<int>(line.size()), 0, "per playout", FLT_MAX,
                             FLT_MAX, ImVec2(width, 40));
        }
    }
}

}  // namespace

void draw_analysis(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    const Level& level = doc->level();
    const Analysis* analysis = app.current_analysis(*doc);
    const EstimateResult* estimate = app.current_estimate(*doc);
    bool current = doc->view.revision == doc->revision();

    // The verdict badge: only a result of this very revision counts, and none for a level the reader refuses.
    if (!app.diagnostics.empty()) {
        std::string text = "invalid level: " + std::to_string(app.diagnostics.size()) + " problem" +
                           (app.diagnostics.size() == 1 ? "" : "s") + " (see Problems)";
        badge(text.c_str(), IM_COL32(150, 40, 40, 255));
    } else if (current && !doc->view.error.empty()) {
        badge("analysis failed", IM_COL32(150, 40, 40, 255));
        ImGui::TextWrapped("%s", doc->view.error.c_str());
    } else if (!current || (doc->view.estimate_pending && !estimate)) {
        badge(current ? "playouts running..." : "analysing...", IM_COL32(70, 70, 80, 255));
    } else if (estimate && estimate->runs == 0) {
        // The live budget ran out before one playout ended (slide's bot on a long level).
        badge("no playout finished in the live budget", IM_COL32(70, 70, 80, 255));
        text_disabled_wrapped("Run the longer analysis below for a pass rate.");
    } else if (estimate) {
        char text[160];
        std::snprintf(text, sizeof text, "pass rate %.0f%%  [%.0f%%, %.0f%%]", estimate->pass_rate * 100,
                      estimate->ci_low * 100, estimate->ci_high * 100);
        ImU32 colour = estimate->pass_rate >= 0.5 ? IM_COL32(40, 120, 60, 255)
                       : estimate->pass_rate > 0.0 ? IM_COL32(140, 110, 30, 255)
                                                   : IM_COL32(150, 40, 40, 255);
        badge(text, colour);
        // Below the badge, wrapped: the runs and the bot the figure rests on.
        ImGui::PushTextWrapPos(0.0f);
        if (doc->view.estimate_first) {  // the first runs' figure: the whole run replaces it when done
            std::string basis = figure_basis(*estimate, app.settings.quick_runs, false);  // "100 runs, bot B"
            basis = "first " + std::to_string(estimate->runs) + " of " + std::to_string(app.settings.quick_runs) +
                    " runs (more running)" + basis.substr(std::min(basis.find(','), basis.size()));
            text_disabled_wrapped("%s", basis.c_str());
        } else
            text_disabled_wrapped("%s", figure_basis(*estimate, app.settings.quick_runs,
                                                   doc->view.estimate_timed_out || estimate->timed_out).c_str());
        ImGui::PopTextWrapPos();
    } else if (analysis) {
        switch (analysis->verdict) {
        case Verdict::solvable: {
            // The verdict is the CLI's (the whole board can be cleared); a solution longer than
            // the goal's move limit is said on the badge too, in amber, as analyze's warning says.
            const std::optional<int> limit = level.goal.moves;
            const std::size_t length = analysis->solution.size();
            if (limit && length > static_cast<std::size_t>(*limit)) {
                char text[160];
                std::snprintf(text, sizeof text, "solvable in %zu moves: over the move limit %d", length, *limit);
                badge(text, IM_COL32(140, 110, 30, 255));
            } else {
                badge("solvable", IM_COL32(40, 120, 60, 255));
            }
            break;
        }
        case Verdict::unsolvable: badge("unsolvable", IM_COL32(150, 40, 40, 255)); break;
        case Verdict::unknown: badge("unknown (budget ran out)", IM_COL32(140, 110, 30, 255)); break;
        case Verdict::none: badge(analysis->blocked ? "blocked" : "analysed", IM_COL32(70, 70, 90, 255)); break;
        }
    }
    trace_last_item(app, "badge");
    static std::string last_badge;  // UI thread only
    if (badge_shown != last_badge) {
        last_badge = badge_shown;
        app.trace("badge shown: " + badge_shown);
    }
    if (current && analysis) text_disabled_wrapped("live analysis: %.0f ms", doc->view.elapsed_ms);

    // Overlays with their legend.
    OverlayToggles& o = app.settings.overlays;
    ImGui::Separator();
    ImGui::TextUnformatted("Overlays");
    legend_row(&o.grid, "grid", palette::grid_line, "The cell grid.");
    switch (level.kind) {
    case Kind::match3:
        legend_row(&o.match_groups, "match groups", palette::overlay_match_group,
                   "Runs on the board as painted (they resolve before the first move), outlined.");
        legend_row(&o.hint_swaps, "hint swaps", palette::overlay_hint,
                   "Every legal swap as a double arrow; hover one to see what its first step clears.");
        break;
    case Kind::link:
        legend_row(&o.link_paths, "link paths", palette::overlay_link_path,
                   "The path of every pair that links now (at most max_turns turns).");
        ImGui::Indent();
        ImGui::Checkbox("only the hovered tile's", &o.link_hovered_only);
        ImGui::Unindent();
        legend_row(&o.solution, "solution", palette::overlay_solution, "The solver's removal order, step by step.");
        break;
    case Kind::lines:
        legend_row(&o.line_groups, "line groups", palette::group_colors[0],
                   "Tiles joined by solid connections, one colour per group; closed groups get a white outline.");
        legend_row(&o.solution, "solution", palette::overlay_solution, "The solver's shift sequence, step by step.");
        break;
    case Kind::slide:
        legend_row(&o.slide_legal, "legal directions", Rgb{80, 230, 80},
                   "Arrows outside the board: green when the move is legal, red when it moves nothing.");
        ImGui::SameLine();
        ImGui::ColorButton("##spawns", ImVec4(palette::overlay_start_spawn.r / 255.0f, palette::overlay_start_spawn.g / 255.0f,
                                              palette::overlay_start_spawn.b / 255.0f, 1.0f),
                           ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
        ImGui::SameLine();
        ImGui::TextUnformatted("start spawns");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Outlined numbers: the tiles the game spawns at level start (start_tiles, drawn from the seed).\n"
                              "They show with the legal directions.");
        break;
    }

    // Solution step-through (link removal order, lines shift sequence).
    if (analysis && !analysis->solution.empty()) {
        ImGui::Separator();
        int total = static_cast<int>(analysis->solution.size());
        if (doc->solution_revision != doc->revision()) {  // a new solution: start from its first move
            doc->solution_revision = doc->revision();
            doc->solution_step = 0;
            doc->solution_playing = false;
        }
        doc->solution_step = std::clamp(doc->solution_step, 0, total);
        ImGui::Text("Solution: %d moves", total);
        // Stepping shows the stepped board through the solution overlay: a step turns it on, so
        // "step 2/5" is never shown over the level as painted.
        const int step_before = doc->solution_step;
        const bool playing_before = doc->solution_playing;
        if (ImGui::SmallButton("|<")) doc->solution_step = 0;
        ImGui::SameLine();
        if (ImGui::SmallButton("<")) doc->solution_step = std::max(0, doc->solution_step - 1);
        ImGui::SameLine();
        if (ImGui::SmallButton(doc->solution_playing ? "pause" : "play")) doc->solution_playing = !doc->solution_playing;
        ImGui::SameLine();
        if (ImGui::SmallButton(">")) doc->solution_step = std::min(total, doc->solution_step + 1);
        trace_last_item(app, "solution-next");
        if ((doc->solution_step != step_before && doc->solution_step > 0) || (doc->solution_playing && !playing_before))
            app.settings.overlays.solution = true;
        ImGui::SameLine();
        ImGui::Text("step %d/%d", doc->solution_step, total);
        if (doc->solution_playing) {
            doc->solution_timer += ImGui::GetIO().DeltaTime;
            if (doc->solution_timer > 0.6) {
                doc->solution_timer = 0;
                if (++doc->solution_step >= total) doc->solution_playing = false;
            }
        }
        if (doc->solution_step < total)
            ImGui::Text("next: %s", format_move(analysis->solution[static_cast<std::size_t>(doc->solution_step)]).c_str());
    }

    // The longer analysis.
    ImGui::Separator();
    bool deep_busy = app.deep_worker.busy();
    const KindOps& ops = kind_ops(level.kind);
    if (!deep_busy) {
        std::string label = ops.estimate ? "Run " + std::to_string(app.settings.deep_runs) + " playouts"
                                         : "Solve with " + std::to_string(app.settings.deep_budget_ms / 1000) + " s budget";
        if (ImGui::Button(label.c_str())) app.run_deep_analysis();
    } else {
        ImGui::ProgressBar(static_cast<float>(app.deep_worker.progress()), ImVec2(-80, 0));
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) app.deep_worker.cancel();
    }
    if (app.deep_document == doc->id() && app.deep_view.revision != 0) {
        if (app.deep_view.revision != doc->revision()) {
            text_disabled_wrapped("(the last long analysis was of an earlier version; run it again)");
        } else if (!app.deep_view.error.empty()) {
            ImGui::TextWrapped("failed: %s", app.deep_view.error.c_str());
        } else {
            if (app.deep_view.estimate) {
                const EstimateResult& e = *app.deep_view.estimate;
                ImGui::Text("pass rate %.1f%% [%.1f%%, %.1f%%]%s", e.pass_rate * 100, e.ci_low * 100, e.ci_high * 100,
                            e.cancelled && !e.timed_out ? " (cancelled)" : "");
                ImGui::PushTextWrapPos(0.0f);
                text_disabled_wrapped("%s", figure_basis(e, app.settings.deep_runs, e.timed_out).c_str());
                ImGui::PopTextWrapPos();
                plot_series(app, e);
            }
            if (app.deep_view.analysis)
                ImGui::Text("verdict: %s (%.0f ms)", std::string(verdict_name(app.deep_view.analysis->verdict)).c_str(),
                            app.deep_view.elapsed_ms);
        }
    }
}

}  // namespace tilelab::editor::panels
