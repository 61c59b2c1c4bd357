// A part file read in one pass, its games kept apart from its JSON (see read_part in shard.hpp).
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tilelab/pack/shard.hpp"
#include "tilelab/pack/shard_detail.hpp"

namespace tilelab::pack {
namespace {

using ojson = nlohmann::ordered_json;
using detail::Fnv1a;
using detail::outcome_from_json;

// Builds a JSON tree from SAX events, as the library's own parser does (a repeated key keeps its
// first place and its last value).
class TreeBuilder {
public:
    explicit TreeBuilder(ojson& root) : root_(root) {}
    std::size_t depth() const { return stack_.size(); }
    ojson& at(std::size_t level) { return *stack_[level]; }
    void put(ojson&& value) { place(std::move(value)); }
    void open(ojson&& container) { stack_.push_back(place(std::move(container))); }
    // An array at the root that keeps the room of the last one (the games of a range, one by one).
    void open_reused_array() {
        if (root_.is_array()) root_.clear();
        else {
            root_ = ojson::array();
            root_.get_ref<ojson::array_t&>().reserve(8);
        }
        stack_.push_back(&root_);
    }
    void close() { stack_.pop_back(); }
    void key(const std::string& k) { pending_ = &(*stack_.back())[k]; }

private:
    ojson* place(ojson&& value) {
        if (stack_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        ojson& top = *stack_.back();
        if (top.is_array()) {
            top.push_back(std::move(value));
            return &top.back();
        }
        *pending_ = std::move(value);
        return pending_;
    }
    ojson& root_;
    std::vector<ojson*> stack_;
    ojson* pending_ = nullptr;
};

// Reads a part in one pass (nlohmann's SAX interface) into what PartFile holds: the part as JSON
// but for the "outcomes" array of each unit, whose games go straight into StreamedOutcomes, checked
// as outcome_from_json checks them; and the hash of "units" computed over the compact JSON that the
// library's dump() gives of them, as it is read (the bytes a shard writes), so that neither the
// file's text nor a tree of its games is ever held.
class PartReader {
public:
    explicit PartReader(std::uintmax_t file_size) : reserve_left_(file_size / min_game_bytes) {}

    bool null() { return scalar(nullptr, "null"); }
    bool boolean(bool v) { return scalar(v, v ? "true" : "false"); }
    bool number_integer(std::int64_t v) { return whole(v); }
    bool number_unsigned(std::uint64_t v) { return whole(v); }
    bool number_float(double v, const std::string&) {
        const std::string text = hashing() ? ojson(v).dump() : std::string();
        return scalar(ojson(v), text);
    }
    bool string(std::string& v) {
        const std::string text = hashing() ? ojson(v).dump() : std::string();
        return scalar(ojson(std::move(v)), text);
    }
    bool binary(ojson::binary_t&) { return false; }  // never from JSON text
    bool start_object(std::size_t) { return open(false); }
    bool start_array(std::size_t) { return open(true); }
    bool end_object() { return close("}"); }
    bool end_array() { return close("]"); }
    bool key(std::string& k) {
        if (hashing()) {
            if (items_.back()) units_hash_.add(",");
            items_.back() = true;
            units_hash_.add(ojson(k).dump());
            units_hash_.add(":");
            after_key_ = true;
        }
        if (games_) {
            element_tree_.key(k);
            return true;
        }
        if (tree_.depth() == 1 && k == "units") {  // the root's units (a repeated key: the last one)
            hashing_armed_ = true;
            units_hash_ = Fnv1a{};
            streamed_.clear();
        }
        if (tree_.depth() == 3 && in_unit_list() && k == "outcomes") {
            StreamedOutcomes& s = unit_record();
            s = StreamedOutcomes{};
            outcomes_next_ = true;
        }
        tree_.key(k);
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

    PartFile take(const std::string& file) {
        PartFile part{file, std::move(root_)};
        part.streamed = std::move(streamed_);
        if (units_seen_) part.units_hash_read = units_hash_.text();
        return part;
    }

private:
    // "[0,0,0,0,0,0,0,0]," : no game takes fewer bytes, so a list is given room for at most the
    // games the rest of the file can hold.
    static constexpr std::uintmax_t min_game_bytes = 18;

    bool hashing() const { return hashing_armed_ || !items_.empty(); }
    // The value about to begin, in the hashed text: its comma, and whether it begins "units".
    void before_value() {
        if (hashing_armed_) {
            hashing_armed_ = false;
            units_seen_ = true;
            after_key_ = false;
            return;
        }
        if (items_.empty()) return;
        if (!after_key_) {
            if (items_.back()) units_hash_.add(",");
            items_.back() = true;
        }
        after_key_ = false;
    }
    template <typename T>
    bool whole(T v) {
        char text[24];
        const auto end = std::to_chars(text, text + sizeof text, v).ptr;
        return scalar(ojson(v), std::string_view(text, static_cast<std::size_t>(end - text)));
    }
    bool scalar(ojson&& value, std::string_view text) {
        const bool hashed = hashing();
        before_value();
        if (hashed) units_hash_.add(text);
        if (games_) {
            element_tree_.put(std::move(value));
            if (element_tree_.depth() == 0) game_done();
        } else {
            tree_.put(std::move(value));
        }
        outcomes_next_ = false;
        return true;
    }
    bool open(bool array) {
        const bool hashed = hashing();
        before_value();
        if (hashed) {
            units_hash_.add(array ? "[" : "{");
            items_.push_back(false);
        }
        if (games_) {
            if (array && element_tree_.depth() == 0) element_tree_.open_reused_array();
            else element_tree_.open(array ? ojson::array() : ojson::object());
        } else if (outcomes_next_ && array) {  // a unit's "outcomes": its games are kept apart
            tree_.at(2).erase("outcomes");
            games_ = &unit_record();
            games_->present = true;
            reserve_games();
        } else {
            tree_.open(array ? ojson::array() : ojson::object());
        }
        outcomes_next_ = false;
        return true;
    }
    bool close(const char* bracket) {
        if (!items_.empty()) {
            units_hash_.add(bracket);
            items_.pop_back();
        }
        if (games_) {
            if (element_tree_.depth() == 0) {
                games_ = nullptr;  // the end of the "outcomes" array
                element_ = ojson();
            } else {
                element_tree_.close();
                if (element_tree_.depth() == 0) game_done();
            }
        } else {
            tree_.close();
        }
        return true;
    }
    void game_done() {
        StreamedOutcomes& s = *games_;
        ++s.count;
        if (s.bad_at != static_cast<std::size_t>(-1)) return;
        if (auto outcome = outcome_from_json(element_)) {
            s.outcomes.push_back(*outcome);
        } else {
            s.bad_at = s.count - 1;
            s.bad = element_.dump();
            std::vector<PlayoutOutcome>().swap(s.outcomes);  // the range is refused: its games are not needed
        }
    }
    // Room for the games the unit's "runs" announces (read before "outcomes" in the parts the tool
    // writes), at most as many as the rest of the file can hold.
    void reserve_games() {
        const ojson& unit = tree_.at(2);
        const auto runs = unit.find("runs");
        if (runs == unit.end() || !runs->is_array() || runs->size() != 2 || !(*runs)[1].is_number_unsigned()) return;
        const auto want = std::min<std::uintmax_t>((*runs)[1].get<std::uint64_t>(), reserve_left_);
        games_->outcomes.reserve(static_cast<std::size_t>(want));
        reserve_left_ -= want;
    }
    bool in_unit_list() { return tree_.at(0).is_object() && tree_.at(1).is_array() && tree_.at(2).is_object() && hashing(); }
    StreamedOutcomes& unit_record() {
        const std::size_t at = tree_.at(1).size() - 1;
        if (streamed_.size() <= at) streamed_.resize(at + 1);
        return streamed_[at];
    }

    ojson root_;
    TreeBuilder tree_{root_};
    ojson element_;  // the game being read
    TreeBuilder element_tree_{element_};
    StreamedOutcomes* games_ = nullptr;  // reading this unit's "outcomes"
    bool outcomes_next_ = false;         // the value after a unit's "outcomes" key comes next
    std::vector<StreamedOutcomes> streamed_;
    std::uintmax_t reserve_left_ = 0;
    // The hash of the root's "units" value: whether it comes next, and per open container within it
    // whether it has an item yet.
    Fnv1a units_hash_;
    bool hashing_armed_ = false;
    bool units_seen_ = false;
    bool after_key_ = false;
    std::vector<bool> items_;
};

}  // namespace

std::optional<PartFile> read_part(const std::string& file, std::string& error) {
    std::error_code ec;
    std::vector<char> buffer(1 << 20);
    std::ifstream in;
    in.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    in.open(file, std::ios::binary);
    if (!in) {
        error = std::filesystem::exists(file, ec) ? "cannot be read" : "no such file";
        return std::nullopt;
    }
    const auto size = std::filesystem::file_size(file, ec);
    PartReader reader(ec ? 0 : size);
    bool parsed = false;
    try {
        parsed = ojson::sax_parse(in, &reader);
    } catch (const std::ios_base::failure&) {  // a read error (a folder, EIO)
        in.setstate(std::ios::badbit);
    }
    if (in.bad()) {
        error = "cannot be read";
        return std::nullopt;
    }
    if (!parsed) {
        error = "is not JSON (a part is one JSON object)";
        return std::nullopt;
    }
    return reader.take(file);
}

}  // namespace tilelab::pack
