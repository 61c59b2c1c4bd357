// The editor's background worker and its typed tasks (editor/worker.hpp): each task hands back its
// own result type, with the figures the command line gives for the same options, and a newer job
// replaces a running one without its result ever arriving.
#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "tilelab/analysis/tune.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "worker.hpp"

using namespace tilelab;
using namespace tilelab::editor;

namespace {

Level worker_sample() {
    return load_level(std::string(TILELAB_SOURCE_DIR) + "/levels/samples/match3/01-intro.json").level.value();
}

EstimateOptions worker_playouts(int runs) {
    EstimateOptions o;
    o.runs = runs;
    o.threads = 1;
    o.seed = 0;
    return o;
}

// The worker's final outcome: the first outcome that is not a partial hand-over (AnalysisDone's
// estimate_pending), within a minute.
Outcome final_outcome(AnalysisWorker& worker) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (std::chrono::steady_clock::now() < give_up) {
        if (std::optional<Outcome> o = worker.take()) {
            const AnalysisDone* done = o->as<AnalysisDone>();
            if (!done || !done->estimate_pending) return std::move(*o);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    FAIL("the worker handed nothing over within a minute");
    return {};
}

}  // namespace

TEST_CASE("worker: each task's result is its own type, with the command line's figures", "[worker]") {
    const Level level = worker_sample();
    const KindOps& ops = kind_ops(level.kind);
    AnalysisWorker worker;

    SECTION("a ladder: one figure per bot, in order, each `estimate --bot B`'s") {
        LadderTask task{worker_playouts(30), {"random", "greedy"}};
        worker.submit(Job{1, 7, level, task});
        Outcome out = final_outcome(worker);
        CHECK(out.document_id == 1);
        CHECK(out.revision == 7);
        CHECK(out.error.empty());
        REQUIRE(out.as<LadderDone>() != nullptr);
        CHECK(out.as<AnalysisDone>() == nullptr);
        const auto& figures = out.as<LadderDone>()->figures;
        REQUIRE(figures.size() == 2);
        for (std::size_t i = 0; i < figures.size(); ++i) {
            EstimateOptions o = task.estimate;
            o.bot = task.bots[i];
            const EstimateResult direct = ops.estimate(level, o, {}, nullptr);
            CHECK(figures[i].first == task.bots[i]);
            CHECK(figures[i].second.runs == direct.runs);
            CHECK(figures[i].second.wins == direct.wins);
        }
    }
    SECTION("a tune: `tilelab tune`'s choice") {
        TuneTask task{worker_playouts(40), TuneOptions{}};
        worker.submit(Job{2, 3, level, task});
        Outcome out = final_outcome(worker);
        REQUIRE(out.as<TuneDone>() != nullptr);
        REQUIRE(out.as<TuneDone>()->tune.has_value());
        const TuneResult direct = tune_moves(level, task.estimate, task.tune, {}, nullptr);
        REQUIRE(direct.choice.has_value());
        REQUIRE(out.as<TuneDone>()->tune->choice.has_value());
        CHECK(out.as<TuneDone>()->tune->choice->moves == direct.choice->moves);
        CHECK(out.as<TuneDone>()->tune->within == direct.within);
    }
    SECTION("an analysis: the overlays first, then the whole run's figure, equal to one estimate") {
        AnalysisTask task;
        task.run_estimate = true;
        task.estimate = worker_playouts(50);
        task.estimate_first_runs = 10;
        worker.submit(Job{3, 11, level, task});
        Outcome out = final_outcome(worker);
        REQUIRE(out.as<AnalysisDone>() != nullptr);
        const AnalysisDone& done = *out.as<AnalysisDone>();
        CHECK(done.analysis.has_value());
        REQUIRE(done.estimate.has_value());
        const EstimateResult direct = ops.estimate(level, task.estimate, {}, nullptr);
        CHECK(done.estimate->runs == direct.runs);
        CHECK(done.estimate->wins == direct.wins);
        CHECK_FALSE(done.estimate_first);
    }
    SECTION("a newer job replaces a running one: only its own result arrives") {
        LadderTask slow{worker_playouts(100000), {"mcts"}};
        worker.submit(Job{4, 1, level, slow});
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        AnalysisTask quick;
        quick.analyze.solve = false;
        worker.submit(Job{4, 2, level, quick});
        Outcome out = final_outcome(worker);
        CHECK(out.revision == 2);
        CHECK(out.as<AnalysisDone>() != nullptr);
        CHECK_FALSE(out.cancelled);
    }
}
