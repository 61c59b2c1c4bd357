// The analysis worker thread (see worker.hpp).
#include "worker.hpp"

#include <chrono>
#include <exception>
#include <utility>

namespace tilelab::editor {

AnalysisWorker::AnalysisWorker() : thread_([this](std::stop_token stop) { run(stop); }) {}

AnalysisWorker::~AnalysisWorker() {
    {
        std::lock_guard lock(mutex_);
        job_stop_.request_stop();
        pending_.reset();
    }
    thread_.request_stop();
    wake_.notify_all();
    // jthread joins here; the running job sees its stop token and returns.
}

void AnalysisWorker::submit(AnalysisJob job) {
    {
        std::lock_guard lock(mutex_);
        job_stop_.request_stop();  // the running job is stale now
        pending_ = std::move(job);
        mailbox_.reset();
    }
    wake_.notify_all();
}

void AnalysisWorker::cancel() {
    std::lock_guard lock(mutex_);
    job_stop_.request_stop();
    pending_.reset();
}

std::optional<AnalysisOutcome> AnalysisWorker::take() {
    std::lock_guard lock(mutex_);
    std::optional<AnalysisOutcome> out = std::move(mailbox_);
    mailbox_.reset();
    return out;
}

void AnalysisWorker::run(std::stop_token stop) {
    while (!stop.stop_requested()) {
        AnalysisJob job;
        std::stop_token job_token;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [this] { return pending_.has_value(); })) return;
            job = std::move(*pending_);
            pending_.reset();
            job_stop_ = std::stop_source();
            job_token = job_stop_.get_token();
            busy_ = true;
            running_revision_ = job.revision;
            progress_.fraction = 0.0;
        }
        AnalysisOutcome outcome;
        outcome.document_id = job.document_id;
        outcome.revision = job.revision;
        auto started = std::chrono::steady_clock::now();
        const KindOps& ops = kind_ops(job.level.kind);
        try {
            if (job.run_analyze) {
                outcome.analysis = ops.analyze(job.level, job.analyze, job_token);
                outcome.analysis->revision = job.revision;
            }
            if (job.run_estimate && ops.estimate && !job_token.stop_requested()) {
                // Playouts take longer than the overlays: hand the overlays over first.
                std::lock_guard lock(mutex_);
                if (!pending_) {
                    AnalysisOutcome partial = outcome;
                    partial.estimate_pending = true;
                    mailbox_ = std::move(partial);
                }
            }
            if (job.run_estimate && ops.estimate && !job_token.stop_requested())
                outcome.estimate = ops.estimate(job.level, job.estimate, job_token, &progress_);
        } catch (const std::exception& e) {
            // The worker is the boundary between the kinds and the UI: whatever a kind throws
            // (a kind not built yet, a level it refuses) becomes a problem the designer sees.
            outcome.error = e.what();
        }
        outcome.cancelled = job_token.stop_requested();
        outcome.elapsed_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        {
            std::lock_guard lock(mutex_);
            busy_ = false;
            running_revision_ = 0;
            progress_.fraction = 1.0;
            // A superseded job's result is dropped here; the UI also checks the revision.
            if (!pending_) mailbox_ = std::move(outcome);
        }
    }
}

}  // namespace tilelab::editor
