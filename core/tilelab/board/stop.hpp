// Cancellation the library's own way: a token that long work polls, and the source that stops it.
// Plain C++ (no std::stop_token, which some standard libraries lack, such as the one emscripten
// builds WebAssembly with). Where the standard library has std::stop_token, a StopToken converts
// from one, so that a std::jthread's token passes straight in.
#pragma once
#include "tilelab/board/cxx20.hpp"
#include <atomic>
#include <memory>
#include <utility>
#include <version>
#if defined(__cpp_lib_jthread)
#include <stop_token>
#define TILELAB_STD_STOP_TOKEN 1
#endif

namespace tilelab {

namespace detail {
struct StopState;
}

class StopToken {
public:
    StopToken() = default;  // never stops
#if defined(TILELAB_STD_STOP_TOKEN)
    // Implicit: a std::stop_token (a std::jthread's) is a StopToken too.
    StopToken(std::stop_token token) : std_(std::move(token)) {}  // NOLINT(google-explicit-constructor)
#endif
    bool stop_requested() const noexcept;

private:
    friend class StopSource;
    explicit StopToken(std::shared_ptr<const detail::StopState> state) : state_(std::move(state)) {}
    std::shared_ptr<const detail::StopState> state_;
#if defined(TILELAB_STD_STOP_TOKEN)
    std::stop_token std_;
#endif
};

namespace detail {
struct StopState {
    std::atomic<bool> flag{false};
    StopToken parent;  // stops this state too
    bool stopped() const noexcept { return flag.load(std::memory_order_acquire) || parent.stop_requested(); }
};
}  // namespace detail

inline bool StopToken::stop_requested() const noexcept {
    if (state_ && state_->stopped()) return true;
#if defined(TILELAB_STD_STOP_TOKEN)
    if (std_.stop_requested()) return true;
#endif
    return false;
}

// Stops its tokens when asked, or (made from a parent token) when the parent stops.
class StopSource {
public:
    StopSource() : state_(std::make_shared<detail::StopState>()) {}
    explicit StopSource(StopToken parent) : StopSource() { state_->parent = std::move(parent); }
    StopToken get_token() const { return StopToken(state_); }
    // True when this call stopped it (it was not asked before).
    bool request_stop() noexcept { return !state_->flag.exchange(true, std::memory_order_acq_rel); }
    bool stop_requested() const noexcept { return state_->stopped(); }

private:
    std::shared_ptr<detail::StopState> state_;
};

}  // namespace tilelab
