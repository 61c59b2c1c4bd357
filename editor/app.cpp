// The editor application: documents, workers, timers, and the frame that draws every panel.
#include "kinds/table.hpp"
#include "app.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <system_error>

#include <imgui.h>

#include "panels/panels.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/kinds/table.hpp"

namespace tilelab::editor {

std::string new_level_id() {
    std::random_device device;
    std::mt19937_64 engine((static_cast<std::uint64_t>(device()) << 32) ^ device());
    std::uint64_t hi = engine(), lo = engine();
    hi = (hi & 0xFFFFFFFFFFFF0FFFull) | 0x0000000000004000ull;  // version 4
    lo = (lo & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;  // variant 10
    char text[40];
    std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                  static_cast<unsigned>((hi >> 16) & 0xFFFF), static_cast<unsigned>(hi & 0xFFFF), static_cast<unsigned>(lo >> 48),
                  static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFull));
    return text;
}

App::App(Options opts) : options(std::move(opts)), config(config_dir()) {
    settings = load_settings(config);
    written_settings = settings;
    if (!settings.problem.empty()) {
        std::cerr << "tilelab-editor: " << settings.problem << "\n";
        status(settings.problem);
    }
    std::vector<std::string> known = settings.recent_files;  // whose autosaves a crash may have left
    known.insert(known.end(), settings.last_session.begin(), settings.last_session.end());
    std::vector<std::string> files = options.files;
    if (files.empty()) files = settings.last_session;
    for (const std::string& file : files) {
        std::error_code ec;
        if (std::filesystem::exists(file, ec)) open_path(file);
        else if (!options.files.empty()) status("cannot open " + file + ": no such file");
    }
    // Name every file of the session (or command line) that did not open; the first message
    // above is replaced so that none goes unnoticed.
    if (!open_failures.empty()) {
        std::string names;
        for (const OpenFailure& f : open_failures) names += (names.empty() ? "" : ", ") + f.path.filename().string();
        status((options.files.empty() ? "could not reopen " : "could not open ") + names + ": see Problems");
    }
    // Every autosave left by a crash, also of files not reopened and of never-saved levels.
    for (const RecoveryOffer& offer : find_autosaves(config, known)) offer_recovery(offer.file, offer.autosave);
    if (documents.empty() && open_failures.empty()) {
        Level level = make_blank_level(Kind{}, 8, 8);  // the first kind of the table
        level.id = new_level_id();
        level.goal.moves = 20;
        new_level(level);
    }
}

App::~App() { shutdown(); }

void App::shutdown() {
    if (shut_down) return;
    shut_down = true;
    persist_settings();
    live_worker.cancel();
    deep_worker.cancel();
    panels::stop_pack_check(*this);
}

void App::remember_session() {
    settings.last_session.clear();
    for (const auto& doc : documents)
        if (!doc->path().empty()) settings.last_session.push_back(doc->path().string());
    // The open pack comes back too (last, so the tabs keep their order).
    if (pack && !pack->path.empty()) settings.last_session.push_back(pack->path.string());
}

void App::persist_settings() {
    // Written when they change (a file opened, saved or closed, a toggle), so a crash keeps them.
    remember_session();
    Settings to_save = settings;
    if (user_overlays) to_save.overlays = *user_overlays;
    if (to_save == written_settings) return;
    written_settings = to_save;
    if (std::string error = save_settings(config, to_save); !error.empty()) status("cannot save the settings: " + error);
    else trace("settings saved");
}

void App::trace(const std::string& line) const {
    if (!options.trace) return;
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
}

void App::status(std::string message) {
    trace("status: " + message);
    status_message = std::move(message);
    status_age = 0.0;
}

Document* App::active() { return shown_failure.empty() ? find(active_id) : nullptr; }

Document* App::find(int document_id) {
    for (auto& doc : documents)
        if (doc->id() == document_id) return doc.get();
    return nullptr;
}

void App::add_document(std::unique_ptr<Document> document) {
    active_id = document->id();
    select_tab_id = active_id;
    documents.push_back(std::move(document));
}

void App::new_level(const Level& level) { add_document(std::make_unique<Document>(level, std::filesystem::path{})); }

void App::open_path(const std::filesystem::path& path) {
    Diagnostics diagnostics;
    std::optional<std::string> text = read_text_file(path, diagnostics);
    if (!text) {
        report_open_failure(path, diagnostics);
        return;
    }
    if (sniff_format(*text) == "tilelab.pack") {
        PackLoad load = parse_pack(*text, path.string());
        if (!load.pack) {
            report_open_failure(path, load.diagnostics);
            return;
        }
        std::erase_if(open_failures, [&](const OpenFailure& f) { return f.path == path; });
        pack.emplace();  // a fresh pack view: edits, selection and analysis start over
        // Absolute, as levels are: the recent files and the session name it from any folder.
        std::error_code ec;
        pack->path = std::filesystem::absolute(path, ec);
        if (ec) pack->path = path;
        pack->pack = *load.pack;
        settings.add_recent(pack->path.string());
        if (!pack->pack.levels.empty()) open_level_file(path.parent_path() / pack->pack.levels.front());
        trace("opened pack " + path.string() + " with " + std::to_string(pack->pack.levels.size()) + " levels");
        return;
    }
    open_level_file(path);
}

void App::open_level_file(const std::filesystem::path& path) {
    std::error_code ec;
    // Normalised: a level opened from a pack ("packs/../samples/x.json") is the same tab, and names
    // the same file, as the level opened directly.
    std::filesystem::path absolute = std::filesystem::absolute(path, ec).lexically_normal();
    if (ec) absolute = path;
    for (auto& doc : documents)
        if (doc->path() == absolute) {
            active_id = select_tab_id = doc->id();
            return;
        }
    LevelLoad load = load_level(absolute);
    if (!load.level) {
        report_open_failure(path, load.diagnostics);
        return;
    }
    std::erase_if(open_failures, [&](const OpenFailure& f) {
        std::error_code same_ec;
        return f.path == path || std::filesystem::equivalent(f.path, absolute, same_ec);
    });
    auto doc = std::make_unique<Document>(*load.level, absolute);
    std::filesystem::path autosave = doc->autosave_path(config);
    add_document(std::move(doc));
    settings.add_recent(absolute.string());
    trace("opened " + absolute.string());
    if (std::filesystem::exists(autosave, ec)) offer_recovery(absolute, autosave);
}

void App::report_open_failure(const std::filesystem::path& path, const Diagnostics& diagnostics) {
    Diagnostics shown = diagnostics;
    if (shown.empty())
        shown.push_back(Diagnostic{Diagnostic::Severity::error, path.string(), 0, 0, "", "cannot open", std::nullopt, {}});
    for (const Diagnostic& d : shown) {
        std::fprintf(stderr, "%s\n", d.format().c_str());
        trace("open failed: " + d.format());
    }
    std::fflush(stderr);
    std::erase_if(open_failures, [&](const OpenFailure& f) { return f.path == path; });
    open_failures.push_back({path, shown});
    select_failure = path;
    int errors = 0;
    for (const Diagnostic& d : shown) errors += d.severity == Diagnostic::Severity::error;
    status("cannot open " + path.filename().string() + ": " + std::to_string(errors) + " error(s), listed in Problems");
}

void App::offer_recovery(const std::filesystem::path& file, const std::filesystem::path& autosave) {
    for (const RecoveryOffer& offer : recovery)
        if (offer.autosave == autosave) return;
    recovery.push_back(describe_autosave(file, autosave));
}

void App::recover(const RecoveryOffer& offer) {
    LevelLoad load = load_level(offer.autosave);
    if (!load.level) {
        status("cannot recover " + offer.autosave.string() +
               (load.diagnostics.empty() ? std::string() : ": " + load.diagnostics.front().format()));
        return;
    }
    const Level recovered = *load.level;
    auto find_file = [&]() -> Document* {
        for (auto& doc : documents)
            if (!offer.file.empty() && doc->path() == offer.file) return doc.get();
        return nullptr;
    };
    Document* target = find_file();
    std::error_code ec;
    if (!target && !offer.file.empty() && std::filesystem::exists(offer.file, ec)) {
        open_level_file(offer.file);  // a file not reopened this time: its tab first, then the work on top
        // Opening it offers its autosave again: that is the work being recovered now, not a new offer.
        std::erase_if(recovery, [&](const RecoveryOffer& o) { return o.autosave == offer.autosave; });
        target = find_file();
    }
    if (!target) {
        // A never-saved level, or a file that is gone (or no longer loads): a tab of its own.
        // A gone file keeps its name (Ctrl+S writes it back); one that no longer loads is never overwritten unasked.
        const bool gone = !offer.file.empty() && !std::filesystem::exists(offer.file, ec);
        auto doc = std::make_unique<Document>(Level{}, gone ? offer.file : std::filesystem::path{});
        target = doc.get();
        add_document(std::move(doc));
    }
    // Recovered as an edit: unsaved, and undo goes back to the file's level.
    target->change("Recover autosave", [&](Level& l) { l = recovered; });
    if (target->autosave_path(config) == offer.autosave) target->autosaved_revision = target->revision();
    else discard_autosave_file(offer.autosave, config);  // it lives on as the tab's own autosave
    active_id = select_tab_id = target->id();
    trace("recovered " + offer.autosave.string());
}

void App::discard_recovery(const RecoveryOffer& offer) {
    discard_autosave_file(offer.autosave, config);
    for (auto& doc : documents)
        if (doc->autosave_path(config) == offer.autosave) doc->autosaved_revision = 0;
    trace("discarded " + offer.autosave.string());
}

void App::discard_unsaved_autosaves() {
    for (auto& doc : documents) {
        if (!doc->dirty()) continue;
        discard_autosave(*doc, config);
        doc->autosaved_revision = doc->revision();  // and no later tick writes it again
        trace("discarded " + doc->autosave_path(config).string());
    }
}

void App::request_close(int document_id) {
    Document* doc = find(document_id);
    if (!doc || modal_blocks("closing " + doc->title())) return;
    if (doc->dirty()) {
        close_prompt_document = document_id;
        trace("prompt: close with unsaved changes: " + doc->title());
        return;
    }
    close_now(document_id);
}

void App::close_now(int document_id) {
    auto it = std::find_if(documents.begin(), documents.end(), [&](const auto& d) { return d->id() == document_id; });
    if (it == documents.end()) return;
    discard_autosave(**it, config);  // closing discards unsaved work on purpose
    if (play.document_id == document_id) play = PlayTest();
    documents.erase(it);
    if (active_id == document_id) active_id = documents.empty() ? 0 : documents.back()->id();
    select_tab_id = active_id;
}

void App::request_quit() {
    trace("quit requested");
    bool any_dirty = std::any_of(documents.begin(), documents.end(), [](const auto& d) { return d->dirty(); });
    if (!any_dirty) {
        exit_now = true;
        return;
    }
    if (!quit_prompt) trace("prompt: quit with unsaved changes");
    quit_prompt = true;
}

const char* modal_name(Modal modal) {
    switch (modal) {
    case Modal::none:
        return "none";
    case Modal::quit:
        return "the quit prompt";
    case Modal::close:
        return "the unsaved-changes prompt";
    case Modal::browser:
        return "the file dialog";
    case Modal::new_level:
        return "the New level dialog";
    case Modal::recovery:
        return "the recovery prompt";
    }
    return "a dialog";
}

Modal App::modal() const {
    if (quit_prompt) return Modal::quit;  // always reachable: over any other
    if (close_prompt_document) return Modal::close;
    if (browser.open) return Modal::browser;
    if (new_dialog.open) return Modal::new_level;
    if (!recovery.empty()) return Modal::recovery;
    return Modal::none;
}

bool App::modal_blocks(const std::string& what) {
    Modal top = modal();
    if (top == Modal::none) return false;
    status(what + " waits: " + modal_name(top) + " is open (Enter confirms it, Esc closes it)");
    return true;
}

void App::save_active() {
    Document* doc = active();
    if (!doc) return;
    if (doc->path().empty()) {
        panels::open_browser(*this, true);  // never saved: Save As
        return;
    }
    save_to(*doc, doc->path());
}

void App::save_active_as(const std::filesystem::path& path) {
    if (Document* doc = active()) save_to(*doc, path);
}

void App::save_to(Document& doc, const std::filesystem::path& path) {
    // The autosave is named after the file the document had: a save (as) makes it obsolete.
    std::filesystem::path old_autosave = doc.autosave_path(config);
    std::string error = path == doc.path() ? doc.save() : doc.save_as(path);
    if (!error.empty()) {
        status("save failed: " + error);
        if (doc.save_refused_read_only) {
            active_id = select_tab_id = doc.id();
            panels::open_browser(*this, true);  // a read-only file: offer Save As, as text editors do
        }
        return;
    }
    discard_autosave_file(old_autosave, config);
    doc.autosaved_revision = 0;
    settings.add_recent(doc.path().string());
    status("saved " + doc.path().string());
}

void App::undo() {
    if (Document* doc = active()) doc->undo();
}
void App::redo() {
    if (Document* doc = active()) doc->redo();
}

const Analysis* App::current_analysis(const Document& document) const {
    // A stale result is never drawn as current: the revision must match exactly.
    if (document.view.revision != document.revision() || !document.view.analysis) return nullptr;
    return &*document.view.analysis;
}

const EstimateResult* App::current_estimate(const Document& document) const {
    if (document.view.revision != document.revision() || !document.view.estimate) return nullptr;
    return &*document.view.estimate;
}

std::string live_bot(Kind kind) { return editor_kind(kind).live_bot; }

std::string estimate_trace(const EstimateResult& e) {
    char text[160];
    std::snprintf(text, sizeof text, "runs=%d wins=%d pass_rate=%.6f stopped=%d bot=", e.runs, e.wins, e.pass_rate,
                  e.timed_out ? 1 : 0);
    std::string bot = e.json.is_object() && e.json.contains("bot") && e.json["bot"].is_string() ? e.json["bot"].get<std::string>()
                                                                                                : "";
    return text + bot;
}

std::string App::settle_trace(const Document& doc) const {
    // From the edit (the document's revision changing) to this frame, which draws the figure.
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - doc.changed_at()).count();
    return " settle_ms=" + std::to_string(static_cast<long long>(ms + 0.5));
}

void App::run_deep_analysis() {
    Document* doc = active();
    if (!doc) return;
    Job job;
    job.document_id = doc->id();
    job.revision = doc->revision();
    job.level = doc->level();
    const KindOps& ops = kind_ops(job.level.kind);
    AnalysisTask task;
    task.run_analyze = ops.estimate == nullptr;  // link, lines: the solver with a long budget
    task.analyze.budget_ms = settings.deep_budget_ms;
    task.run_estimate = ops.estimate != nullptr;  // match3, slide: many playouts
    task.estimate.runs = settings.deep_runs;
    task.estimate.precision = settings.deep_precision;  // as `tilelab estimate --precision`
    task.estimate.threads = 1;                          // the UI keeps the other core
    task.estimate.seed = 0;                             // as `tilelab estimate` and `pack check`: one figure everywhere
    task.estimate.bot = "";                             // each kind's own bot, as the command line
    // The pass-rate curve up to twice the limit, as `tilelab estimate` draws it by default.
    task.estimate.curve_cap = 2 * job.level.goal.moves.value_or(0);
    job.task = std::move(task);
    deep_document = doc->id();
    deep_view = AnalysisView{};
    deep_worker.submit(std::move(job));
    trace("deep analysis started");
}

EstimateOptions App::command_line_playouts() const {
    EstimateOptions estimate;
    estimate.runs = settings.quick_runs;  // the command line's default runs, unless changed
    estimate.threads = 1;                 // the UI keeps the other core; the figures do not depend on it
    estimate.seed = 0;
    estimate.bot = "";
    estimate.time_budget_ms = default_playout_budget_ms;
    return estimate;
}

void App::run_aim() {
    Document* doc = active();
    if (!doc || deep_worker.busy()) return;
    // Exactly `tilelab tune LEVEL --target P --tolerance T --runs quick_runs` (seed 0, the kind's
    // own bot): the same games, so the same limit, on any thread count.
    TuneTask task;
    task.estimate = command_line_playouts();
    task.tune.target = settings.aim_target;
    task.tune.tolerance = settings.aim_tolerance;
    const TuneOptions& tune = task.tune;
    Job job{doc->id(), doc->revision(), doc->level(), task};
    aim_view = AimView{};
    aim_view.document_id = doc->id();
    aim_view.revision = doc->revision();
    aim_view.running = true;
    aim_view.target = tune.target;
    deep_worker.submit(std::move(job));
    trace("aim started: target=" + std::to_string(tune.target));
}

void App::run_ladder() {
    Document* doc = active();
    if (!doc || deep_worker.busy()) return;
    LadderTask task;
    task.estimate = command_line_playouts();
    for (const char* bot : kind_ops(doc->level().kind).ladder_bots) task.bots.emplace_back(bot);
    Job job{doc->id(), doc->revision(), doc->level(), std::move(task)};
    ladder_view = LadderView{};
    ladder_view.document_id = doc->id();
    ladder_view.revision = doc->revision();
    ladder_view.running = true;
    deep_worker.submit(std::move(job));
    trace("ladder started");
}

const calibration::Calibration* App::calibration() {
    if (settings.calibration_file.empty()) {
        loaded_calibration.reset();
        loaded_calibration_path.clear();
        calibration_error.clear();
        return nullptr;
    }
    if (loaded_calibration_path != settings.calibration_file) {
        loaded_calibration_path = settings.calibration_file;
        calibration::CalibrationLoad load = calibration::load_calibration(settings.calibration_file);
        loaded_calibration = std::move(load.calibration);
        calibration_error = loaded_calibration || load.diagnostics.empty() ? std::string() : load.diagnostics.front().format();
        trace(loaded_calibration ? "calibration loaded: " + settings.calibration_file
                                 : "calibration refused: " + calibration_error);
    }
    return loaded_calibration ? &*loaded_calibration : nullptr;
}

void App::poll_workers() {
    if (std::optional<Outcome> outcome = live_worker.take()) {
        Document* doc = find(outcome->document_id);
        AnalysisDone* done = outcome->as<AnalysisDone>();
        // A view already current (a reused result) is never replaced by an older job's, such as
        // the cancelled job the reuse stopped.
        if (!done || (doc && doc->view.revision == doc->revision() && outcome->revision != doc->revision())) doc = nullptr;
        if (doc) {
            // A whole result of the level last asked for is kept for reuse (see live_results).
            std::shared_ptr<const EstimateResult> estimate;
            if (done->estimate) estimate = std::make_shared<const EstimateResult>(std::move(*done->estimate));
            if (outcome->revision == live_requested_revision && !done->estimate_pending && !outcome->cancelled &&
                outcome->error.empty() && estimate && !done->estimate_timed_out && !estimate->cancelled &&
                !live_requested_text.empty()) {
                live_results.push_front({live_requested_text, done->analysis, estimate, outcome->elapsed_ms});
                if (live_results.size() > 32) live_results.pop_back();
            }
            doc->view.revision = outcome->revision;
            doc->view.analysis = std::move(done->analysis);
            doc->view.estimate = std::move(estimate);
            doc->view.error = std::move(outcome->error);
            doc->view.elapsed_ms = outcome->elapsed_ms;
            doc->view.estimate_pending = done->estimate_pending;
            doc->view.estimate_timed_out = done->estimate_timed_out;
            doc->view.estimate_first = done->estimate_first;
            if (doc->view.revision == doc->revision()) {
                trace(done->estimate_pending ? "analysis ready (playouts running)" : "analysis ready");
                // `badge-first:` is the first figure drawn after the edit: the first tenth of the
                // runs, or the whole run's when it ended before the first tenth reached a frame
                // (the mailbox keeps only the latest outcome) or when there is no first tenth.
                if (doc->view.estimate &&
                    (done->estimate_first || (!done->estimate_pending && first_figure_revision != doc->view.revision))) {
                    first_figure_revision = doc->view.revision;
                    trace("badge-first: " + estimate_trace(*doc->view.estimate) + settle_trace(*doc));
                }
                if (doc->view.estimate && !done->estimate_pending)
                    trace("badge: " + estimate_trace(*doc->view.estimate) +
                          (doc->view.estimate_timed_out ? " budget=stopped" : " budget=finished") + settle_trace(*doc));
            }
        }
    }
    std::optional<Outcome> deep_outcome = deep_worker.take();
    if (!deep_outcome) return;
    // The deep worker runs one job at a time: a job of another task replaced a running aim or
    // ladder job, whose view then stops saying "running".
    if (aim_view.running && !deep_outcome->as<TuneDone>() && deep_outcome->document_id == aim_view.document_id)
        aim_view.running = false;
    if (ladder_view.running && !deep_outcome->as<LadderDone>()) ladder_view.running = false;
    if (LadderDone* ladder = deep_outcome->as<LadderDone>()) {
        ladder_view.running = false;
        ladder_view.revision = deep_outcome->revision;
        ladder_view.results = std::move(ladder->figures);
        ladder_view.message = !deep_outcome->error.empty() ? "failed: " + deep_outcome->error
                              : deep_outcome->cancelled    ? "cancelled"
                                                           : "";
        for (const auto& [bot, e] : ladder_view.results)
            trace("ladder: bot=" + bot + " runs=" + std::to_string(e.runs) + " wins=" + std::to_string(e.wins));
        trace("ladder finished" + (ladder_view.message.empty() ? std::string() : ": " + ladder_view.message));
    } else if (TuneDone* tune = deep_outcome->as<TuneDone>()) {
        Outcome& outcome = *deep_outcome;
        aim_view.running = false;
        Document* doc = find(outcome.document_id);
        char percent_text[64];
        if (!outcome.error.empty()) {
            aim_view.message = "failed: " + outcome.error;
        } else if (outcome.cancelled || !tune->tune || !tune->tune->choice) {
            aim_view.message = outcome.cancelled ? "cancelled" : "no playout finished: no curve to read";
        } else if (!doc || doc->revision() != outcome.revision) {
            aim_view.message = "the level changed while the curve was made: run it again";
        } else {
            const TuneResult& tuned = *tune->tune;
            const LimitChoice& c = *tuned.choice;
            std::snprintf(percent_text, sizeof percent_text, "%s [%s, %s]", tilelab::percent_text(c.pass_rate).c_str(),
                          tilelab::percent_text(c.ci_low).c_str(), tilelab::percent_text(c.ci_high).c_str());
            if (tuned.within) {
                const int before = doc->level().goal.moves.value_or(0);
                char label[64];
                std::snprintf(label, sizeof label, "Set moves for %.0f%%", aim_view.target * 100);
                if (before != c.moves) doc->change(label, [&](Level& l) { l.goal.moves = c.moves; });
                aim_view.message = "move limit " + std::to_string(c.moves) +
                                   (before == c.moves ? " (unchanged)" : " (was " + std::to_string(before) + ")") +
                                   ": pass rate " + percent_text;
            } else {
                aim_view.message = "no limit up to " + std::to_string(tuned.caps.back()) + " moves is within " +
                                   std::to_string(static_cast<int>(std::lround(settings.aim_tolerance * 100))) +
                                   " points: the nearest is " + percent_text + " at " + std::to_string(c.moves) +
                                   " moves (the limit is left as it was)";
            }
            trace("aim: moves=" + std::to_string(c.moves) + " rate=" + std::to_string(c.pass_rate) +
                  " within=" + (tuned.within ? "1" : "0") + " caps=" + std::to_string(tuned.caps.size()));
        }
        aim_view.revision = doc ? doc->revision() : 0;
        if (doc && !outcome.cancelled && outcome.error.empty()) {
            aim_view.without_limit = doc->level();
            aim_view.without_limit->goal.moves.reset();
            aim_view.holds_revision = UINT64_MAX;  // work it out again for the next frame
        }
        aim_view.result = std::move(tune->tune);
        trace("aim finished: " + aim_view.message);
    } else if (AnalysisDone* done = deep_outcome->as<AnalysisDone>()) {
        deep_view.revision = deep_outcome->revision;
        deep_view.analysis = std::move(done->analysis);
        deep_view.estimate.reset();
        if (done->estimate) deep_view.estimate = std::make_shared<const EstimateResult>(std::move(*done->estimate));
        deep_view.error = std::move(deep_outcome->error);
        deep_view.elapsed_ms = deep_outcome->elapsed_ms;
        trace("deep analysis finished");
        if (deep_view.estimate) {
            trace("deep: " + estimate_trace(*deep_view.estimate));
            for (const EstimateResult::Histogram& h : deep_view.estimate->histograms) {
                std::string bins;
                for (double c : h.counts) bins += " " + std::to_string(static_cast<long long>(c));
                trace("deep histogram " + h.name + ":" + bins);
            }
        }
    }
}

void App::schedule_live_analysis() {
    Document* doc = active();
    if (!doc) return;
    // An edit cancels the long analysis: its result would describe a level that is gone.
    if (deep_worker.busy() &&
        (deep_document == doc->id() || (aim_view.running && aim_view.document_id == doc->id()) ||
         (ladder_view.running && ladder_view.document_id == doc->id())) &&
        deep_worker.running_revision() != doc->revision())
        deep_worker.cancel();
    if (doc->revision() == live_requested_revision && doc->id() == live_requested_document) return;
    live_requested_revision = doc->revision();
    live_requested_document = doc->id();
    const KindOps& ops = kind_ops(doc->level().kind);
    live_requested_text.clear();
    if (ops.estimate) {
        // The same level as a finished result (undo, redo, a cell painted back): reuse it, no job.
        live_requested_text = write_level(doc->level());
        for (auto it = live_results.begin(); it != live_results.end(); ++it) {
            if (it->level_text != live_requested_text || it->estimate->runs != settings.quick_runs) continue;
            live_worker.cancel();  // whatever runs is for a level that is gone
            doc->view = AnalysisView{};
            doc->view.revision = doc->revision();
            doc->view.analysis = it->analysis;
            if (doc->view.analysis) doc->view.analysis->revision = doc->revision();
            doc->view.estimate = it->estimate;
            doc->view.elapsed_ms = it->elapsed_ms;
            live_results.splice(live_results.begin(), live_results, it);  // most recent first
            trace("analysis ready (reused)");
            first_figure_revision = doc->revision();
            trace("badge-first: " + estimate_trace(*doc->view.estimate) + settle_trace(*doc) + " reused=1");
            trace("badge: " + estimate_trace(*doc->view.estimate) + " budget=finished" + settle_trace(*doc) + " reused=1");
            return;
        }
    }
    Job job;
    job.document_id = doc->id();
    job.revision = doc->revision();
    job.level = doc->level();
    AnalysisTask task;
    task.analyze.budget_ms = settings.live_budget_ms;
    task.run_estimate = ops.estimate != nullptr;
    task.estimate.runs = settings.quick_runs;
    task.estimate.threads = live_playout_threads;
    task.estimate.seed = 0;  // as `tilelab estimate` and `pack check`
    task.estimate.bot = live_bot(job.level.kind);
    task.estimate_budget_ms = settings.live_playout_budget_ms;
    task.estimate_first_runs = live_first_runs(task.estimate.runs);
    job.task = std::move(task);
    live_worker.submit(std::move(job));
}

void App::autosave_tick(double dt) {
    autosave_timer += dt;
    if (autosave_timer < settings.autosave_seconds) return;
    autosave_timer = 0.0;
    for (auto& doc : documents) {
        if (doc->in_gesture()) continue;  // mid-stroke: the next tick gets the whole stroke
        bool wrote = false;
        if (std::string error = autosave_document(*doc, config, wrote); !error.empty()) status("autosave failed: " + error);
        else if (wrote) trace("autosaved " + doc->autosave_path(config).string());
    }
}

void App::disk_check_tick(double dt) {
    disk_check_timer += dt;
    if (disk_check_timer < 1.0) return;
    disk_check_timer = 0.0;
    for (auto& doc : documents) {
        if (doc->path().empty()) continue;
        std::error_code ec;
        auto time = std::filesystem::last_write_time(doc->path(), ec);
        if (ec || time == doc->disk_time) continue;
        doc->disk_time = time;
        LevelLoad load = load_level(doc->path());
        if (!load.level) {
            // A broken file: keep ours (saving writes it back whole) and say so once per change.
            for (const Diagnostic& d : load.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
            status(doc->path().filename().string() + " changed on disk and does not load (" +
                   (load.diagnostics.empty() ? std::string("?") : load.diagnostics.front().format()) + "); keeping this copy");
            continue;
        }
        if (*load.level == doc->level()) continue;
        if (!doc->dirty()) {
            doc->replace_from_disk(*load.level);
            status("reloaded " + doc->path().filename().string() + " (changed on disk)");
        } else {
            doc->disk_changed = true;
            trace("banner: file changed on disk: " + doc->path().string());
        }
    }
}

void App::refresh_live_analysis() {
    Document* doc = active();
    if (doc && diagnostics_revision != doc->revision()) {
        diagnostics_revision = doc->revision();
        // Validation is the loader's own: the canonical text read back gives the file's diagnostics.
        diagnostics = parse_level(write_level(doc->level()), doc->title()).diagnostics;
    }
    // An invalid level gets no analysis: no pass rate or verdict is shown for a file that does not load.
    if (!play.active && !(doc && !diagnostics.empty())) schedule_live_analysis();
}

void App::frame(double dt) {
    ++frame_number;
    status_age += dt;
    poll_workers();
    panels::poll_pack(*this);  // also with the Pack panel folded: an export finishes all the same
    refresh_live_analysis();
    autosave_tick(dt);
    disk_check_tick(dt);

    panels::draw_shortcuts_keys(*this);
    panels::draw_main_menu(*this);
    panels::draw_workspace(*this);
    panels::draw_modals(*this);  // the one modal: prompts, file browser, new level
    panels::draw_shortcuts(*this);
    // An edit made in this frame goes to the worker now: the next frame may be a whole idle wait
    // away (the main loop sleeps until the next input event when no worker is busy).
    refresh_live_analysis();

    persist_settings();

    if (options.print_layout && !(layout == printed_layout)) {
        printed_layout = layout;
        std::printf("layout %g %g %g %d %d\n", layout.x0, layout.y0, layout.cell, layout.width, layout.height);
        std::fflush(stdout);
    }
}

}  // namespace tilelab::editor
