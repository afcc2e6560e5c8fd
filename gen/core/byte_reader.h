// ByteReader splits a fuzz input into structure and data, like libFuzzer's FuzzedDataProvider
// (which is a clang-only header): integers and choices are taken from the END of the input, byte
// strings from the FRONT, so mutating one rarely shifts the other. Every read is bounded by the
// bytes left; an exhausted reader returns zeros and empty strings. It never throws.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace fairvec::fuzz {

class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  // remaining returns how many bytes are left.
  std::size_t remaining() const { return size_; }

  // integer returns a value in [lo, hi] built from up to 8 bytes at the end (lo when exhausted).
  std::uint64_t integer(std::uint64_t lo, std::uint64_t hi) {
    if (hi <= lo) return lo;
    std::uint64_t range = hi - lo, result = 0;
    for (std::size_t shift = 0; shift < 64 && (range >> shift) != 0 && size_ != 0; shift += 8) {
      result = (result << 8) | data_[size_ - 1];
      --size_;
    }
    if (range != UINT64_MAX) result %= range + 1;
    return lo + result;
  }

  // pick returns an index in [0, n) (0 when n is 0).
  std::size_t pick(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(integer(0, n - 1)); }

  // boolean returns the low bit of one byte from the end.
  bool boolean() { return (integer(0, 255) & 1) != 0; }

  // bytes returns up to |n| bytes from the front.
  std::vector<std::uint8_t> bytes(std::size_t n) {
    n = std::min(n, size_);
    std::vector<std::uint8_t> out(data_, data_ + n);
    data_ += n;
    size_ -= n;
    return out;
  }

  // text returns up to |n| bytes from the front as a string (any bytes, not checked as UTF-8).
  std::string text(std::size_t n) {
    n = std::min(n, size_);
    std::string out(reinterpret_cast<const char*>(data_), n);
    data_ += n;
    size_ -= n;
    return out;
  }

  // sized_text returns a string whose length (0..max) is read first.
  std::string sized_text(std::size_t max) { return text(static_cast<std::size_t>(integer(0, max))); }

  // rest returns every byte left and empties the reader.
  std::vector<std::uint8_t> rest() { return bytes(size_); }
  std::string rest_text() { return text(size_); }

  // real returns a double from 8 bytes at the end (any bit pattern, NaN and infinities included).
  double real() {
    std::uint64_t bits = integer(0, UINT64_MAX);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

}  // namespace fairvec::fuzz
