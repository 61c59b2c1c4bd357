// The progress line of a pack check on stderr (pack_progress.hpp).
#include "cli/pack_progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace tilelab::cli {

using namespace std::chrono_literals;

PackProgressLine::PackProgressLine(std::string name, const pack::LoadedPack& loaded, pack::CheckProgress& progress)
    : name_(std::move(name)), loaded_(loaded), progress_(progress) {
    if (!::isatty(STDERR_FILENO)) return;
    thread_ = std::jthread([this](std::stop_token stop) {
        while (!stop.stop_requested()) {
            draw();
            std::this_thread::sleep_for(150ms);
        }
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    });
}

void PackProgressLine::draw() {
    const int total = static_cast<int>(loaded_.entries.size());
    const int analysed = progress_.levels_analysed.load();
    const int estimating = progress_.estimating.load();
    const char* name = name_.c_str();
    char line[256];
    if (analysed < total) {
        std::snprintf(line, sizeof line, "%s: analysing levels %d/%d", name, analysed, total);
    } else if (estimating >= 0 && estimating < static_cast<int>(loaded_.entries.size())) {
        const auto& entry = loaded_.entries[static_cast<std::size_t>(estimating)];
        std::string label = entry.level && !entry.level->id.empty() ? entry.level->id : entry.path;
        std::snprintf(line, sizeof line, "%s: playouts, level %d/%d (%.40s) %3.0f%%", name, estimating + 1, total, label.c_str(),
                      progress_.playouts.fraction.load() * 100.0);
    } else if (progress_.levels_estimated.load() < total) {
        std::snprintf(line, sizeof line, "%s: playouts", name);
    } else {
        std::snprintf(line, sizeof line, "%s: finishing", name);
    }
    std::fprintf(stderr, "\r\033[K%s", line);
    std::fflush(stderr);
}

}  // namespace tilelab::cli
