// Play-test: the level played in the editor with the real rules and the level's seed.
#include <algorithm>
#include <SDL.h>
#include <chrono>
#include <cmath>
#include <exception>
#include <memory>
#include <string>
#include <thread>

#include "app.hpp"
#include "kinds/table.hpp"
#include "painters.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"
#include "text_fit.hpp"

namespace tilelab::editor::panels {

namespace {

// Runs a start (no move) or a move of the play-test on its own thread, with copies of the level
// and the state: the UI thread never plays a move itself.
void launch(App& app, std::optional<Move> move) {
    PlayTest& play = app.play;
    auto job = std::make_shared<PlayJob>();
    job->move = std::move(move);
    job->started = std::chrono::steady_clock::now();
    std::thread([job, level = play.level, state = play.state] {
        try {
            const KindOps& ops = kind_ops(level.kind);
            if (job->move) {
                job->step = ops.play(level, state, *job->move);
            } else {
                job->step.legal = true;
                job->step.state = ops.start(level);
            }
        } catch (const std::exception& e) {
            // The kind's own failure (e.g. not built yet) is shown, never a crash.
            job->error = e.what();
        }
        job->done.store(true, std::memory_order_release);
    }).detach();
    play.job = std::move(job);
}

// Takes a finished job's result (once a frame, from the UI thread).
void poll_playtest(App& app) {
    PlayTest& play = app.play;
    if (!play.job || !play.job->done.load(std::memory_order_acquire)) return;
    std::shared_ptr<PlayJob> job = std::move(play.job);
    play.job.reset();
    if (!job->move) {  // the start
        if (!job->error.empty()) {
            play.active = false;
            app.status("cannot play: " + job->error);
            return;
        }
        play.state = std::move(job->step.state);
        play.message.clear();
        app.trace("play-test started");
        return;
    }
    const Move& move = *job->move;
    if (!job->error.empty()) {
        play.message = job->error;
        return;
    }
    StepResult& step = job->step;
    if (!step.legal) {
        play.message = "illegal: " + step.why;
        return;
    }
    play.state = std::move(step.state);
    play.moves.push_back(move);
    play.message = format_move(move);
    try {
        if (kind_ops(play.level.kind).goal_met(play.level, play.state)) play.message += "  -- goal reached!";
    } catch (const std::exception& e) {
        play.message = e.what();
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - job->started).count();
    app.trace("play " + format_move(move) + " score " + std::to_string(play.state.score) + " (" +
              std::to_string(static_cast<long long>(ms)) + " ms on the play worker)");
    if (app.options.trace) {  // the board after the move, rows as `tilelab apply --json` writes them
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (int y = 0; y < play.state.board.height; ++y) rows.push_back(board_row(play.level.kind, play.state.board, y));
        app.trace("play-board " + rows.dump());
    }
}

}  // namespace

void play_move(App& app, const Move& move) {
    if (app.play.job) return;  // a move is being played: input waits for it
    launch(app, move);
}

void start_playtest(App& app, Document& doc) {
    doc.end_gesture();
    PlayTest play;
    play.document_id = doc.id();
    play.level = doc.level();
    // Until the start state comes back from the worker, the painted board is shown.
    play.state.board = play.level.board;
    play.state.jelly = play.level.jelly;
    play.active = true;
    app.play = std::move(play);
    launch(app, std::nullopt);  // "play-test started" is traced when the start state is ready
}

void draw_playtest(App& app) {
    poll_playtest(app);
    PlayTest& play = app.play;
    ImGui::TextUnformatted("Play-test");
    ImGui::Separator();
    if (play.job) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - play.job->started).count();
        ImGui::TextColored(ImVec4(1, 0.85f, 0.4f, 1), "%s... %.1f s", play.job->move ? "playing the move" : "starting", seconds);
        if (!play.job->working_traced) {  // for tests: a frame drawn while the move is played
            play.job->working_traced = true;
            app.trace("play-test: working on " + (play.job->move ? format_move(*play.job->move) : std::string("the start")));
        }
    }
    ImGui::Text("score %lld", static_cast<long long>(play.state.score));
    ImGui::Text("moves made %d", play.state.moves);
    if (play.level.goal.moves) ImGui::Text("moves left %d", *play.level.goal.moves - play.state.moves);
    bool won = false;
    std::vector<GoalProgress> progress;
    try {
        won = kind_ops(play.level.kind).goal_met(play.level, play.state);
        progress = kind_ops(play.level.kind).goal_progress(play.level, play.state);
    } catch (const std::exception&) {
        // shown through play.message already
    }
    // The goal, objective by objective: how far this game has come (the kind's own count).
    std::string traced;
    for (const GoalProgress& g : progress) {
        const ImVec4 colour = g.met ? ImVec4(0.4f, 1, 0.4f, 1) : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::TextColored(colour, "%s %s: %lld / %lld", g.met ? "[x]" : "[ ]", g.label.c_str(),
                           static_cast<long long>(g.current), static_cast<long long>(g.target));
        traced += (traced.empty() ? "" : "; ") + g.label + " " + std::to_string(g.current) + "/" + std::to_string(g.target);
    }
    static std::string last_traced;  // UI thread only
    if (!play.job && traced != last_traced) {
        last_traced = traced;
        app.trace("play-test goal: " + (traced.empty() ? std::string("none") : traced));
    }
    if (won) ImGui::TextColored(ImVec4(0.4f, 1, 0.4f, 1), "goal reached");
    ImGui::TextWrapped("%s", play.message.c_str());
    text_disabled_wrapped(editor_kind(play.level.kind).play_hint);
    if (ImGui::Button("Restart")) {
        Document* doc = app.find(play.document_id);
        if (doc) start_playtest(app, *doc);
    }
    ImGui::SameLine();
    if (ImGui::Button("Back to editing (F5)")) play.active = false;
    ImGui::Separator();
    ImGui::TextUnformatted("moves:");
    // In a scrolled box that follows the newest move (after 200 slide moves the list ran off the
    // panel with the last move out of sight); only the visible rows are laid out.
    ImGui::BeginChild("moves", ImVec2(0, 0), false);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(play.moves.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            ImGui::Text("%d. %s", i + 1, format_move(play.moves[static_cast<std::size_t>(i)]).c_str());
            if (i + 1 == static_cast<int>(play.moves.size())) trace_last_item(app, "play-last-move");
        }
    static std::size_t shown_moves = 0;  // UI thread only
    if (play.moves.size() != shown_moves) {
        shown_moves = play.moves.size();
        ImGui::SetScrollHereY(1.0f);
    }
    ImGui::EndChild();

    if (auto keys = editor_kind(play.level.kind).play_keys) keys(app);
}

void playtest_canvas(App& app, Document& doc, ImDrawList* list, ImVec2 origin, float size, bool hovered, bool activated,
                     bool active) {
    (void)doc;
    (void)hovered;
    poll_playtest(app);
    PlayTest& play = app.play;
    if (play.job) return;  // starting, or a move under way: no input until it is done
    PlayCanvas canvas;
    canvas.list = list;
    canvas.origin = origin;
    canvas.size = size;
    canvas.activated = activated;
    canvas.active = active;
    canvas.cell = app.hovered;
    editor_kind(play.level.kind).play_canvas(app, canvas);
}

}  // namespace tilelab::editor::panels
