// The stepped board and its own analysis (see stepped.hpp).
#include "stepped.hpp"

#include <algorithm>
#include <memory>

#include "app.hpp"
#include "worker.hpp"

namespace tilelab::editor {

namespace {

struct Stepper {
    AnalysisWorker worker;  // one thread, latest job wins, like the live analysis
    SteppedBoard board;
};

Stepper& stepper() {
    static Stepper instance;  // UI thread only; the worker thread joins at exit
    return instance;
}

std::vector<Cell> path_of(const nlohmann::ordered_json& events) {
    std::vector<Cell> out;
    for (const auto& event : events) {
        auto path = event.find("path");
        if (path == event.end() || !path->is_array()) continue;
        for (const auto& c : *path)
            if (c.is_array() && c.size() == 2) out.push_back(Cell{c[0].get<int>(), c[1].get<int>()});
        break;
    }
    return out;
}

}  // namespace

const SteppedBoard* stepped_board(App& app, const Document& doc) {
    const Analysis* analysis = app.current_analysis(doc);
    if (!analysis || !app.settings.overlays.solution || analysis->solution.empty() || doc.solution_revision != doc.revision())
        return nullptr;
    Stepper& s = stepper();
    const int step = std::clamp(doc.solution_step, 0, static_cast<int>(analysis->solution.size()));
    SteppedBoard& b = s.board;
    if (b.document != doc.id() || b.revision != doc.revision() || b.step != step) {
        b = SteppedBoard{};
        b.document = doc.id();
        b.revision = doc.revision();
        b.step = step;
        std::vector<Move> moves(analysis->solution.begin(), analysis->solution.begin() + step);
        ApplyResult result = apply_moves(doc.level(), moves);
        if (result.illegal) {
            b.error = "move " + std::to_string(*result.illegal + 1) + " of the solution is refused: " + result.why;
        } else {
            b.state = std::move(result.state);
            if (step < static_cast<int>(analysis->solution.size())) {
                // The next move played on this board: its events carry the path it takes.
                StepResult next = kind_ops(doc.level().kind).play(doc.level(), *b.state, analysis->solution[static_cast<std::size_t>(step)]);
                if (next.legal) b.next_path = path_of(next.events);
            }
            if (step > 0) {
                AnalysisJob job;
                job.document_id = doc.id();
                job.revision = next_revision();  // a tag no document revision ever equals
                job.level = doc.level();
                job.level.board = b.state->board;
                job.analyze.solve = false;
                job.run_estimate = false;
                b.job = job.revision;
                s.worker.submit(std::move(job));
            }
        }
    }
    if (std::optional<AnalysisOutcome> outcome = s.worker.take()) {
        // Only the analysis of this very board is kept; an earlier step's is dropped.
        if (outcome->revision == b.job && outcome->document_id == b.document && !outcome->cancelled) {
            b.analysis = std::move(outcome->analysis);
            b.error = std::move(outcome->error);
            app.trace("stepped analysis ready: step " + std::to_string(b.step));
        }
    }
    return &b;
}

}  // namespace tilelab::editor
