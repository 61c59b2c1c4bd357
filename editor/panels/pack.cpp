// The pack panel: the pack's levels in order (open, add, remove, reorder, save), the difficulty curve, export.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app.hpp"
#include "painters.hpp"
#include "panels/panels.hpp"
#include "text_fit.hpp"
#include "trace_layout.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/pack/report.hpp"
#include "tilelab/pack/steps.hpp"

namespace tilelab::editor::panels {

namespace {

using namespace std::chrono_literals;

// "1 error", "2 errors".
std::string count_of(int n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }

void mark_edited(OpenPack& open) {
    open.dirty = true;
    open.close_armed = false;
    ++open.revision;
}

// A level file as the core's pack loader names it: the pack's folder joined with the listed path.
std::filesystem::path level_file(const OpenPack& open, const std::string& listed) {
    return (open.path.parent_path() / listed).lexically_normal();
}

// The level's path as the pack stores it: relative to the pack's folder, with '/' separators.
std::string relative_to_pack(const OpenPack& open, const std::filesystem::path& level) {
    std::error_code ec;
    std::filesystem::path base = std::filesystem::absolute(open.path, ec).parent_path();
    std::filesystem::path rel = std::filesystem::absolute(level, ec).lexically_normal().lexically_relative(base);
    if (rel.empty()) rel = level;
    return rel.generic_string();
}

// The command line that writes the same bundle as the editor's export (the figures depend on these
// options only, never on the thread count).
std::string cli_equivalent(const OpenPack& open, const std::filesystem::path& out, const char* verb = "export") {
    const pack::CheckOptions& o = open.options;
    std::string line = std::string("tilelab pack ") + verb + " " + open.path.string() + " -o " + out.string() + " --runs " +
                       std::to_string(o.runs) + " --seed " + std::to_string(o.seed) + " --budget-ms " +
                       std::to_string(o.budget_ms);
    if (o.precision != pack::CheckOptions{}.precision) {
        char precision[32];
        std::snprintf(precision, sizeof precision, " --precision %g", o.precision);
        line += precision;
    }
    if (o.playout_budget_ms != default_playout_budget_ms) line += " --playout-budget-ms " + std::to_string(o.playout_budget_ms);
    if (!o.bot.empty()) line += " --bot " + o.bot;
    return line;
}

bool same_options(const pack::CheckOptions& a, const pack::CheckOptions& b) {
    return a.runs == b.runs && a.precision == b.precision && a.seed == b.seed && a.budget_ms == b.budget_ms && a.bot == b.bot &&
           a.playout_budget_ms == b.playout_budget_ms && a.pass_range == b.pass_range;
}

// Starts check_pack on its own thread. An export reads the pack file and its levels exactly as
// `tilelab pack export` does (core load_pack_levels); an analysis reads the pack as edited in memory.
void start_check(App& app, std::filesystem::path export_to = {}, bool html = false) {
    OpenPack& open = *app.pack;
    if (open.check) open.check->stop.request_stop();  // a newer run replaces it
    auto run = std::make_shared<PackCheckRun>();
    run->revision = open.revision;
    run->export_to = std::move(export_to);
    run->html = html;
    const bool from_disk = !run->export_to.empty();
    Pack copy = open.pack;
    std::filesystem::path pack_path = open.path;
    pack::CheckOptions options = open.options;
    const bool trace = app.options.trace;
    // Detached: the thread holds the run and copies of all it reads, so cancelling or closing the pack
    // never waits on it and never frees what it uses.
    std::thread([run, copy, pack_path, options, from_disk, trace, stop = run->stop.get_token()] {
        pack::LoadedPack loaded;
        if (from_disk) {
            loaded = pack::load_pack_levels(pack_path);
        } else {
            // The same entries load_pack_levels makes, from the pack as edited (not yet saved).
            loaded.file = pack_path.string();
            loaded.pack = copy;
            for (const std::string& path : copy.levels) {
                std::filesystem::path file = (pack_path.parent_path() / path).lexically_normal();
                LevelLoad load = load_level(file);
                loaded.entries.push_back({path, file.string(), std::move(load.level), std::move(load.diagnostics)});
            }
        }
        run->report = pack::check_pack(loaded, options, stop, &run->progress);
        if (trace)  // for tests: that a cancelled check really stopped, and how far it got
            std::printf("pack-check %s: %d of %d levels estimated\n", stop.stop_requested() ? "cancelled" : "finished",
                        run->progress.levels_estimated.load(), run->progress.levels_total.load());
        std::fflush(stdout);
        run->done.store(true, std::memory_order_release);
    }).detach();
    open.check = std::move(run);
    app.status(!from_disk ? "analysing pack" : html ? "report: checking the pack" : "exporting: checking the pack");
}

const pack::PackReport* current_report(const OpenPack& open) {
    return open.report && open.report_revision == open.revision && same_options(open.report->options, open.options)
               ? &*open.report
               : nullptr;
}

// The first error of a report, as the CLI prints it ("FILE: error: ..."), for the status bar.
std::string first_error(const pack::PackReport& report) {
    for (const Diagnostic& d : report.pack_problems)
        if (d.severity == Diagnostic::Severity::error) return d.format();
    for (const pack::LevelReport& level : report.levels)
        for (const Diagnostic& d : level.problems)
            if (d.severity == Diagnostic::Severity::error) return d.format();
    return "";
}

// A report's check has finished: the page is written whether it passed or not, as
// `tilelab pack report` writes it (exit 1 there when it fails).
void finish_report(App& app, const PackCheckRun& run) {
    const pack::PackReport& report = *run.report;
    const std::string out = run.export_to.string();
    const std::string text = pack::report_html(report);
    if (std::string error = write_file_atomically(run.export_to, text, true); !error.empty()) {
        app.status("cannot write the report to " + out + ": " + error);
        return;
    }
    const int errors = report.error_count();
    app.status("wrote report " + out + ": " + std::to_string(report.levels.size()) + " levels" +
               (errors ? ", " + count_of(errors, "error") + " (the check failed)" : ""));
}

// An export's check has finished: write the bundle if it passed, else say why and write nothing.
void finish_export(App& app, const PackCheckRun& run) {
    if (run.html) {
        finish_report(app, run);
        return;
    }
    const pack::PackReport& report = *run.report;
    const std::string out = run.export_to.string();
    for (const Diagnostic& d : report.pack_problems) app.trace(d.format());
    for (const pack::LevelReport& level : report.levels)
        for (const Diagnostic& d : level.problems) app.trace(d.format());
    if (!report.ok()) {
        const int errors = report.error_count();
        app.status("export refused: " + first_error(report) +
                   (errors > 1 ? " (and " + count_of(errors - 1, "more error") + ")" : "") + "; nothing written to " + out);
        return;
    }
    // The CLI's own bundle writer; the previous bundle, if any, is kept as .bak.
    const std::string text = pack::bundle_text(pack::make_bundle(report), false);
    if (std::string refusal = pack::bundle_size_refusal(text.size()); !refusal.empty()) {
        app.status("export refused: " + refusal + "; nothing written to " + out);
        return;
    }
    if (std::string error = write_file_atomically(run.export_to, text, true); !error.empty()) {
        app.status("cannot export to " + out + ": " + error);
        return;
    }
    app.status("exported " + out + ": " + std::to_string(report.levels.size()) + " levels, " + std::to_string(text.size()) +
               " bytes");
}

// Takes a finished check: an export writes its bundle; the report becomes the pack's analysis unless
// the pack changed since it started.
void poll_check(App& app) {
    OpenPack& open = *app.pack;
    if (!open.check || !open.check->done.load(std::memory_order_acquire)) return;
    std::shared_ptr<PackCheckRun> run = std::move(open.check);
    if (!run->report || run->stop.stop_requested()) return;  // cancelled: partial figures are never used
    // For tests: how many levels of the check were read from the check cache.
    int cached = 0;
    for (const pack::LevelReport& level : run->report->levels) cached += level.from_cache ? 1 : 0;
    app.trace("pack-check from cache: " + std::to_string(cached) + " of " + std::to_string(run->report->levels.size()) +
              " levels");
    if (!run->export_to.empty()) finish_export(app, *run);
    if (run->revision != open.revision) return;  // stale
    open.report = std::move(run->report);
    open.report_revision = run->revision;
    // For tests: each level's figure and errors as the panel shows them.
    for (const pack::LevelReport& level : open.report->levels) {
        if (level.estimate) app.trace("pack-figure " + level.path + ": " + pack::pass_rate_text(*level.estimate));
        for (const Diagnostic& d : level.problems)
            if (d.severity == Diagnostic::Severity::error) app.trace("pack-error " + level.path + ": " + d.message);
    }
    if (run->export_to.empty())
        app.status("pack analysed: " + count_of(open.report->error_count(), "error") + ", " +
                   count_of(open.report->warning_count(), "warning"));
}

// Reads each listed level once for its name, id, kind and size; again when its file changes on disk
// (looked at once a second, so a level saved from a tab shows its new name).
void refresh_level_info(App& app, OpenPack& open) {
    const auto now = std::chrono::steady_clock::now();
    const bool look_at_disk = now - open.info_checked >= 1s;
    if (look_at_disk) open.info_checked = now;
    for (const std::string& listed : open.pack.levels) {
        auto it = open.level_info.find(listed);
        if (it != open.level_info.end() && !look_at_disk) continue;
        const std::filesystem::path file = level_file(open, listed);
        std::error_code ec;
        std::filesystem::file_time_type modified = std::filesystem::last_write_time(file, ec);
        if (ec) modified = {};
        if (it != open.level_info.end() && it->second.modified == modified) continue;
        PackLevelInfo info;
        info.modified = modified;
        LevelLoad load = load_level(file);
        if (load.level) {
            info.valid = true;
            info.name = load.level->name;
            info.id = load.level->id;
            info.kind = load.level->kind;
            info.width = load.level->width();
            info.height = load.level->height();
            info.level = std::make_shared<const Level>(*load.level);
        } else {
            info.problem = load.diagnostics.empty() ? file.string() + ": error: the level could not be loaded"
                                                    : load.diagnostics.front().format();
        }
        app.trace("pack-level " + listed + ": " + (info.valid ? info.name + " (" + info.id + ")" : "invalid: " + info.problem));
        open.level_info[listed] = std::move(info);
    }
}

void add_active_level(App& app) {
    Document* doc = app.active();
    if (!doc || doc->path().empty()) {
        app.status("save the level first: a pack lists level files");
        return;
    }
    add_level_file(app, doc->path());
}

// A level's thumbnail: each cell a square of its fill colour (the editor's and the report's palette),
// `side` pixels for the whole board; boards above 64 cells a side show their size instead.
void draw_thumbnail(const PackLevelInfo* info, float side) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(side, side));
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddRectFilled(p, ImVec2(p.x + side, p.y + side), to_imu32(palette::canvas_background));
    if (!info || !info->level) return;
    const Level& level = *info->level;
    const int w = level.width(), h = level.height();
    if (w > 64 || h > 64) {
        const std::string size = std::to_string(w) + "x" + std::to_string(h);
        list->AddText(ImGui::GetFont(), ImGui::GetFontSize() * 0.7f, ImVec2(p.x + 2, p.y + side / 3),
                      IM_COL32(200, 200, 210, 255), size.c_str());
        return;
    }
    const float cell = side / static_cast<float>(std::max(w, h));
    const float x0 = p.x + (side - cell * static_cast<float>(w)) / 2, y0 = p.y + (side - cell * static_cast<float>(h)) / 2;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const ImVec2 a(x0 + cell * static_cast<float>(x), y0 + cell * static_cast<float>(y));
            list->AddRectFilled(a, ImVec2(a.x + cell, a.y + cell), to_imu32(palette::cell_fill(level, level.board.at(x, y))));
        }
}

// The row of one level: its name and id from the file, or its path and a red mark when it does not load.
void draw_level_row(App& app, OpenPack& open, int i, const pack::PackReport* report, std::filesystem::path& chosen) {
    const std::string& listed = open.pack.levels[i];
    auto info_it = open.level_info.find(listed);
    const PackLevelInfo* info = info_it != open.level_info.end() ? &info_it->second : nullptr;
    std::string label = std::to_string(i + 1) + ". ";
    const bool broken = info && !info->valid;
    if (info && info->valid) {
        label += info->name.empty() ? (info->id.empty() ? listed : info->id) : info->name;
        if (!info->id.empty() && !info->name.empty()) label += " (" + info->id + ")";
    } else {
        label += listed;
        if (broken) label += "  (!)";
    }
    // The figure on a line of its own under the name, so a narrow panel cuts neither.
    std::string figure;
    if (report && i < int(report->levels.size())) {
        const pack::LevelReport& level = report->levels[i];
        if (level.estimate) {
            // The figure with what it rests on, as `tilelab pack check` prints it.
            figure = "pass " + pack::pass_rate_text(*level.estimate);
        } else if (level.verdict != Verdict::none) {
            figure = std::string(verdict_name(level.verdict));
        }
        if (level.has_errors() && !broken) figure += figure.empty() ? "(errors)" : "  (errors)";
        // Read back from the check cache: the level is unchanged since a check with these settings.
        if (level.from_cache && !figure.empty()) figure += "  (cached)";
    }
    // While a check runs: where it is with this level (levels read back from the check cache pass
    // from "waiting" to "done" at once; the one whose playouts run says how far they are).
    if (open.check && !open.check->done.load(std::memory_order_acquire)) {
        const pack::CheckProgress& p = open.check->progress;
        const int total = p.levels_total.load(), estimated = p.levels_estimated.load(), estimating = p.estimating.load();
        std::string state = "waiting";
        if (estimating < 0 && estimated == 0) {
            state = p.levels_analysed.load() < total ? "analysing" : "waiting";
        } else if (i < estimated) {
            state = "done";
        } else if (i == estimating) {
            char playing[32];
            std::snprintf(playing, sizeof playing, "playing %d%%",
                          static_cast<int>(100.0 * std::clamp(p.playouts.fraction.load(), 0.0, 1.0)));
            state = playing;
        }
        figure += figure.empty() ? state : "  [" + state + "]";
        // For tests: a row's state when it changes (the percentage left out).
        open.row_states.resize(open.pack.levels.size());
        const std::string traced = state.rfind("playing", 0) == 0 ? "playing" : state;
        if (i < int(open.row_states.size()) && open.row_states[static_cast<std::size_t>(i)] != traced) {
            open.row_states[static_cast<std::size_t>(i)] = traced;
            app.trace("pack-row " + std::to_string(i + 1) + ": " + traced);
        }
    } else if (!open.row_states.empty()) {
        open.row_states.clear();
    }
    ImGui::PushID(i);
    const float thumb = 2 * ImGui::GetTextLineHeight();
    draw_thumbnail(info, thumb);
    ImGui::SameLine();
    if (broken) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.35f, 0.35f, 1.0f));
    // Cut to the panel's width with "..." (the tooltip has it whole), never clipped mid-letter.
    const std::string shown = fit_text(label, ImGui::GetContentRegionAvail().x);
    if (ImGui::Selectable((shown + "##row").c_str(), i == open.selected, ImGuiSelectableFlags_None, ImVec2(0, thumb))) {
        open.selected = i;
        chosen = level_file(open, listed);
    }
    trace_last_item(app, ("pack-row-" + std::to_string(i)).c_str());
    if (broken) ImGui::PopStyleColor();
    bool row_hovered = ImGui::IsItemHovered();
    // Drag a row onto another to move it there (the order is the pack's: one edit, Save pack keeps it).
    if (ImGui::BeginDragDropSource(ImGuiDragDropFlags_None)) {
        ImGui::SetDragDropPayload("tilelab-pack-row", &i, sizeof i);
        ImGui::TextUnformatted(label.c_str());
        ImGui::EndDragDropSource();
    }
    if (ImGui::BeginDragDropTarget()) {
        if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload("tilelab-pack-row")) {
            const int from = *static_cast<const int*>(payload->Data);
            if (from != i && from >= 0 && from < static_cast<int>(open.pack.levels.size())) {
                std::string moved = open.pack.levels[static_cast<std::size_t>(from)];
                open.pack.levels.erase(open.pack.levels.begin() + from);
                open.pack.levels.insert(open.pack.levels.begin() + i, std::move(moved));
                open.selected = i;
                mark_edited(open);
                app.status("moved level " + std::to_string(from + 1) + " to place " + std::to_string(i + 1) +
                           " (Save pack keeps it)");
            }
        }
        ImGui::EndDragDropTarget();
    }
    if (!figure.empty()) {
        ImGui::Indent();
        text_disabled_wrapped("%s", figure.c_str());
        row_hovered = row_hovered || ImGui::IsItemHovered();
        ImGui::Unindent();
    }
    // Errors in the list itself, short and wrapped (the tooltip keeps the full lines).
    std::vector<std::string> errors;
    if (broken) errors.push_back(info->problem);
    if (report && i < int(report->levels.size()))
        for (const Diagnostic& d : report->levels[i].problems)
            if (d.severity == Diagnostic::Severity::error && !broken)
                errors.push_back((d.pointer.empty() ? "" : d.pointer + ": ") + d.message);
    if (!errors.empty()) {
        ImGui::Indent();
        ImGui::PushTextWrapPos(0.0f);
        const std::size_t shown = std::min<std::size_t>(errors.size(), 2);
        for (std::size_t e = 0; e < shown; ++e) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", errors[e].c_str());
        if (errors.size() > shown) text_disabled_wrapped("(%zu more: hover the row)", errors.size() - shown);
        ImGui::PopTextWrapPos();
        ImGui::Unindent();
    }
    if (row_hovered) {
        ImGui::BeginTooltip();
        if (shown != label) ImGui::TextUnformatted(label.c_str());
        if (!figure.empty()) ImGui::TextUnformatted(figure.c_str());
        ImGui::TextUnformatted(listed.c_str());
        if (info && info->valid)
            ImGui::Text("%s %dx%d, id %s", std::string(kind_name(info->kind)).c_str(), info->width, info->height,
                        info->id.empty() ? "(none)" : info->id.c_str());
        if (broken) ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "%s", info->problem.c_str());
        if (report && i < int(report->levels.size()))
            for (const Diagnostic& d : report->levels[i].problems) ImGui::TextUnformatted(d.format().c_str());
        ImGui::EndTooltip();
    }
    ImGui::PopID();
}

// Runs, precision, seed, bot and solver budget of both the analysis and the export.
void draw_check_settings(App& app, OpenPack& open) {
    const bool unfolded = ImGui::TreeNode("Check settings");
    trace_last_item(app, "pack-settings");
    if (!unfolded) return;
    pack::CheckOptions& o = open.options;
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("most playouts", &o.runs, 100, 1000)) o.runs = std::clamp(o.runs, 1, 1'000'000);
    // As `pack check --precision`: a level's playouts stop once the interval is this narrow.
    float half_width = static_cast<float>(o.precision * 100.0);
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputFloat("+- points (0: all)", &half_width, 0.5f, 1.0f, "%.1f"))
        o.precision = std::clamp(static_cast<double>(std::round(half_width * 10.0f)) / 1000.0, 0.0, 0.5);
    trace_last_item(app, "pack-precision");
    ImGui::SetNextItemWidth(120);
    ImGui::InputScalar("playout seed", ImGuiDataType_U64, &o.seed);
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("solver ms per level", &o.budget_ms, 100, 1000)) o.budget_ms = std::clamp(o.budget_ms, 1, 3'600'000);
    bool greedy = o.bot == "greedy";
    if (ImGui::Checkbox("greedy bot (fast); off: each kind's own bot", &greedy)) o.bot = greedy ? "greedy" : "";
    trace_last_item(app, "pack-greedy");
    ImGui::TreePop();
}

}  // namespace

void open_pack_browser(App& app, BrowseFor purpose, std::string name) {
    const char* what = purpose == BrowseFor::bundle   ? "Export bundle"
                       : purpose == BrowseFor::report ? "Write report"
                                                      : "Add level file";
    if (app.modal_blocks(what)) return;
    FileBrowser& b = app.browser;
    b.open = true;
    b.save_mode = false;
    b.purpose = purpose;
    b.error.clear();
    std::error_code ec;
    b.folder = std::filesystem::absolute(app.pack->path, ec).parent_path();
    b.name = std::move(name);
    b.focus_name = true;
    b.focus_wait = 0;
    app.trace(std::string("browser: ") +
              (purpose == BrowseFor::bundle   ? "export bundle"
               : purpose == BrowseFor::report ? "write report"
                                              : "add level") +
              " in " + b.folder.string());
}

void open_new_pack(App& app) {
    if (app.modal_blocks("New pack")) return;
    if (app.pack && app.pack->dirty) {
        app.status("new pack: the open pack has unsaved edits (Save pack or Close pack first)");
        return;
    }
    FileBrowser& b = app.browser;
    b.open = true;
    b.save_mode = true;
    b.purpose = BrowseFor::new_pack;
    b.error.clear();
    std::error_code ec;
    const Document* doc = app.active();
    b.folder = doc && !doc->path().empty() ? doc->path().parent_path() : std::filesystem::current_path(ec);
    b.name = "pack.json";
    b.focus_name = true;
    b.focus_wait = 0;
    app.trace("browser: new pack in " + b.folder.string());
}

void create_pack(App& app, std::filesystem::path file) {
    if (file.extension() != ".json") file += ".json";
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) {
        // Never overwrite: that file may be someone's pack or level.
        app.status("new pack: " + file.string() + " exists (File > Open opens it)");
        return;
    }
    Pack pack;
    pack.name = file.stem().string();
    const std::string error = write_file_atomically(file, write_pack(pack), true);
    if (!error.empty()) {
        app.status("cannot create the pack: " + error);
        return;
    }
    app.pack.emplace();
    app.pack->path = std::filesystem::absolute(file, ec);
    if (ec) app.pack->path = file;
    app.pack->pack = pack;
    app.settings.add_recent(app.pack->path.string());
    app.status("created pack " + app.pack->path.string() + ": Add current or Add file... puts levels in it");
}

void save_pack(App& app) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    std::string error = write_file_atomically(open.path, write_pack(open.pack), true);
    if (!error.empty()) {
        app.status("cannot save the pack: " + error);
        return;
    }
    open.dirty = false;
    open.close_armed = false;
    app.status("saved pack " + open.path.string());
}

void add_level_file(App& app, const std::filesystem::path& given) {
    if (!app.pack) return;
    const std::filesystem::path file = given.lexically_normal();  // messages name it without "dir/../"
    OpenPack& open = *app.pack;
    Diagnostics diagnostics;
    std::optional<std::string> text = read_text_file(file, diagnostics);
    if (!text) {
        app.status("cannot add " + file.string() + ": " +
                   (diagnostics.empty() ? std::string("cannot be read") : diagnostics.front().format()));
        return;
    }
    const std::string format = sniff_format(*text);
    if (format == "tilelab.pack" || format == "tilelab.bundle") {
        app.status("cannot add " + file.string() + ": it is a " + format.substr(8) + ", not a level");
        return;
    }
    LevelLoad load = parse_level(*text, file.string());
    if (!load.level) {
        for (const Diagnostic& d : load.diagnostics) app.trace(d.format());
        app.status("cannot add " + file.string() + ": " +
                   (load.diagnostics.empty() ? std::string("not a level") : load.diagnostics.front().format()));
        return;
    }
    const std::string listed = relative_to_pack(open, file);
    const bool again = std::find(open.pack.levels.begin(), open.pack.levels.end(), listed) != open.pack.levels.end();
    open.pack.levels.push_back(listed);
    open.selected = int(open.pack.levels.size()) - 1;
    mark_edited(open);
    app.status("added " + listed + (again ? " (already in the pack: the check will flag its id twice)" : ""));
}

void export_bundle(App& app) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    if (open.dirty) {
        app.status("export: save the pack first (the bundle is made from the pack file, as `tilelab pack export` does)");
        return;
    }
    // PACK.bundle.json beside PACK, as the command line's examples name it.
    open_pack_browser(app, BrowseFor::bundle, open.path.stem().string() + ".bundle.json");
}

void export_bundle_to(App& app, const std::filesystem::path& file) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    const std::string out = file.string();
    if (open.dirty) {
        app.status("export: save the pack first (the bundle is made from the pack file, as `tilelab pack export` does)");
        return;
    }
    // Never overwrite the pack or one of its levels with a bundle, nor any file that is not a bundle
    // (the core's check, the same `tilelab pack export` makes).
    if (std::string refusal = pack::output_refusal(open.path, open.pack.levels, file, pack::PackOutput::bundle, false, false);
        !refusal.empty()) {
        app.status("export refused: " + refusal);
        return;
    }
    std::error_code ec;
    std::filesystem::path folder = std::filesystem::absolute(file, ec).parent_path();
    if (!std::filesystem::is_directory(folder, ec)) {
        app.status("export refused: no folder " + folder.string());
        return;
    }
    app.trace("export: same as " + cli_equivalent(open, file));
    start_check(app, file);
}

void write_report(App& app) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    if (open.dirty) {
        app.status("report: save the pack first (the report is made from the pack file, as `tilelab pack report` does)");
        return;
    }
    open_pack_browser(app, BrowseFor::report, open.path.stem().string() + ".html");
}

void write_report_to(App& app, const std::filesystem::path& file) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    if (open.dirty) {
        app.status("report: save the pack first (the report is made from the pack file, as `tilelab pack report` does)");
        return;
    }
    // Never over the pack, one of its levels, or a file that is not a report (the CLI's check).
    if (std::string refusal = pack::output_refusal(open.path, open.pack.levels, file, pack::PackOutput::report, false, false);
        !refusal.empty()) {
        app.status("report refused: " + refusal);
        return;
    }
    app.trace("report: same as " + cli_equivalent(open, file, "report"));
    start_check(app, file, true);
}

// The command line that tunes the same ramp (the figures depend on these options, not on threads).
std::string ramp_cli(const OpenPack& open, double first, double last) {
    const pack::CheckOptions& o = open.options;
    std::string line = "tilelab pack tune " + open.path.string() + " --ramp " + percent_text(first, 0) + ":" +
                       percent_text(last, 0) + " --runs " + std::to_string(o.runs) + " --seed " + std::to_string(o.seed);
    if (o.playout_budget_ms != default_playout_budget_ms) line += " --playout-budget-ms " + std::to_string(o.playout_budget_ms);
    if (!o.bot.empty()) line += " --bot " + o.bot;
    return line;
}

// Starts `pack tune --ramp` on the pack file and its level files, on its own thread. Refused while
// the pack or one of its levels open in a tab has unsaved edits: the ramp is tuned on the files, and
// "Write" writes them.
void start_ramp(App& app) {
    OpenPack& open = *app.pack;
    if (open.dirty) {
        app.status("ramp: save the pack first (the ramp is tuned on the pack file, as `tilelab pack tune` does)");
        return;
    }
    std::error_code ec;
    for (const std::string& listed : open.pack.levels) {
        const std::filesystem::path file = std::filesystem::absolute(level_file(open, listed), ec).lexically_normal();
        for (const auto& doc : app.documents)
            if (doc->dirty() && std::filesystem::absolute(doc->path(), ec).lexically_normal() == file) {
                app.status("ramp: save " + doc->path().filename().string() + " first (the ramp is tuned on the level files)");
                return;
            }
    }
    if (open.ramp) open.ramp->stop.request_stop();
    auto run = std::make_shared<RampRun>();
    run->first = open.ramp_first / 100.0;
    run->last = open.ramp_last / 100.0;
    EstimateOptions estimate = pack::level_estimate_options(open.options);
    estimate.precision = 0.0;  // `pack tune` plays every one of --runs
    estimate.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency() - 1));
    app.trace("ramp: same as " + ramp_cli(open, run->first, run->last));
    std::thread([run, path = open.path, estimate, stop = run->stop.get_token()] {
        pack::LoadedPack loaded = pack::load_pack_levels(path);
        std::string error;
        if (!loaded.pack) error = loaded.diagnostics.empty() ? "the pack does not load" : loaded.diagnostics.front().format();
        for (const pack::PackEntry& e : loaded.entries)
            if (error.empty() && !e.level)
                error = e.diagnostics.empty() ? e.file + ": does not load" : e.diagnostics.front().format();
        if (error.empty()) {
            try {
                run->rows = pack::tune_ramp(loaded, estimate, TuneOptions{}, run->first, run->last, stop, &run->progress);
            } catch (const std::exception& e) {
                error = e.what();
            }
        }
        run->error = std::move(error);
        run->done.store(true, std::memory_order_release);
    }).detach();
    open.ramp = std::move(run);
    app.status("ramp: tuning the pack's move limits");
}

// A finished ramp: said in the status bar and, for tests, each row in the trace.
void poll_ramp(App& app) {
    OpenPack& open = *app.pack;
    if (!open.ramp || !open.ramp->done.load(std::memory_order_acquire) || open.ramp->stop.stop_requested()) return;
    RampRun& run = *open.ramp;
    if (run.reported) return;
    if (!run.error.empty()) {
        app.status("ramp: " + run.error + "; nothing tuned");
        open.ramp.reset();
        return;
    }
    run.reported = true;
    int off = 0, changes = 0;
    for (const pack::RampRow& row : run.rows) {
        if (!row.target) continue;
        off += !row.on_target();
        changes += row.changes();
        app.trace("ramp-row " + row.path + ": target " + percent_text(*row.target) + ", moves " +
                  (row.tuned.choice ? std::to_string(row.tuned.choice->moves) + " at " + percent_text(row.tuned.choice->pass_rate)
                                    : std::string("none")) +
                  (row.on_target() ? "" : " OFF TARGET"));
    }
    app.status(off ? "ramp: " + count_of(off, "level") + " off target; Write is off (make them easier or harder)"
                   : "ramp tuned: " + count_of(changes, "level file") + " to change; Write writes them");
}

// Writes each changed level's new limit as `pack tune` does (the previous file kept as .bak).
void write_ramp(App& app) {
    OpenPack& open = *app.pack;
    if (!open.ramp) return;
    std::vector<std::pair<std::filesystem::path, std::string>> files;  // all texts made before any write
    for (const pack::RampRow& row : open.ramp->rows) {
        if (!row.on_target()) return;
        if (!row.changes()) continue;
        LevelLoad load = load_level(row.file);
        if (!load.level) {
            app.status("ramp: " + row.file + " no longer loads; nothing written");
            return;
        }
        if (load.level->goal.moves != row.previous) {
            app.status("ramp: " + row.file + " changed since the ramp was tuned; run it again");
            return;
        }
        load.level->goal.moves = row.tuned.choice->moves;
        files.emplace_back(row.file, write_level(*load.level));
    }
    int written = 0;
    for (const auto& [file, text] : files) {
        if (std::string error = write_file_atomically(file, text, true); !error.empty()) {
            app.status("ramp: cannot write " + file.string() + ": " + error + " (" + std::to_string(written) + " of " +
                       std::to_string(files.size()) + " written before it)");
            return;
        }
        ++written;
    }
    app.status("ramp: wrote " + count_of(written, "level file") + " (each previous file kept as .bak)");
    open.ramp.reset();
}

void draw_ramp(App& app, OpenPack& open) {
    ImGui::PushID("ramp");
    ImGui::SetNextItemWidth(70);
    ImGui::DragFloat("first %", &open.ramp_first, 0.5f, 0.0f, 100.0f, "%.0f", ImGuiSliderFlags_AlwaysClamp);
    trace_last_item(app, "ramp-first");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(70);
    ImGui::DragFloat("last %", &open.ramp_last, 0.5f, 0.0f, 100.0f, "%.0f", ImGuiSliderFlags_AlwaysClamp);
    trace_last_item(app, "ramp-last");
    const bool running = open.ramp && !open.ramp->done.load(std::memory_order_acquire);
    if (!running) {
        if (ImGui::SmallButton("Tune ramp")) start_ramp(app);
        trace_last_item(app, "ramp-tune");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "each match3 and slide level's move limit for its step of the ramp, in pack order;\n"
                "same figures as: %s --dry-run",
                ramp_cli(open, open.ramp_first / 100.0, open.ramp_last / 100.0).c_str());
    } else {
        const RampRun& run = *open.ramp;
        const int total = run.progress.total.load(), done = run.progress.done.load();
        const double fraction = total > 0 ? (done + std::clamp(run.progress.playouts.fraction.load(), 0.0, 1.0)) / total : 0.0;
        const long seconds = static_cast<long>(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - run.started).count());
        char text[96];
        std::snprintf(text, sizeof text, "ramp: level %d/%d %ld:%02ld", std::min(done + 1, std::max(total, 1)), total,
                      seconds / 60, seconds % 60);
        ImGui::ProgressBar(float(fraction), ImVec2(-80, 0), text);
        ImGui::SameLine();
        if (ImGui::SmallButton("Cancel")) {
            open.ramp->stop.request_stop();
            open.ramp.reset();
            app.status("ramp cancelled; nothing written");
        }
        trace_last_item(app, "ramp-cancel");
    }
    if (open.ramp && open.ramp->done.load(std::memory_order_acquire) && !open.ramp->rows.empty()) {
        const auto& rows = open.ramp->rows;
        const bool all_on = std::all_of(rows.begin(), rows.end(), [](const pack::RampRow& r) { return r.on_target(); });
        const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
        if (ImGui::BeginTable("##ramp", 4, flags)) {
            ImGui::TableSetupColumn("level", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("target");
            ImGui::TableSetupColumn("moves (was)");
            ImGui::TableSetupColumn("pass rate");
            ImGui::TableHeadersRow();
            const ImVec4 red(1.0f, 0.45f, 0.35f, 1.0f);
            for (const pack::RampRow& row : rows) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                const std::string& name = row.name.empty() ? row.id : row.name;
                ImGui::TextUnformatted(name.c_str());
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", name.c_str(), row.path.c_str());
                ImGui::TableNextColumn();
                const std::string was = row.previous ? std::to_string(*row.previous) : "none";
                if (!row.target) {
                    ImGui::TextDisabled("skipped");
                    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.skipped.c_str());
                    ImGui::TableNextColumn();
                    ImGui::TextDisabled("%s", was.c_str());
                    continue;
                }
                ImGui::Text("%s", percent_text(*row.target, 0).c_str());
                ImGui::TableNextColumn();
                if (!row.tuned.choice) {
                    ImGui::TextDisabled("no playout finished");
                    continue;
                }
                const std::string moves = std::to_string(row.tuned.choice->moves) + " (" + was + ")";
                const std::string rate = percent_text(row.tuned.choice->pass_rate) + (row.on_target() ? "" : " OFF TARGET");
                if (row.on_target()) {
                    ImGui::TextUnformatted(moves.c_str());
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(rate.c_str());
                } else {
                    ImGui::TextColored(red, "%s", moves.c_str());
                    ImGui::TableNextColumn();
                    ImGui::TextColored(red, "%s", rate.c_str());
                    if (ImGui::IsItemHovered()) {
                        const std::string step = pack::ramp_curve_step(row.tuned, *row.target);
                        ImGui::SetTooltip("%s", step.empty() ? "no limit comes nearer" : step.c_str());
                    }
                }
            }
            ImGui::EndTable();
        }
        ImGui::BeginDisabled(!all_on);
        if (ImGui::SmallButton("Write")) write_ramp(app);
        ImGui::EndDisabled();
        trace_last_item(app, "ramp-write");
        ImGui::SameLine();
        if (ImGui::SmallButton("Discard")) open.ramp.reset();
        trace_last_item(app, "ramp-discard");
        if (open.ramp && !open.ramp->shown) {  // a new table: brought into sight with its buttons
            ImGui::SetScrollHereY(1.0f);
            open.ramp->shown = true;
        }
    }
    ImGui::PopID();
}

void analyse_pack(App& app) {
    if (app.pack) start_check(app);
}

void poll_pack(App& app) {
    if (!app.pack) return;
    poll_check(app);
    poll_ramp(app);
    refresh_level_info(app, *app.pack);
}

void close_pack(App& app) {
    if (!app.pack) return;
    if (app.pack->dirty && !app.pack->close_armed) {
        app.pack->close_armed = true;
        app.status("the pack has unsaved edits: Save pack, or Close pack again to drop them");
        return;
    }
    std::string path = app.pack->path.string();
    app.pack.reset();  // cancels a running check (OpenPack's destructor)
    app.status("closed pack " + path);
}

void stop_pack_check(App& app) {
    if (!app.pack || !app.pack->check) return;
    std::shared_ptr<PackCheckRun> run = std::move(app.pack->check);
    run->stop.request_stop();
    // The kinds look at the stop token between playouts and solver steps; a short wait lets the
    // detached thread finish before the process tears down what it may still be using.
    const auto deadline = std::chrono::steady_clock::now() + 3s;
    while (!run->done.load(std::memory_order_acquire) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(5ms);
}

void draw_pack(App& app) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    std::vector<std::string>& levels = open.pack.levels;
    const pack::PackReport* report = current_report(open);
    ImGui::Text("%s%s (%zu level%s)", open.pack.name.c_str(), open.dirty ? " *" : "", levels.size(),
                levels.size() == 1 ? "" : "s");

    // The buttons act on the selected level.
    int n = int(levels.size());
    if (open.selected >= n) open.selected = n - 1;
    if (open.selected < 0) open.selected = 0;
    int sel = open.selected;
    if (ImGui::SmallButton("Add current")) add_active_level(app);
    trace_last_item(app, "pack-add");
    same_line_if_fits("Add file...");
    if (ImGui::SmallButton("Add file...")) open_pack_browser(app, BrowseFor::pack_level, "");
    trace_last_item(app, "pack-add-file");
    same_line_if_fits("Remove");
    if (ImGui::SmallButton("Remove") && sel < n) {
        levels.erase(levels.begin() + sel);
        mark_edited(open);
    }
    trace_last_item(app, "pack-remove");
    same_line_if_fits("Up");
    if (ImGui::SmallButton("Up") && sel > 0 && sel < n) {
        std::swap(levels[sel], levels[sel - 1]);
        open.selected = sel - 1;
        mark_edited(open);
    }
    trace_last_item(app, "pack-up");
    same_line_if_fits("Down");
    if (ImGui::SmallButton("Down") && sel + 1 < n) {
        std::swap(levels[sel], levels[sel + 1]);
        open.selected = sel + 1;
        mark_edited(open);
    }
    trace_last_item(app, "pack-down");

    if (ImGui::SmallButton("Save pack")) save_pack(app);
    trace_last_item(app, "pack-save");
    same_line_if_fits("Export bundle...");
    if (ImGui::SmallButton("Export bundle...")) export_bundle(app);
    trace_last_item(app, "pack-export");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "%s", open.dirty ? "save the pack first"
                             : ("same bundle as: " + cli_equivalent(open, open.path.stem().string() + ".bundle.json")).c_str());
    same_line_if_fits("Write report...");
    if (ImGui::SmallButton("Write report...")) write_report(app);
    trace_last_item(app, "pack-report");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "%s", open.dirty ? "save the pack first"
                             : ("same page as: " + cli_equivalent(open, open.path.stem().string() + ".html", "report")).c_str());
    same_line_if_fits("Ramp...");
    if (ImGui::SmallButton("Ramp...")) open.ramp_shown = !open.ramp_shown;
    trace_last_item(app, "pack-ramp");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("a difficulty ramp: move limits from an easy first level to a hard last one");
    same_line_if_fits("Close pack");
    bool close = ImGui::SmallButton("Close pack");
    trace_last_item(app, "pack-close");
    if (close) {
        close_pack(app);
        if (!app.pack) return;  // `open` is gone
    }

    // The running check (analysis or export) with its progress, or the button that starts an analysis.
    if (!open.check) {
        if (ImGui::SmallButton("Analyse pack")) start_check(app);
        trace_last_item(app, "pack-analyse");
    } else {
        const pack::CheckProgress& p = open.check->progress;
        int total = p.levels_total.load(), analysed = p.levels_analysed.load(), estimated = p.levels_estimated.load();
        const int estimating = p.estimating.load();
        const double running = estimating >= 0 ? std::clamp(p.playouts.fraction.load(), 0.0, 1.0) : 0.0;
        float fraction = total > 0 ? float((analysed + estimated + running) / (2.0 * total)) : 0.0f;
        // Which level and how long: a slide level's playouts take a minute, and a bar that only
        // said "analysing..." looked stuck.
        const long seconds = static_cast<long>(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - open.check->started).count());
        char text[160];
        const char* verb = open.check->export_to.empty() ? "" : "export: ";
        if (estimating >= 0 && estimating < total)
            std::snprintf(text, sizeof text, "%slevel %d/%d playouts %ld:%02ld", verb, estimating + 1, total, seconds / 60,
                          seconds % 60);
        else std::snprintf(text, sizeof text, "%sread %d/%d %ld:%02ld", verb, analysed, total, seconds / 60, seconds % 60);
        ImGui::ProgressBar(fraction, ImVec2(-80, 0), text);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
        ImGui::SameLine();
        if (ImGui::SmallButton("Cancel")) {
            open.check->stop.request_stop();
            open.check.reset();
            app.status("pack check cancelled; nothing written");
        }
        trace_last_item(app, "pack-cancel");
    }
    if (open.ramp_shown) draw_ramp(app, open);
    draw_check_settings(app, open);

    // The difficulty curve.
    if (report) {
        // Pass rate per level: the bots' rate (match3, slide); 1 or 0 for a solver's verdict (link, lines).
        std::vector<float> rates;
        for (const pack::LevelReport& level : report->levels) {
            if (level.estimate) rates.push_back(float(level.estimate->pass_rate));
            else rates.push_back(level.verdict == Verdict::solvable ? 1.0f : 0.0f);
        }
        ImGui::PlotLines("##curve", rates.data(), int(rates.size()), 0, "pass rate per level", 0.0f, 1.0f,
                         ImVec2(ImGui::GetContentRegionAvail().x, 90));
        ImGui::Text("%s: %s, %s", report->ok() ? "check passed" : "check failed",
                    count_of(report->error_count(), "error").c_str(), count_of(report->warning_count(), "warning").c_str());
    } else if (open.report) {
        text_disabled_wrapped("the pack or the check settings changed since its analysis");
    }
    ImGui::Separator();
    // The levels in order: name and id from each file, and what the last analysis said of each.
    std::filesystem::path chosen;
    n = int(levels.size());
    for (int i = 0; i < n; ++i) draw_level_row(app, open, i, report, chosen);

    if (!chosen.empty()) app.open_level_file(chosen);
}

}  // namespace tilelab::editor::panels
