// Cancellation the library's own way: a token that long work polls, and the source that stops it.
// Plain C++ (no std::stop_token, which some standard libraries lack, such as the one emscripten
// builds WebAssembly with). Where the standard library has std::stop_token, a StopToken converts
// from one, so that a std::jthread's token passes straight in.
#pragma once
#include "tilelab/board/cxx20.hpp"
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>
#include <version>
#if defined(__cpp_lib_jthread)
#include <stop_token>
#define TILELAB_STD_STOP_TOKEN 1
#endif

namespace tilelab {

namespace detail {
// One stop flag, read with a single load by every token of it (long work polls it per node). A
// source made from a parent token is the parent's child: stopping the parent stops it too.
struct StopState {
    std::atomic<bool> flag{false};
    std::mutex mutex;                                // guards `children`
    std::vector<std::weak_ptr<StopState>> children;  // stopped with this one
#if defined(TILELAB_STD_STOP_TOKEN)
    std::optional<std::stop_callback<std::function<void()>>> forward;  // a std::stop_token's stop, set here
#endif
    // Sets the flag, then the children's; true when this call set it.
    bool stop() {
        if (flag.exchange(true, std::memory_order_acq_rel)) return false;
        std::vector<std::weak_ptr<StopState>> to_stop;
        {
            std::lock_guard lock(mutex);
            to_stop.swap(children);
        }
        for (auto& child : to_stop)
            if (auto state = child.lock()) state->stop();
        return true;
    }
    void adopt(const std::shared_ptr<StopState>& child) {
        {
            std::lock_guard lock(mutex);
            if (!flag.load(std::memory_order_acquire)) {
                children.push_back(child);
                return;
            }
        }
        child->stop();
    }
};
}  // namespace detail

class StopToken {
public:
    StopToken() = default;  // never stops
#if defined(TILELAB_STD_STOP_TOKEN)
    // Implicit: a std::stop_token (a std::jthread's) is a StopToken too; its stop is forwarded to
    // the token's own flag.
    StopToken(std::stop_token token) {  // NOLINT(google-explicit-constructor)
        if (!token.stop_possible()) return;
        auto state = std::make_shared<detail::StopState>();
        detail::StopState* forward_to = state.get();
        state->forward.emplace(std::move(token), std::function<void()>([forward_to] { forward_to->stop(); }));
        state_ = std::move(state);
    }
#endif
    bool stop_requested() const noexcept { return state_ && state_->flag.load(std::memory_order_acquire); }

private:
    friend class StopSource;
    explicit StopToken(std::shared_ptr<detail::StopState> state) : state_(std::move(state)) {}
    std::shared_ptr<detail::StopState> state_;
};

// Stops its tokens when asked, or (made from a parent token) when the parent stops.
class StopSource {
public:
    StopSource() : state_(std::make_shared<detail::StopState>()) {}
    explicit StopSource(const StopToken& parent) : StopSource() {
        if (parent.state_) parent.state_->adopt(state_);
    }
    StopToken get_token() const { return StopToken(state_); }
    // True when this call stopped it (it was not asked before).
    bool request_stop() { return state_->stop(); }
    bool stop_requested() const noexcept { return state_->flag.load(std::memory_order_acquire); }

private:
    std::shared_ptr<detail::StopState> state_;
};

}  // namespace tilelab
