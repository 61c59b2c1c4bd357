// The progress line of a pack check on stderr (`tilelab pack`, `tilelab calibrate`).
#pragma once
#include <string>
#include <thread>

#include "tilelab/pack/pack.hpp"

namespace tilelab::cli {

// Redraws "NAME: analysing levels 3/12", "NAME: playouts, level 4/12 (id) 40%" in place on stderr
// while a check runs, and clears it when destroyed; draws nothing when stderr is not a terminal.
class PackProgressLine {
public:
    PackProgressLine(std::string name, const pack::LoadedPack& loaded, pack::CheckProgress& progress);

private:
    void draw();

    std::string name_;
    const pack::LoadedPack& loaded_;
    pack::CheckProgress& progress_;
    std::jthread thread_;  // last member: stopped and joined before the others go
};

}  // namespace tilelab::cli
