// A pack-wide difficulty ramp: tune_moves per level, at even steps from the first rate to the last.
#include "tilelab/pack/ramp.hpp"

#include <stdexcept>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/kinds/table.hpp"

namespace tilelab::pack {

std::vector<RampRow> tune_ramp(const LoadedPack& loaded, const EstimateOptions& estimate, const TuneOptions& tune, double first,
                               double last, StopToken stop, RampProgress* progress,
                               const std::function<void(const RampRow&, int, int)>& on_level) {
    std::vector<RampRow> rows;
    int steps = 0;
    for (const PackEntry& e : loaded.entries) {
        RampRow row{e.path, e.file, e.level->id, e.level->name, std::nullopt, "", e.level->goal.moves, {}};
        if (kind_ops(e.level->kind).estimate == nullptr)
            row.skipped = std::string(kind_name(e.level->kind)) + " levels have no pass rate to aim";
        else ++steps;
        rows.push_back(std::move(row));
    }
    if (progress) progress->total.store(steps);
    int step = 0;
    for (std::size_t i = 0; i < rows.size() && !stop.stop_requested(); ++i) {
        RampRow& row = rows[i];
        if (!row.skipped.empty()) continue;
        TuneOptions aim = tune;
        aim.target = ramp_target(step++, steps, first, last);
        row.target = aim.target;
        try {
            row.tuned = tune_moves(*loaded.entries[i].level, estimate, aim, stop, progress ? &progress->playouts : nullptr);
        } catch (const std::exception& e) {
            throw std::runtime_error(row.file + ": " + e.what());
        }
        if (stop.stop_requested()) {
            row.tuned = {};
            break;
        }
        if (progress) progress->done.store(step);
        if (on_level) on_level(row, step, steps);
    }
    return rows;
}

std::string ramp_curve_step(const TuneResult& tuned, double target) {
    if (!tuned.estimate.json.is_object() || !tuned.estimate.json.contains("curve")) return "";
    const auto& curve = tuned.estimate.json.at("curve");
    for (std::size_t i = 1; i < curve.size(); ++i) {
        const double a = curve[i - 1].at("pass_rate").get<double>(), b = curve[i].at("pass_rate").get<double>();
        if ((a - target) * (b - target) <= 0)
            return "the curve steps from " + percent_text(a) + " at " + std::to_string(curve[i - 1].at("moves").get<int>()) +
                   " moves to " + percent_text(b) + " at " + std::to_string(curve[i].at("moves").get<int>()) + " moves";
    }
    return "";
}

}  // namespace tilelab::pack
