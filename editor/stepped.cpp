// The stepped board and its own analysis (see stepped.hpp).
#include "stepped.hpp"

#include <algorithm>
#include <memory>
#include <thread>

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

// The path of the first event that has one (a link pair's removal).
std::vector<Cell> path_of(const std::vector<Event>& events) {
    for (const Event& e : events)
        if (const auto* removed = std::get_if<event::Remove>(&e)) return removed->path;
    return {};
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
                StepResult next =
                    kind_ops(doc.level().kind).play(doc.level(), *b.state, analysis->solution[static_cast<std::size_t>(step)]);
                if (next.legal) b.next_path = path_of(next.events);
            }
            if (step > 0) {
                Job job;
                job.document_id = doc.id();
                job.revision = next_revision();  // a tag no document revision ever equals
                job.level = doc.level();
                job.level.board = b.state->board;
                AnalysisTask task;
                task.analyze.solve = false;
                job.task = task;
                b.job = job.revision;
                s.worker.submit(std::move(job));
            }
        }
    }
    if (std::optional<Outcome> outcome = s.worker.take()) {
        // Only the analysis of this very board is kept; an earlier step's is dropped.
        AnalysisDone* done = outcome->as<AnalysisDone>();
        if (done && outcome->revision == b.job && outcome->document_id == b.document && !outcome->cancelled) {
            b.analysis = std::move(done->analysis);
            b.error = std::move(outcome->error);
            app.trace("stepped analysis ready: step " + std::to_string(b.step));
        }
    }
    return &b;
}

namespace {

struct Watcher {
    std::optional<WatchedRun> run;
    float speed = 4.0f;  // kept from one watched run to the next
    Watcher() = default;
    Watcher(const Watcher&) = delete;
    Watcher& operator=(const Watcher&) = delete;
    ~Watcher() {
        if (run && run->job) run->job->stop.request_stop();
    }
};

Watcher& watcher() {
    static Watcher instance;  // UI thread only; a replay's thread owns its job, never this
    return instance;
}

// "won in 12 moves", "lost in 25 moves", "lost in 7 moves: no legal move left".
std::string ending(const PlayoutOutcome& o) {
    std::string text = std::string(o.won ? "won" : "lost") + " in " + std::to_string(o.moves_used) +
                       (o.moves_used == 1 ? " move" : " moves");
    if (o.dead) text += ": no legal move left";
    if (o.interrupted) text += " (stopped)";
    return text;
}

}  // namespace

void watch_run(App& app, const Document& doc, const EstimateOptions& options, int run, const std::string& source) {
    Watcher& w = watcher();
    if (w.run) {
        w.speed = w.run->speed;
        if (w.run->job) w.run->job->stop.request_stop();  // its thread ends soon; its result is dropped
    }
    WatchedRun& r = w.run.emplace();
    r.document = doc.id();
    r.revision = doc.revision();
    r.source = source;
    r.run = run;
    r.bot = options.bot;
    r.speed = w.speed;
    auto job = std::make_shared<ReplayJob>();
    job->level = doc.level();
    job->options = options;
    job->run = run;
    r.job = job;
    // Its own thread, never the UI's: one lookahead or mcts game on a large board takes seconds.
    std::thread([job] {
        try {
            const KindOps& ops = kind_ops(job->level.kind);
            if (!ops.replay) job->error = std::string(kind_name(job->level.kind)) + " levels have no bot runs";
            else job->replay = ops.replay(job->level, job->options, job->run, job->stop.get_token());
        } catch (const std::exception& e) {
            job->error = e.what();
        }
        job->done.store(true, std::memory_order_release);
    }).detach();
    app.trace("replay started: run " + std::to_string(run) + " bot " + options.bot + " (" + source + ")");
}

WatchedRun* watched_run(App& app, const Document& doc) {
    Watcher& w = watcher();
    if (!w.run || w.run->document != doc.id()) return nullptr;
    WatchedRun& r = *w.run;
    if (r.revision != doc.revision()) {  // edited: the run was a game of a level that is gone
        if (r.job) r.job->stop.request_stop();
        w.speed = r.speed;
        w.run.reset();
        app.trace("replay closed: the level changed");
        return nullptr;
    }
    if (r.job && r.job->done.load(std::memory_order_acquire)) {
        r.replay = std::move(r.job->replay);
        r.error = std::move(r.job->error);
        r.job.reset();
        if (r.replay) app.trace("replay: run " + std::to_string(r.run) + " " + ending(r.replay->outcome));
        else app.trace("replay failed: " + r.error);
    }
    return &r;
}

WatchedBoard watched_board(App& app, const Document& doc) {
    WatchedBoard b;
    const WatchedRun* r = watched_run(app, doc);
    if (!r || !r->replay) return b;
    const Replay& replay = *r->replay;
    b.run = r->run;
    b.steps = static_cast<int>(replay.steps.size());
    b.step = std::clamp(r->step, 0, b.steps);
    b.state = b.step == 0 ? &replay.start : &replay.steps[static_cast<std::size_t>(b.step) - 1].state;
    if (b.step < b.steps) b.next = &replay.steps[static_cast<std::size_t>(b.step)].move;
    return b;
}

void stop_watching() {
    Watcher& w = watcher();
    if (!w.run) return;
    if (w.run->job) w.run->job->stop.request_stop();
    w.speed = w.run->speed;
    w.run.reset();
}

std::string watched_ending(const WatchedRun& run) { return run.replay ? ending(run.replay->outcome) : std::string(); }

}  // namespace tilelab::editor
