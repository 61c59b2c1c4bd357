// The pack panel: the pack's levels in order (open, add, remove, reorder, save), the difficulty curve, export.
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

namespace {

// Analysis settings kept modest so that the demo pack is analysed in seconds.
constexpr int check_runs = 200;
constexpr int check_budget_ms = 300;

void mark_edited(OpenPack& open) {
    open.dirty = true;
    ++open.revision;
}

// The level's path as the pack stores it: relative to the pack's folder, with '/' separators.
std::string relative_to_pack(const OpenPack& open, const std::filesystem::path& level) {
    std::error_code ec;
    std::filesystem::path base = std::filesystem::absolute(open.path, ec).parent_path();
    std::filesystem::path rel = std::filesystem::absolute(level, ec).lexically_normal().lexically_relative(base);
    if (rel.empty()) rel = level;
    return rel.generic_string();
}

// Prints a button's centre (window pixels) with --print-layout, so tests can click it.
void trace_button(App& app, const char* name) {
    if (!app.options.print_layout) return;
    ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    char line[128];
    std::snprintf(line, sizeof line, "pack-button %s %d %d", name, int((lo.x + hi.x) / 2), int((lo.y + hi.y) / 2));
    static std::string last[8];
    static const char* names[8] = {};
    for (int i = 0; i < 8; ++i) {
        if (names[i] == nullptr) names[i] = name;
        if (names[i] != name) continue;
        if (last[i] != line) {
            last[i] = line;
            app.trace(line);
        }
        return;
    }
}

// Starts check_pack on its own thread over the levels as they are on disk now.
void start_check(App& app) {
    OpenPack& open = *app.pack;
    auto run = std::make_shared<PackCheckRun>();
    run->revision = open.revision;
    Pack copy = open.pack;
    std::filesystem::path pack_path = open.path;
    // Detached: the thread holds the run, so cancelling or closing the pack never waits on the UI thread.
    std::thread([run, copy, pack_path, stop = run->stop.get_token()] {
        pack::LoadedPack loaded;
        loaded.file = pack_path.string();
        loaded.pack = copy;
        for (const std::string& path : copy.levels) {
            std::filesystem::path file = pack_path.parent_path() / path;
            LevelLoad load = load_level(file);
            loaded.entries.push_back({path, file.string(), std::move(load.level), std::move(load.diagnostics)});
        }
        pack::CheckOptions options;
        options.runs = check_runs;
        options.budget_ms = check_budget_ms;
        options.bot = "greedy";
        options.threads = 1;
        run->report = pack::check_pack(loaded, options, stop, &run->progress);
        run->done.store(true, std::memory_order_release);
    }).detach();
    open.check = std::move(run);
    app.status("analysing pack");
}

// Takes a finished analysis; drops it when the pack changed since it started.
void poll_check(App& app) {
    OpenPack& open = *app.pack;
    if (!open.check || !open.check->done.load(std::memory_order_acquire)) return;
    std::shared_ptr<PackCheckRun> run = std::move(open.check);
    if (run->revision != open.revision || !run->report) return;  // stale
    open.report = std::move(run->report);
    open.report_revision = run->revision;
    app.status("pack analysed: " + std::to_string(open.report->error_count()) + " errors, " +
               std::to_string(open.report->warning_count()) + " warnings");
}

const pack::PackReport* current_report(const OpenPack& open) {
    return open.report && open.report_revision == open.revision ? &*open.report : nullptr;
}

void add_active_level(App& app) {
    Document* doc = app.active();
    if (!doc || doc->path().empty()) {
        app.status("save the level first: a pack lists level files");
        return;
    }
    OpenPack& open = *app.pack;
    open.pack.levels.push_back(relative_to_pack(open, doc->path()));
    open.selected = int(open.pack.levels.size()) - 1;
    mark_edited(open);
}

}  // namespace

void save_pack(App& app) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    std::string error = write_file_atomically(open.path, write_pack(open.pack), true);
    if (!error.empty()) {
        app.status("cannot save the pack: " + error);
        return;
    }
    open.dirty = false;
    app.status("saved pack " + open.path.string());
}

void export_bundle(App& app) {
    if (!app.pack) return;
    OpenPack& open = *app.pack;
    const pack::PackReport* report = current_report(open);
    if (!report) {
        app.status("export: analyse the pack first (Analyse pack)");
        return;
    }
    if (!report->ok()) {
        app.status("export refused: the check found " + std::to_string(report->error_count()) + " errors");
        return;
    }
    std::filesystem::path out = open.path.parent_path() / (open.pack.name + ".bundle.json");
    std::string error = write_file_atomically(out, pack::bundle_text(pack::make_bundle(*report), false), true);
    app.status(error.empty() ? "exported " + out.string() : "cannot export: " + error);
}

bool can_export(const App& app) {
    if (!app.pack) return false;
    const pack::PackReport* report = current_report(*app.pack);
    return report && report->ok();
}

void draw_pack(App& app) {
    if (!app.pack) return;
    poll_check(app);
    OpenPack& open = *app.pack;
    std::vector<std::string>& levels = open.pack.levels;
    const pack::PackReport* report = current_report(open);
    ImGui::Text("%s%s (%zu levels)", open.pack.name.c_str(), open.dirty ? " *" : "", levels.size());

    // The buttons act on the selected level.
    int n = int(levels.size());
    if (open.selected >= n) open.selected = n - 1;
    if (open.selected < 0) open.selected = 0;
    int sel = open.selected;
    if (ImGui::SmallButton("Add current")) add_active_level(app);
    trace_button(app, "add");
    ImGui::SameLine();
    if (ImGui::SmallButton("Remove") && sel < n) {
        levels.erase(levels.begin() + sel);
        mark_edited(open);
    }
    trace_button(app, "remove");
    ImGui::SameLine();
    if (ImGui::SmallButton("Up") && sel > 0 && sel < n) {
        std::swap(levels[sel], levels[sel - 1]);
        open.selected = sel - 1;
        mark_edited(open);
    }
    trace_button(app, "up");
    ImGui::SameLine();
    if (ImGui::SmallButton("Down") && sel + 1 < n) {
        std::swap(levels[sel], levels[sel + 1]);
        open.selected = sel + 1;
        mark_edited(open);
    }
    trace_button(app, "down");
    ImGui::SameLine();
    if (ImGui::SmallButton("Save pack")) save_pack(app);
    trace_button(app, "save");

    // The difficulty curve.
    if (open.check) {
        const pack::CheckProgress& p = open.check->progress;
        int total = p.levels_total.load(), analysed = p.levels_analysed.load(), estimated = p.levels_estimated.load();
        float fraction = total > 0 ? float(analysed + estimated) / float(2 * total) : 0.0f;
        ImGui::ProgressBar(fraction, ImVec2(-80, 0), "analysing...");
        ImGui::SameLine();
        if (ImGui::SmallButton("Cancel")) {
            open.check->stop.request_stop();
            open.check.reset();
            app.status("pack analysis cancelled");
        }
    } else if (ImGui::SmallButton("Analyse pack")) {
        start_check(app);
    }
    trace_button(app, "analyse");
    if (report) {
        // Pass rate per level: the bots' rate (match3, slide); 1 or 0 for a solver's verdict (link, lines).
        std::vector<float> rates;
        for (const pack::LevelReport& level : report->levels) {
            if (level.estimate) rates.push_back(float(level.estimate->pass_rate));
            else rates.push_back(level.verdict == Verdict::solvable ? 1.0f : 0.0f);
        }
        ImGui::PlotLines("##curve", rates.data(), int(rates.size()), 0, "pass rate per level", 0.0f, 1.0f,
                         ImVec2(ImGui::GetContentRegionAvail().x, 90));
        ImGui::Text("%s: %d errors, %d warnings", report->ok() ? "check passed" : "check failed",
                    report->error_count(), report->warning_count());
    } else if (open.report) {
        ImGui::TextDisabled("the pack changed since its analysis");
    }
    ImGui::Separator();
    // The levels in order: index, file, and what the last analysis said of each.
    std::filesystem::path chosen;
    n = int(levels.size());
    for (int i = 0; i < n; ++i) {
        std::string label = std::to_string(i + 1) + ". " + levels[i];
        if (report && i < int(report->levels.size())) {
            const pack::LevelReport& level = report->levels[i];
            if (level.level) label += "  [" + std::string(kind_name(level.level->kind)) + " " +
                                      std::to_string(level.level->width()) + "x" +
                                      std::to_string(level.level->height()) + "]";
            if (level.estimate) {
                char rate[32];
                std::snprintf(rate, sizeof rate, "  %.0f%%", level.estimate->pass_rate * 100.0);
                label += rate;
            } else if (level.verdict != Verdict::none) {
                label += "  " + std::string(verdict_name(level.verdict));
            }
            if (level.has_errors()) label += "  (errors)";
        }
        ImGui::PushID(i);
        if (ImGui::Selectable(label.c_str(), i == open.selected)) {
            open.selected = i;
            chosen = open.path.parent_path() / levels[i];
        }
        ImGui::PopID();
    }

    if (ImGui::SmallButton("Export bundle...")) export_bundle(app);

    if (!chosen.empty()) app.open_level_file(chosen);
}

}  // namespace tilelab::editor::panels
