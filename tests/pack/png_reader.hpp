// A small PNG reader for the report's screenshot test: 8-bit RGB/RGBA, no interlace, with its own
// inflate (RFC 1951, after zlib's puff.c), so the test needs no image library.
#pragma once
#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tilelab::test {

struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;  // 3 bytes a pixel, row-major
    std::array<int, 3> at(int x, int y) const {
        const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
        return {rgb[i], rgb[i + 1], rgb[i + 2]};
    }
};

namespace png_detail {

class Inflater {
public:
    explicit Inflater(const std::vector<std::uint8_t>& in) : in_(in) {}

    std::vector<std::uint8_t> run() {
        bool last = false;
        while (!last) {
            last = bits(1);
            const int type = bits(2);
            if (type == 0) stored();
            else if (type == 1) fixed();
            else if (type == 2) dynamic();
            else throw std::runtime_error("inflate: bad block type");
        }
        return std::move(out_);
    }

private:
    struct Huffman {
        std::array<short, 16> count{};
        std::vector<short> symbol;
    };

    int bits(int need) {
        long value = bitbuf_;
        while (bitcnt_ < need) {
            if (pos_ >= in_.size()) throw std::runtime_error("inflate: out of input");
            value |= static_cast<long>(in_[pos_++]) << bitcnt_;
            bitcnt_ += 8;
        }
        bitbuf_ = static_cast<int>(value >> need);
        bitcnt_ -= need;
        return static_cast<int>(value & ((1L << need) - 1));
    }

    void stored() {
        bitbuf_ = 0;
        bitcnt_ = 0;
        if (pos_ + 4 > in_.size()) throw std::runtime_error("inflate: short stored block");
        const unsigned len = in_[pos_] | (in_[pos_ + 1] << 8);
        pos_ += 4;
        if (pos_ + len > in_.size()) throw std::runtime_error("inflate: short stored block");
        out_.insert(out_.end(), in_.begin() + static_cast<long>(pos_), in_.begin() + static_cast<long>(pos_ + len));
        pos_ += len;
    }

    int decode(const Huffman& h) {
        int code = 0, first = 0, index = 0;
        for (int len = 1; len <= 15; ++len) {
            code |= bits(1);
            const int count = h.count[static_cast<std::size_t>(len)];
            if (code - count < first) return h.symbol[static_cast<std::size_t>(index + (code - first))];
            index += count;
            first += count;
            first <<= 1;
            code <<= 1;
        }
        throw std::runtime_error("inflate: bad code");
    }

    static Huffman build(const short* lengths, int n) {
        Huffman h;
        h.symbol.assign(static_cast<std::size_t>(n), 0);
        for (int s = 0; s < n; ++s) h.count[static_cast<std::size_t>(lengths[s])]++;
        std::array<short, 16> offs{};
        for (int len = 1; len < 15; ++len) offs[len + 1] = static_cast<short>(offs[len] + h.count[len]);
        for (int s = 0; s < n; ++s)
            if (lengths[s] != 0) h.symbol[static_cast<std::size_t>(offs[lengths[s]]++)] = static_cast<short>(s);
        return h;
    }

    void codes(const Huffman& lencode, const Huffman& distcode) {
        static const short lbase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                        31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
        static const short lext[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
        static const short dbase[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                        193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
        static const short dext[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
        for (;;) {
            int symbol = decode(lencode);
            if (symbol < 256) {
                out_.push_back(static_cast<std::uint8_t>(symbol));
            } else if (symbol == 256) {
                return;
            } else {
                symbol -= 257;
                if (symbol >= 29) throw std::runtime_error("inflate: bad length");
                const int len = lbase[symbol] + bits(lext[symbol]);
                const int dsym = decode(distcode);
                if (dsym >= 30) throw std::runtime_error("inflate: bad distance");
                const std::size_t dist = static_cast<std::size_t>(dbase[dsym] + bits(dext[dsym]));
                if (dist > out_.size()) throw std::runtime_error("inflate: distance too far");
                for (int k = 0; k < len; ++k) out_.push_back(out_[out_.size() - dist]);
            }
        }
    }

    void fixed() {
        short lengths[288 + 30];
        int s = 0;
        for (; s < 144; ++s) lengths[s] = 8;
        for (; s < 256; ++s) lengths[s] = 9;
        for (; s < 280; ++s) lengths[s] = 7;
        for (; s < 288; ++s) lengths[s] = 8;
        Huffman lencode = build(lengths, 288);
        for (s = 0; s < 30; ++s) lengths[s] = 5;
        Huffman distcode = build(lengths, 30);
        codes(lencode, distcode);
    }

    void dynamic() {
        static const short order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
        const int nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4;
        short lengths[320] = {};
        for (int i = 0; i < ncode; ++i) lengths[order[i]] = static_cast<short>(bits(3));
        Huffman lencode = build(lengths, 19);
        int index = 0;
        while (index < nlen + ndist) {
            int symbol = decode(lencode);
            if (symbol < 16) {
                lengths[index++] = static_cast<short>(symbol);
                continue;
            }
            short len = 0;
            int repeat = 0;
            if (symbol == 16) {
                if (index == 0) throw std::runtime_error("inflate: repeat with no length");
                len = lengths[index - 1];
                repeat = 3 + bits(2);
            } else if (symbol == 17) {
                repeat = 3 + bits(3);
            } else {
                repeat = 11 + bits(7);
            }
            if (index + repeat > nlen + ndist) throw std::runtime_error("inflate: too many lengths");
            while (repeat--) lengths[index++] = len;
        }
        Huffman lens = build(lengths, nlen);
        Huffman dists = build(lengths + nlen, ndist);
        codes(lens, dists);
    }

    const std::vector<std::uint8_t>& in_;
    std::size_t pos_ = 2;  // after the zlib header
    int bitbuf_ = 0;
    int bitcnt_ = 0;
    std::vector<std::uint8_t> out_;
};

inline std::uint32_t be32(const std::vector<std::uint8_t>& b, std::size_t i) {
    return (std::uint32_t{b[i]} << 24) | (std::uint32_t{b[i + 1]} << 16) | (std::uint32_t{b[i + 2]} << 8) | b[i + 3];
}

inline int paeth(int a, int b, int c) {
    const int p = a + b - c, pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

}  // namespace png_detail

// Reads an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium's --screenshot writes).
inline Image read_png(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    static const std::uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (bytes.size() < 33 || !std::equal(signature, signature + 8, bytes.begin())) throw std::runtime_error(path + ": not a PNG");
    Image image;
    int channels = 0;
    std::vector<std::uint8_t> idat;
    for (std::size_t i = 8; i + 8 <= bytes.size();) {
        const std::uint32_t len = png_detail::be32(bytes, i);
        const std::string type(bytes.begin() + static_cast<long>(i + 4), bytes.begin() + static_cast<long>(i + 8));
        if (i + 12 + len > bytes.size()) throw std::runtime_error(path + ": truncated chunk");
        const std::size_t data = i + 8;
        if (type == "IHDR") {
            image.width = static_cast<int>(png_detail::be32(bytes, data));
            image.height = static_cast<int>(png_detail::be32(bytes, data + 4));
            const int depth = bytes[data + 8], colour = bytes[data + 9], interlace = bytes[data + 12];
            if (depth != 8 || interlace != 0 || (colour != 2 && colour != 6))
                throw std::runtime_error(path + ": only 8-bit RGB/RGBA non-interlaced PNGs are read here");
            channels = colour == 6 ? 4 : 3;
        } else if (type == "IDAT") {
            idat.insert(idat.end(), bytes.begin() + static_cast<long>(data), bytes.begin() + static_cast<long>(data + len));
        } else if (type == "IEND") {
            break;
        }
        i += 12 + len;
    }
    if (channels == 0) throw std::runtime_error(path + ": no IHDR");
    const std::vector<std::uint8_t> raw = png_detail::Inflater(idat).run();
    const std::size_t stride = static_cast<std::size_t>(image.width) * channels;
    if (raw.size() < (stride + 1) * image.height) throw std::runtime_error(path + ": short image data");
    std::vector<std::uint8_t> pixels(stride * image.height);
    for (int y = 0; y < image.height; ++y) {
        const int filter = raw[y * (stride + 1)];
        const std::uint8_t* src = &raw[y * (stride + 1) + 1];
        std::uint8_t* row = &pixels[y * stride];
        const std::uint8_t* up = y > 0 ? &pixels[(y - 1) * stride] : nullptr;
        for (std::size_t x = 0; x < stride; ++x) {
            const int a = x >= static_cast<std::size_t>(channels) ? row[x - channels] : 0;
            const int b = up ? up[x] : 0;
            const int c = up && x >= static_cast<std::size_t>(channels) ? up[x - channels] : 0;
            int predictor = 0;
            switch (filter) {
            case 0:
                predictor = 0;
                break;
            case 1:
                predictor = a;
                break;
            case 2:
                predictor = b;
                break;
            case 3:
                predictor = (a + b) / 2;
                break;
            case 4:
                predictor = png_detail::paeth(a, b, c);
                break;
            default:
                throw std::runtime_error(path + ": bad filter");
            }
            row[x] = static_cast<std::uint8_t>(src[x] + predictor);
        }
    }
    image.rgb.resize(static_cast<std::size_t>(image.width) * image.height * 3);
    for (std::size_t p = 0; p < static_cast<std::size_t>(image.width) * image.height; ++p)
        for (int k = 0; k < 3; ++k) image.rgb[p * 3 + k] = pixels[p * channels + k];
    return image;
}

}  // namespace tilelab::test
