// Differences as evidence (check/differences.h): every differing member, and how it differs.
#include "check/differences.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/json.h"

namespace fairvec::check {

namespace {

using rapidjson::Value;

std::string excerpt(const Value& v) {
  std::string s = json::to_text(v);
  if (s.size() > kDifferenceExcerpt) s = s.substr(0, kDifferenceExcerpt) + "…";
  return s;
}

const char* type_name(const Value& v) {
  if (v.IsNull()) return "null";
  if (v.IsBool()) return "boolean";
  if (v.IsNumber()) return "number";
  if (v.IsString()) return "string";
  if (v.IsArray()) return "array";
  return "object";
}

// ulps is the distance in representable doubles between two finite doubles of one sign.
std::uint64_t ulps(double a, double b) {
  std::int64_t x = 0, y = 0;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  if ((x < 0) != (y < 0)) return UINT64_MAX;
  return x > y ? static_cast<std::uint64_t>(x - y) : static_cast<std::uint64_t>(y - x);
}

double formatted(const char* format, int digits, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, digits, v);
  return std::strtod(buf, nullptr);
}

// digit_range returns the counts n in [from, to] for which |match|(n) holds, as (lo, hi), when they
// are one run; (0, -1) when none holds.
template <class F>
std::pair<int, int> digit_range(int from, int to, F match) {
  int lo = 0, hi = -1;
  for (int n = from; n <= to; ++n) {
    if (!match(n)) {
      if (hi >= lo) break;
      continue;
    }
    if (hi < lo) lo = n;
    hi = n;
  }
  return {lo, hi};
}

// how_numbers says how |a| differs from |e| (both finite, not equal); a rounding fills |d|'s range.
std::string how_numbers(double e, double a, Difference& d) {
  if (const std::uint64_t u = ulps(e, a); u <= 8) {
    return "in the last bits of binary64 (" + std::to_string(u) + " ulp)";
  }
  if (auto [lo, hi] = digit_range(1, 16, [&](int n) { return formatted("%.*g", n, e) == a; }); hi >= lo) {
    d.rounding = "significant";
    d.lo = lo;
    d.hi = hi;
    return rounding_how(d.rounding, lo, hi);
  }
  if (auto [lo, hi] = digit_range(0, 12, [&](int n) { return formatted("%.*f", n, e) == a; }); hi >= lo) {
    d.rounding = "decimals";
    d.lo = lo;
    d.hi = hi;
    return rounding_how(d.rounding, lo, hi);
  }
  for (int n = 12; n >= 0; --n) {
    const double p = std::pow(10.0, n);
    if (std::trunc(e * p) / p == a) return "cut to " + std::to_string(n) + " decimals";
  }
  if (e != 0) {
    for (int k = -6; k <= 6; ++k) {
      if (k == 0) continue;
      const double f = std::pow(10.0, k);
      if (std::fabs(a / e - f) <= 1e-12 * f) return "a factor of 1e" + std::to_string(k);
    }
  }
  const double delta = a - e;
  if (std::fabs(delta - std::round(delta)) < 1e-9 && std::fabs(delta) <= 10) {
    const long long k = std::llround(delta);
    return "an offset of " + std::string(k > 0 ? "+" : "") + std::to_string(k);
  }
  return "another value";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string how_strings(const std::string& e, const std::string& a) {
  if (lower(e) == lower(a)) return "another case";
  auto trim = [](const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n"), l = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, l - b + 1);
  };
  if (trim(e) == trim(a)) return "white space";
  if (a.size() < e.size() && e.compare(0, a.size(), a) == 0) return "cut to " + std::to_string(a.size()) + " bytes";
  return "another value";
}

// how_lists says how a list of the same items as |e| is ordered, or "" when the items differ.
std::string how_lists(const Value& e, const Value& a) {
  const rapidjson::SizeType n = e.Size();
  std::vector<std::string> es, as;
  for (rapidjson::SizeType i = 0; i < n; ++i) {
    es.push_back(json::to_text(e[i]));
    as.push_back(json::to_text(a[i]));
  }
  std::vector<std::string> se = es, sa = as;
  std::sort(se.begin(), se.end());
  std::sort(sa.begin(), sa.end());
  if (se != sa) return "";
  if (std::equal(es.rbegin(), es.rend(), as.begin())) return "reversed";
  bool numbers = true;
  for (rapidjson::SizeType i = 0; i < n; ++i) numbers = numbers && a[i].IsNumber();
  if (numbers && std::is_sorted(a.Begin(), a.End(),
                                [](const Value& x, const Value& y) { return x.GetDouble() < y.GetDouble(); })) {
    return "sorted";
  }
  for (rapidjson::SizeType k = 1; k < n; ++k) {
    bool same = true;
    for (rapidjson::SizeType i = 0; i < n && same; ++i) same = as[i] == es[(i + k) % n];
    if (same) return "shifted by " + std::to_string(k);
  }
  std::vector<rapidjson::SizeType> at;
  for (rapidjson::SizeType i = 0; i < n; ++i) {
    if (es[i] != as[i]) at.push_back(i);
  }
  if (at.size() == 2) return "items [" + std::to_string(at[0]) + "] and [" + std::to_string(at[1]) + "] swapped";
  return "the same items in another order";
}

void walk(const Value& e, const Value& a, const std::string& path, std::vector<Difference>& out) {
  if (out.size() >= kMaxDifferences || json::equal(e, a)) return;
  auto add = [&](std::string how) {
    if (out.size() < kMaxDifferences) out.push_back({path, std::move(how), excerpt(e), excerpt(a), "", 0, 0});
  };
  if (std::string(type_name(e)) != type_name(a))
    return add(std::string("a ") + type_name(a) + " for a " + type_name(e));
  if (e.IsObject()) {
    for (const auto& m : e.GetObject()) {
      const std::string sub = path + "." + std::string(m.name.GetString(), m.name.GetStringLength());
      auto it = a.FindMember(m.name);
      if (it == a.MemberEnd()) {
        if (out.size() < kMaxDifferences) out.push_back({sub, "missing", excerpt(m.value), "", "", 0, 0});
        continue;
      }
      walk(m.value, it->value, sub, out);
    }
    return;
  }
  if (e.IsArray()) {
    if (e.Size() != a.Size()) {
      return add(std::to_string(a.Size()) + " items for " + std::to_string(e.Size()));
    }
    if (std::string how = how_lists(e, a); !how.empty()) return add(std::move(how));
    for (rapidjson::SizeType i = 0; i < e.Size(); ++i) walk(e[i], a[i], path + "[" + std::to_string(i) + "]", out);
    return;
  }
  if (e.IsNumber()) {
    const double x = e.GetDouble(), y = a.GetDouble();
    if (out.size() >= kMaxDifferences) return;
    Difference d{path, "another value", excerpt(e), excerpt(a), "", 0, 0};
    if (std::isfinite(x) && std::isfinite(y) && x != y) d.how = how_numbers(x, y, d);
    out.push_back(std::move(d));
    return;
  }
  if (e.IsString()) {
    return add(
        how_strings(std::string(e.GetString(), e.GetStringLength()), std::string(a.GetString(), a.GetStringLength())));
  }
  add("another value");
}

}  // namespace

std::vector<Difference> differences(const Value& expected, const Value& actual, const std::string& path) {
  std::vector<Difference> out;
  walk(expected, actual, path, out);
  return out;
}

std::string rounding_how(const std::string& rounding, int lo, int hi) {
  const std::string unit = rounding == "significant" ? " significant digits" : " decimals";
  return "rounded to " + std::to_string(lo) + (hi > lo ? " to " + std::to_string(hi) : "") + unit;
}

std::string pattern_of(const std::string& path) {
  std::string out;
  bool in = false;
  for (char c : path) {
    if (c == '[') {
      in = true;
      out += "[]";
    } else if (c == ']') {
      in = false;
    } else if (!in) {
      out += c;
    }
  }
  return out;
}

}  // namespace fairvec::check
