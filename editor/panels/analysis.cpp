// The analysis panel: the live verdict badge, overlay toggles with their legend, the solution
// step-through, and the longer analysis with its progress bar and plots.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app.hpp"
#include "painters.hpp"
#include "panels/panels.hpp"
#include "stepped.hpp"
#include "text_fit.hpp"
#include "trace_layout.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/kinds/table.hpp"
#include "kinds/table.hpp"

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
    // An estimate to a precision that needed fewer runs than its cap says why it stopped.
    if (e.json.is_object() && e.json.value("stopped", "") == "precision" && e.json.contains("precision")) {
        char within[48];
        std::snprintf(within, sizeof within, " (within +-%.1f points)", e.json["precision"].get<double>() * 100.0);
        text += within;
    }
    if (e.json.is_object() && e.json.contains("bot") && e.json["bot"].is_string())
        text += ", bot " + e.json["bot"].get<std::string>();
    return text;
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
        ImGui::PlotHistogram(("##b" + h.name).c_str(), bars.data(), static_cast<int>(bars.size()), 0, overlay, 0.0f, FLT_MAX,
                             ImVec2(width, 60));
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
            std::vector<float> line(values.begin(),
                                    values.begin() + static_cast<long>(std::min<std::size_t>(values.size(), 2000)));
            ImGui::PlotLines(("##l" + name).c_str(), line.data(), static_cast<int>(line.size()), 0, "per playout", FLT_MAX,
                             FLT_MAX, ImVec2(width, 40));
        }
    }
}

// The calibrated human pass rate for a bot figure, when a calibration is set and its bot played
// this kind; "" otherwise (a calibration of another bot says nothing of this one's figure).
std::string calibrated_text(App& app, Kind kind, const EstimateResult& e) {
    const calibration::Calibration* cal = app.calibration();
    if (!cal || e.runs == 0 || !e.json.is_object() || !e.json.contains("bot")) return "";
    const auto bot = cal->bots.find(std::string(kind_name(kind)));
    if (bot == cal->bots.end() || bot->second != e.json["bot"].get<std::string>()) return "";
    const calibration::Prediction p = calibration::predict(cal->fit, e.wins, e.runs, e.ci_low, e.ci_high);
    return "players (calibrated): " + percent_text(p.pass_rate, 0) + " [" + percent_text(p.ci_low, 0) + ", " +
           percent_text(p.ci_high, 0) + "]";
}

// The pass-rate curve: pass rate (0..100%, up) against the move limit (1..cap, right), the 95%
// band shaded, the level's limit as a grey vertical line and the target as an orange horizontal
// line the designer drags (vertical drag anywhere on the plot).
void draw_curve(App& app, const nlohmann::ordered_json& curve, std::optional<int> limit) {
    if (!curve.is_array() || curve.empty()) return;
    const float width = std::max(60.0f, ImGui::GetContentRegionAvail().x);
    const float height = 120.0f;
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("aim-plot", ImVec2(width, height));
    trace_last_item(app, "aim-plot");
    const ImVec2 p1(p0.x + width, p0.y + height);
    const float pad = 4.0f;
    const float x0 = p0.x + pad, x1 = p1.x - pad, y0 = p0.y + pad, y1 = p1.y - pad;
    const int n = static_cast<int>(curve.size());
    const int first = curve.front().at("moves").get<int>(), last = curve.back().at("moves").get<int>();
    auto x_of = [&](int moves) {
        return last > first ? x0 + (x1 - x0) * static_cast<float>(moves - first) / static_cast<float>(last - first)
                            : (x0 + x1) / 2;
    };
    auto y_of = [&](double rate) { return y1 - (y1 - y0) * static_cast<float>(std::clamp(rate, 0.0, 1.0)); };
    float& target = app.settings.aim_target;
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f))
        target = std::clamp(1.0f - (ImGui::GetIO().MousePos.y - y0) / (y1 - y0), 0.0f, 1.0f);
    if (ImGui::IsItemActivated()) target = std::clamp(1.0f - (ImGui::GetIO().MousePos.y - y0) / (y1 - y0), 0.0f, 1.0f);
    if (ImGui::IsItemDeactivated()) {
        char line[64];
        std::snprintf(line, sizeof line, "aim target: %.3f", target);
        app.trace(line);
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(p0, p1, IM_COL32(30, 32, 38, 255), 3.0f);
    for (double g : {0.25, 0.5, 0.75}) draw->AddLine(ImVec2(x0, y_of(g)), ImVec2(x1, y_of(g)), IM_COL32(60, 62, 70, 255));
    for (int i = 0; i + 1 < n; ++i) {  // the band, a quad per step
        const auto& a = curve[static_cast<std::size_t>(i)];
        const auto& b = curve[static_cast<std::size_t>(i) + 1];
        const float xa = x_of(a.at("moves").get<int>()), xb = x_of(b.at("moves").get<int>());
        draw->AddQuadFilled(ImVec2(xa, y_of(a.at("ci95")[1].get<double>())), ImVec2(xb, y_of(b.at("ci95")[1].get<double>())),
                            ImVec2(xb, y_of(b.at("ci95")[0].get<double>())), ImVec2(xa, y_of(a.at("ci95")[0].get<double>())),
                            IM_COL32(70, 130, 200, 70));
    }
    std::vector<ImVec2> line;
    for (const auto& point : curve)
        line.emplace_back(x_of(point.at("moves").get<int>()), y_of(point.at("pass_rate").get<double>()));
    draw->AddPolyline(line.data(), static_cast<int>(line.size()), IM_COL32(110, 180, 255, 255), 0, 2.0f);
    if (limit && *limit >= first && *limit <= last)
        draw->AddLine(ImVec2(x_of(*limit), y0), ImVec2(x_of(*limit), y1), IM_COL32(170, 170, 170, 200), 1.0f);
    const float ty = y_of(target);
    draw->AddLine(ImVec2(x0, ty), ImVec2(x1, ty), IM_COL32(255, 150, 40, 255), 2.0f);
    char label[32];
    std::snprintf(label, sizeof label, "%.0f%%", target * 100);
    draw->AddText(ImVec2(x0 + 2, ty - ImGui::GetTextLineHeight() - 1), IM_COL32(255, 170, 70, 255), label);
    char axis[48];
    std::snprintf(axis, sizeof axis, "%d", last);
    draw->AddText(ImVec2(x1 - ImGui::CalcTextSize(axis).x, y1 - ImGui::GetTextLineHeight()), IM_COL32(150, 150, 150, 255), axis);
    std::snprintf(axis, sizeof axis, "%d", first);
    draw->AddText(ImVec2(x0 + 2, y1 - ImGui::GetTextLineHeight()), IM_COL32(150, 150, 150, 255), axis);
    if (ImGui::IsItemHovered()) {
        const float mx = ImGui::GetIO().MousePos.x;
        const int moves = std::clamp(first + static_cast<int>(std::lround((mx - x0) / std::max(1.0f, x1 - x0) * (last - first))),
                                     first, last);
        const auto& point = curve[static_cast<std::size_t>(moves - first)];
        ImGui::SetTooltip("%d moves: %s [%s, %s]\ndrag up or down to set the target", moves,
                          percent_text(point.at("pass_rate").get<double>()).c_str(),
                          percent_text(point.at("ci95")[0].get<double>()).c_str(),
                          percent_text(point.at("ci95")[1].get<double>()).c_str());
    }
}

// Aim: the target pass rate, the curve it is read off and "Set moves for P%".
void draw_aim(App& app, Document& doc) {
    const Level& level = doc.level();
    float percent = app.settings.aim_target * 100.0f;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - 110));
    if (ImGui::SliderFloat("target pass rate", &percent, 0.0f, 100.0f, "%.0f%%", ImGuiSliderFlags_AlwaysClamp))
        app.settings.aim_target = percent / 100.0f;
    trace_last_item(app, "aim-target");
    // The curve on show: the last "Set moves" run of this level, else the long analysis of this revision.
    const nlohmann::ordered_json* curve = nullptr;
    bool aim_holds = false;  // the last Set moves was made on this level, the move limit aside
    if (app.aim_view.document_id == doc.id() && app.aim_view.result && app.aim_view.without_limit) {
        if (app.aim_view.holds_revision != doc.revision()) {
            Level probe = level;
            probe.goal.moves.reset();
            app.aim_view.holds = probe == *app.aim_view.without_limit;
            app.aim_view.holds_revision = doc.revision();
        }
        aim_holds = app.aim_view.holds;
    }
    if (aim_holds && app.aim_view.result->estimate.json.contains("curve")) curve = &app.aim_view.result->estimate.json["curve"];
    else if (app.deep_document == doc.id() && app.deep_view.revision == doc.revision() && app.deep_view.estimate &&
             app.deep_view.estimate->json.contains("curve"))
        curve = &app.deep_view.estimate->json["curve"];
    if (curve) draw_curve(app, *curve, level.goal.moves);
    else text_disabled_wrapped("The pass-rate curve shows after Set moves or the longer analysis.");
    const bool busy = app.deep_worker.busy();
    char label[48];
    std::snprintf(label, sizeof label, "Set moves for %.0f%%", app.settings.aim_target * 100);
    if (busy) ImGui::BeginDisabled();
    if (ImGui::Button(label)) app.run_aim();
    trace_last_item(app, "aim-set");
    if (busy) ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(
            "The move limit whose pass rate is nearest the target (within %.0f points), from %d playouts\n"
            "of the level's own bot: what 'tilelab tune --target %.2f --runs %d' sets. One undo step.",
            app.settings.aim_tolerance * 100, app.settings.quick_runs, app.settings.aim_target, app.settings.quick_runs);
    if (app.aim_view.running && app.aim_view.document_id == doc.id()) {
        ImGui::ProgressBar(static_cast<float>(app.deep_worker.progress()), ImVec2(-80, 0));
        ImGui::SameLine();
        if (ImGui::Button("Cancel##aim")) app.deep_worker.cancel();
    } else if (app.aim_view.document_id == doc.id() && !app.aim_view.message.empty() &&
               (aim_holds || !app.aim_view.without_limit)) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(app.aim_view.message.c_str());
        ImGui::PopTextWrapPos();
    }
}

// The options a run of `e` is replayed with: the long run and the ladder play seed 0 with the
// kind's own or the named bot (App::run_deep_analysis, App::command_line_playouts), as
// `tilelab estimate --replay R --bot B` does by default; mcts at the rollouts its JSON names.
EstimateOptions replay_options(const EstimateResult& e) {
    EstimateOptions o;
    o.seed = 0;
    if (e.json.is_object() && e.json.contains("bot") && e.json["bot"].is_string()) o.bot = e.json["bot"].get<std::string>();
    if (e.json.is_object() && e.json.contains("rollouts") && e.json["rollouts"].is_number_integer())
        o.rollouts = e.json["rollouts"].get<int>();
    return o;
}

// The first run of `e` that was won (or lost), -1 when none was.
int first_run(const EstimateResult& e, bool won) {
    for (std::size_t i = 0; i < e.outcomes.size(); ++i)
        if (e.outcomes[i].won == won) return static_cast<int>(i);
    return -1;
}

// "Watch run": picks one run of `e` (the first lost run at first; "first won" for the first won)
// and replays it (stepped.hpp): the player below the long run then steps through its moves.
void draw_run_picker(App& app, Document& doc, const std::string& id, const EstimateResult& e, const std::string& source) {
    if (e.outcomes.empty()) return;
    struct Pick {
        const EstimateResult* result = nullptr;
        int runs = 0;
        int run = 0;
    };
    static std::map<std::string, Pick> picks;  // UI thread only; by picker
    Pick& pick = picks[id];
    const int runs = static_cast<int>(e.outcomes.size());
    if (pick.result != &e || pick.runs != runs) {  // new figures: start at the first lost run
        pick = Pick{&e, runs, std::max(0, first_run(e, false))};
    }
    ImGui::PushID(id.c_str());
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Watch run");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::max(60.0f, ImGui::CalcTextSize("0000000").x + 40));
    ImGui::InputInt("##run", &pick.run, 1, 10);
    trace_last_item(app, ("watch-" + id + "-run").c_str());
    pick.run = std::clamp(pick.run, 0, runs - 1);
    const PlayoutOutcome& o = e.outcomes[static_cast<std::size_t>(pick.run)];
    text_disabled_wrapped("run %d: %s in %d moves%s", pick.run, o.won ? "won" : "lost", o.moves_used,
                          o.dead ? " (no legal move left)" : "");
    const int lost = first_run(e, false), won = first_run(e, true);
    if (lost < 0) ImGui::BeginDisabled();
    if (ImGui::SmallButton("first lost")) pick.run = lost;
    if (lost < 0) ImGui::EndDisabled();
    trace_last_item(app, ("watch-" + id + "-first-lost").c_str());
    same_line_if_fits("first won");
    if (won < 0) ImGui::BeginDisabled();
    if (ImGui::SmallButton("first won")) pick.run = won;
    if (won < 0) ImGui::EndDisabled();
    trace_last_item(app, ("watch-" + id + "-first-won").c_str());
    same_line_if_fits("Watch run...");
    if (ImGui::SmallButton("Watch run...")) watch_run(app, doc, replay_options(e), pick.run, source);
    trace_last_item(app, ("watch-" + id).c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Plays run %d again move by move (as 'tilelab estimate --replay %d' does) and shows its\n"
            "board on the canvas, with step buttons and play at a chosen speed.",
            pick.run, pick.run);
    ImGui::PopID();
}

// The watched run's player: where it came from and how it ended, |< < play > >|, the speed, and the
// move, score and goal's progress at the step the canvas shows.
void draw_watch_player(App& app, Document& doc) {
    WatchedRun* r = watched_run(app, doc);
    if (!r) return;
    ImGui::Separator();
    ImGui::PushID("watch");
    if (r->job) {
        ImGui::Text("replaying run %d (%s, bot %s)...", r->run, r->source.c_str(), r->bot.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Cancel")) stop_watching();
        ImGui::PopID();
        return;
    }
    if (!r->replay) {
        ImGui::TextWrapped("replay of run %d failed: %s", r->run, r->error.c_str());
        if (ImGui::SmallButton("Close")) stop_watching();
        ImGui::PopID();
        return;
    }
    const Replay& replay = *r->replay;
    const int total = static_cast<int>(replay.steps.size());
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("Run %d (%s, bot %s): %s", r->run, r->source.c_str(), replay.bot.c_str(), watched_ending(*r).c_str());
    ImGui::PopTextWrapPos();
    r->step = std::clamp(r->step, 0, total);
    if (ImGui::SmallButton("|<")) r->step = 0;
    trace_last_item(app, "watch-first");
    ImGui::SameLine();
    if (ImGui::SmallButton("<")) r->step = std::max(0, r->step - 1);
    trace_last_item(app, "watch-prev");
    ImGui::SameLine();
    if (ImGui::SmallButton(r->playing ? "pause" : "play")) {
        r->playing = !r->playing;
        r->timer = 0.0;
        if (r->playing && r->step >= total) r->step = 0;  // play again from the start
    }
    trace_last_item(app, "watch-play");
    ImGui::SameLine();
    if (ImGui::SmallButton(">")) r->step = std::min(total, r->step + 1);
    trace_last_item(app, "watch-next");
    ImGui::SameLine();
    if (ImGui::SmallButton(">|")) r->step = total;
    trace_last_item(app, "watch-last");
    ImGui::SameLine();
    ImGui::Text("step %d/%d", r->step, total);
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - 120));
    ImGui::SliderFloat("moves a second", &r->speed, 0.5f, 30.0f, "%.1f",
                       ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic);
    trace_last_item(app, "watch-speed");
    if (r->playing) {
        // Steps at the speed chosen, however long the frames (the editor draws at least ten a second
        // while the panel plays; several steps may pass in one frame at a high speed).
        r->timer += ImGui::GetIO().DeltaTime;
        const double interval = 1.0 / std::max(0.5f, r->speed);
        while (r->timer >= interval && r->step < total) {
            r->timer -= interval;
            ++r->step;
        }
        if (r->step >= total) r->playing = false;
    }
    const State& state = r->step == 0 ? replay.start : replay.steps[static_cast<std::size_t>(r->step) - 1].state;
    const std::string move = r->step == 0 ? "start" : format_move(replay.steps[static_cast<std::size_t>(r->step) - 1].move);
    ImGui::Text("%s%s   score %lld", r->step == 0 ? "" : ("move " + std::to_string(r->step) + ": ").c_str(), move.c_str(),
                static_cast<long long>(state.score));
    trace_last_item(app, "watch-move");
    std::string goal;
    for (const GoalProgress& g : kind_ops(doc.level().kind).goal_progress(doc.level(), state)) {
        const ImVec4 colour = g.met ? ImVec4(0.4f, 1, 0.4f, 1) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TextColored(colour, "%s %s: %lld / %lld", g.met ? "[x]" : "[ ]", g.label.c_str(),
                           static_cast<long long>(g.current), static_cast<long long>(g.target));
        goal += (goal.empty() ? "" : "; ") + g.label + " " + std::to_string(g.current) + "/" + std::to_string(g.target);
    }
    if (r->step < total)
        text_disabled_wrapped("next: %s", format_move(replay.steps[static_cast<std::size_t>(r->step)].move).c_str());
    if (r->step != r->traced_step) {
        r->traced_step = r->step;
        app.trace("replay step " + std::to_string(r->step) + "/" + std::to_string(total) + ": " + move + " score " +
                  std::to_string(state.score) + " goal " + (goal.empty() ? std::string("none") : goal));
    }
    if (ImGui::SmallButton("Close")) stop_watching();
    trace_last_item(app, "watch-close");
    ImGui::PopID();
}

// The bot ladder: each bot's pass rate on this level, from the most careless player to the most
// careful, so the designer sees the spread between them.
void draw_ladder(App& app, Document& doc) {
    ImGui::Separator();
    ImGui::TextUnformatted("Bot ladder");
    const bool busy = app.deep_worker.busy();
    std::string label = "Run the bot ladder (" + std::to_string(app.settings.quick_runs) + " runs each)";
    if (busy) ImGui::BeginDisabled();
    if (ImGui::Button(label.c_str())) app.run_ladder();
    trace_last_item(app, "ladder-run");
    if (busy) ImGui::EndDisabled();
    const App::LadderView& view = app.ladder_view;
    if (view.document_id != doc.id()) return;
    if (view.running) {
        ImGui::ProgressBar(static_cast<float>(app.deep_worker.progress()), ImVec2(-80, 0));
        ImGui::SameLine();
        if (ImGui::Button("Cancel##ladder")) app.deep_worker.cancel();
        return;
    }
    if (!view.message.empty()) text_disabled_wrapped("%s", view.message.c_str());
    if (view.results.empty()) return;
    if (view.revision != doc.revision()) {
        text_disabled_wrapped("(the ladder was run on an earlier version; run it again)");
        return;
    }
    static std::string watch_bot;  // the row whose runs the picker below offers (UI thread only)
    if (ImGui::BeginTable("ladder", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        for (const auto& [bot, e] : view.results) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(bot.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(percent_text(e.pass_rate).c_str());
            ImGui::TableNextColumn();
            ImGui::TextDisabled("[%s, %s]", percent_text(e.ci_low).c_str(), percent_text(e.ci_high).c_str());
            ImGui::TableNextColumn();
            // Offers this bot's runs to watch in the picker under the table.
            if (ImGui::SmallButton(("runs...##" + bot).c_str())) watch_bot = bot;
            trace_last_item(app, ("ladder-watch-" + bot).c_str());
        }
        ImGui::EndTable();
    }
    trace_last_item(app, "ladder-table");
    for (const auto& [bot, e] : view.results)
        if (bot == watch_bot) {
            ImGui::TextDisabled("bot %s:", bot.c_str());
            draw_run_picker(app, doc, "ladder", e, "ladder");
        }
}

}  // namespace

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

void draw_badge(App& app) {
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
        // The live budget ran out before one playout ended (slide's bot on a long level, a very
        // large match3 board).
        badge("no playout finished in the live budget", IM_COL32(70, 70, 80, 255));
        text_disabled_wrapped("Run the longer analysis below for a pass rate.");
    } else if (estimate) {
        char text[160];
        std::snprintf(text, sizeof text, "pass rate %s  [%s, %s]", percent_text(estimate->pass_rate, 0).c_str(),
                      percent_text(estimate->ci_low, 0).c_str(), percent_text(estimate->ci_high, 0).c_str());
        ImU32 colour = estimate->pass_rate >= 0.5  ? IM_COL32(40, 120, 60, 255)
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
        } else {
            const bool stopped = doc->view.estimate_timed_out || estimate->timed_out;
            text_disabled_wrapped("%s", figure_basis(*estimate, app.settings.quick_runs, stopped).c_str());
            if (stopped && estimate->runs < app.settings.quick_runs) {  // a large board's games are long
                text_disabled_wrapped(
                    "fewer runs ended in the live budget, so the interval is wider; "
                    "the longer analysis below plays more");
                trace_last_item(app, "badge-budget-note");
            }
        }
        ImGui::PopTextWrapPos();
        const std::string players = calibrated_text(app, level.kind, *estimate);
        if (!players.empty()) {
            ImGui::TextUnformatted(players.c_str());
            trace_last_item(app, "calibrated");
        }
        static std::string last_players;  // UI thread only
        if (players != last_players) {
            last_players = players;
            if (!players.empty()) app.trace("calibrated shown: " + players);
        }
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
        case Verdict::unsolvable:
            badge("unsolvable", IM_COL32(150, 40, 40, 255));
            break;
        case Verdict::unknown:
            badge("unknown (budget ran out)", IM_COL32(140, 110, 30, 255));
            break;
        case Verdict::none:
            badge(analysis->blocked ? "blocked" : "analysed", IM_COL32(70, 70, 90, 255));
            break;
        }
    }
    trace_last_item(app, "badge");
    static std::string last_badge;  // UI thread only
    if (badge_shown != last_badge) {
        last_badge = badge_shown;
        app.trace("badge shown: " + badge_shown);
    }
    if (current && analysis) text_disabled_wrapped("live analysis: %.0f ms", doc->view.elapsed_ms);
}

void draw_analysis(App& app) {
    Document* doc = app.active();
    if (!doc) return;
    const Level& level = doc->level();
    const Analysis* analysis = app.current_analysis(*doc);

    // Overlays with their legend.
    OverlayToggles& o = app.settings.overlays;
    ImGui::TextUnformatted("Overlays");
    legend_row(&o.grid, "grid", palette::grid_line, "The cell grid.");
    if (const auto legend = editor_kind(level.kind).overlay_legend) legend(app, o);

    // Solution step-through (link removal order, lines shift sequence, slide puzzle moves).
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
        std::string label = "Solve with " + std::to_string(app.settings.deep_budget_ms / 1000) + " s budget";
        if (ops.estimate) {
            label = "Run " + std::to_string(app.settings.deep_runs) + " playouts";
            if (app.settings.deep_precision > 0) {
                char to[48];
                std::snprintf(to, sizeof to, " (to +-%.1f points)", app.settings.deep_precision * 100.0);
                label = "Run up to " + std::to_string(app.settings.deep_runs) + " playouts" + to;
            }
        }
        if (ImGui::Button(label.c_str())) app.run_deep_analysis();
        trace_last_item(app, "deep-run");
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
                ImGui::Text("pass rate %s [%s, %s]%s", percent_text(e.pass_rate).c_str(), percent_text(e.ci_low).c_str(),
                            percent_text(e.ci_high).c_str(), e.cancelled && !e.timed_out ? " (cancelled)" : "");
                ImGui::PushTextWrapPos(0.0f);
                text_disabled_wrapped("%s", figure_basis(e, app.settings.deep_runs, e.timed_out).c_str());
                ImGui::PopTextWrapPos();
                const std::string players = calibrated_text(app, level.kind, e);
                if (!players.empty()) ImGui::TextUnformatted(players.c_str());
                plot_series(app, e);
                draw_run_picker(app, *doc, "long", e, "long run");
            }
            if (app.deep_view.analysis)
                ImGui::Text("verdict: %s (%.0f ms)", std::string(verdict_name(app.deep_view.analysis->verdict)).c_str(),
                            app.deep_view.elapsed_ms);
        }
    }
    draw_watch_player(app, *doc);
    if (kind_ops(level.kind).estimate) {  // the kinds with bots
        // Folded at first, so the Inspector keeps its height for the panels below; once opened it
        // stays open (ImGui keeps the node's state).
        const bool open = ImGui::TreeNode("Aim and bot ladder");
        trace_last_item(app, "aim-header");
        if (open) {
            draw_aim(app, *doc);
            draw_ladder(app, *doc);
            ImGui::TreePop();
        }
    }
    if (ImGui::TreeNode("Calibration")) {
        // A file `tilelab calibrate` wrote: the predicted players' pass rate shows beside the bot's.
        static std::string typed;  // UI thread only
        static bool typed_init = false;
        if (!typed_init) {
            typed = app.settings.calibration_file;
            typed_init = true;
        }
        ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - 60));
        if (ImGui::InputText("file##calibration", &typed, ImGuiInputTextFlags_EnterReturnsTrue))
            app.settings.calibration_file = typed;
        trace_last_item(app, "calibration-file");
        if (ImGui::IsItemDeactivated() && typed != app.settings.calibration_file) app.settings.calibration_file = typed;
        if (!app.settings.calibration_file.empty() && ImGui::SmallButton("clear")) {
            app.settings.calibration_file.clear();
            typed.clear();
        }
        if (const calibration::Calibration* cal = app.calibration())
            text_disabled_wrapped("a = %.3f, b = %.3f over %zu levels, leave-one-out error %.1f points", cal->fit.a, cal->fit.b,
                                  cal->levels.size(), cal->fit.loo_mae_points);
        ImGui::TreePop();
    }
    if (!app.calibration_error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        text_disabled_wrapped("calibration not used: %s", app.calibration_error.c_str());
        ImGui::PopTextWrapPos();
    }
}

}  // namespace tilelab::editor::panels
