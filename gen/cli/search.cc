// `fairvec search`: the edge-case search. It scans a counter range for the lowest counter whose
// MAC starts with exactly --depth skipped bytes or rejected windows (search/spec.h's classes), on
// every core by default, and
// prints one JSON object. The answer does not depend on --threads, on --shard (the lowest answer of
// shards 0/N .. N-1/N is the unsharded answer) or on interruptions: with --checkpoint FILE the
// progress is saved every --checkpoint-every seconds and on SIGINT/SIGTERM, and the same command
// resumes it (specs/search.md). Exit 0 found, 1 not found or interrupted ("complete": false),
// 2 bad input, 3 checkpoint I/O, 5 internal error (including the engine disagreeing with the backend).
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <thread>
#include <utility>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/search_commands.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "search/spec.h"
#include "search/stored.h"

namespace fairvec::cli {

namespace {

constexpr std::string_view kCheckpointFormat = "fairvec-search-checkpoint-v1";

std::atomic<bool> g_stop{false};

extern "C" void on_stop_signal(int) {
  g_stop.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
  std::signal(SIGTERM, SIG_DFL);
}

struct SearchOptions {
  search::SearchSpec spec;
  std::string from, count = "1000000", shard = "0/1";  // from: not given means the class's first counter
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string backend = std::string(default_backend().name());
  std::string kernel = std::string(search::kernel_name(search::fastest_kernel()));
  std::string checkpoint;
  std::string store;
  bool checkpoint_given = false, store_given = false;  // an empty value is bad input, never "not given"
  bool kernel_given = false, from_given = false;
  double checkpoint_every = 10;
  std::string progress = "auto";
  double progress_every = 30;
};

// parse_count reads a whole decimal number >= |min| for |field| (CLI11 would wrap "-5").
std::uint64_t parse_count(const std::string& text, const std::string& field, std::uint64_t min) {
  std::uint64_t v = 0;
  auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size()) {
    throw InputError(field, "'" + text + "' is not a whole number from " + std::to_string(min) + " up");
  }
  if (v < min) {
    throw InputError(field, "must be at least " + std::to_string(min) + (min ? " (an empty range finds nothing)" : ""));
  }
  return v;
}

json::Value progress_json(const search::Progress& p) {
  json::Array fin;
  for (std::uint64_t c : p.finished) fin.emplace_back(static_cast<std::int64_t>(c));
  return json::Value::object({{"frontier", static_cast<std::int64_t>(p.frontier)},
                              {"finished", json::Value(std::move(fin))},
                              {"found", p.best ? json::Value(static_cast<std::int64_t>(*p.best)) : json::Value()}});
}

// The members of a checkpoint, in the order write_checkpoint writes them.
constexpr std::string_view kCheckpointMembers[] = {"format", "search",     "frontier", "finished",
                                                   "found",  "candidates", "seconds"};

// read_checkpoint loads |path| into |search| after checking it was written for |spec| and that its
// fields agree with each other: the frontier and the finished chunks lie in the shard, the
// candidates are exactly those of the finished chunks, and the found counter is in a finished chunk
// of the shard, is a hit of exactly the depth (its MAC recomputed on |backend|) and is the lowest
// hit of its chunk (the chunk rescanned below it). Returns the seconds already spent. Throws
// InputError naming the file and field (specs/search.md, "What a checkpoint proves").
double read_checkpoint(const std::string& path, const json::Value& spec, const search::CompiledSpec& compiled,
                       const Backend& backend, search::Kernel kernel, search::ChunkedSearch& search) {
  rapidjson::Document doc;
  json::parse(read_file(path, search::kMaxCheckpointBytes), doc, path);
  if (!doc.IsObject()) throw InputError(path, "a checkpoint is a JSON object");
  // Over a const object: clang 14 finds != of a mutable MemberIterator ambiguous in C++20.
  for (const auto& m : std::as_const(doc).GetObject()) {
    const std::string_view name(m.name.GetString(), m.name.GetStringLength());
    if (std::find(std::begin(kCheckpointMembers), std::end(kCheckpointMembers), name) == std::end(kCheckpointMembers)) {
      throw InputError(path + "." + std::string(name), "not a member of a checkpoint");
    }
  }
  if (json::get_string(doc, "format", path) != kCheckpointFormat) {
    throw InputError(path + ".format", "not a " + std::string(kCheckpointFormat) + " file");
  }
  const rapidjson::Value& saved = json::member(doc, "search", path);
  rapidjson::Document want;
  json::parse(json::to_line(spec), want, "search");
  if (!saved.IsObject() || saved.MemberCount() != want.MemberCount()) {
    throw InputError(path + ".search", "the checkpoint was written for another search (" + json::to_text(saved) +
                                           "); use a new --checkpoint file");
  }
  for (const auto& m : std::as_const(want).GetObject()) {
    const rapidjson::Value* s = json::optional_member(saved, m.name.GetString());
    if (!s || !json::equal(*s, m.value)) {
      throw InputError(path + ".search." + m.name.GetString(),
                       "the checkpoint was written for another search (" + (s ? json::to_text(*s) : "missing") +
                           ", this command has " + json::to_text(m.value) + "); use a new --checkpoint file");
    }
  }
  const std::uint64_t chunks = search.local_chunks();
  search::Progress p;
  p.frontier = json::get_uint(doc, "frontier", path);
  if (p.frontier > chunks) {
    throw InputError(path + ".frontier",
                     std::to_string(p.frontier) + " is past the shard's " + std::to_string(chunks) + " chunks");
  }
  const rapidjson::Value& fin = json::get_array(doc, "finished", path);
  for (rapidjson::SizeType i = 0; i < fin.Size(); ++i) {
    const std::string at = path + ".finished[" + std::to_string(i) + "]";
    if (!fin[i].IsUint64()) throw InputError(at, "must be a chunk index");
    const std::uint64_t c = fin[i].GetUint64();
    if (c <= p.frontier || c >= chunks) {
      throw InputError(at, "chunk " + std::to_string(c) + " must lie above the frontier " + std::to_string(p.frontier) +
                               " and below the shard's " + std::to_string(chunks) + " chunks");
    }
    if (!p.finished.empty() && c <= *p.finished.rbegin())
      throw InputError(at, "the finished chunks must be increasing");
    p.finished.insert(c);
  }
  const rapidjson::Value& found = json::member(doc, "found", path);
  if (!found.IsNull()) {
    const std::uint64_t hit = json::get_uint(doc, "found", path);
    const std::string at = path + ".found";
    const auto local = search.local_chunk_of(hit);
    if (!local) throw InputError(at, std::to_string(hit) + " is not in a chunk of this shard's range");
    if (*local >= p.frontier && !p.finished.count(*local)) {
      throw InputError(at, std::to_string(hit) + " is in chunk " + std::to_string(*local) +
                               ", which the checkpoint does not list as finished");
    }
    const Bytes mac = compiled.reference_mac(backend, hit);
    if (compiled.depth_of(mac) != compiled.spec().depth) {
      throw InputError(at, std::to_string(hit) + " is not a hit: its MAC " + to_hex(mac).substr(0, 16) +
                               "… starts with " + std::to_string(compiled.depth_of(mac)) + " " +
                               std::string(compiled.search_class().depth_unit) + ", not " +
                               std::to_string(compiled.spec().depth));
    }
    const std::uint64_t lo = search.chunk_lo(*local);
    if (hit > lo) {
      if (auto lower = compiled.first_hit(lo, hit - 1, kernel)) {
        throw InputError(
            at, std::to_string(hit) + " is not the lowest hit of its chunk: " + std::to_string(*lower) + " is lower");
      }
    }
    p.best = hit;
  }
  try {
    search.restore(p);
  } catch (const std::invalid_argument& e) {
    throw InputError(path, std::string("inconsistent checkpoint: ") + e.what());
  }
  const std::uint64_t candidates = json::get_uint(doc, "candidates", path);
  if (candidates != search.finished_candidates()) {
    throw InputError(path + ".candidates", "says " + std::to_string(candidates) +
                                               ", but the frontier and the finished " + "chunks hold " +
                                               std::to_string(search.finished_candidates()));
  }
  const double seconds = json::get_double(doc, "seconds", path);
  if (!std::isfinite(seconds) || seconds < 0 || seconds > static_cast<double>(search::kMaxCheckpointSeconds)) {
    throw InputError(path + ".seconds", "must be a time from 0 to " + std::to_string(search::kMaxCheckpointSeconds) +
                                            " seconds (about 31.7 years)");
  }
  return seconds;
}

void write_checkpoint(const std::string& path, const json::Value& spec, const search::ChunkedSearch& search,
                      double seconds) {
  json::Value v = progress_json(search.progress());
  json::Object o{{"format", kCheckpointFormat}, {"search", spec}};
  for (auto& m : v.as_object()) o.push_back(m);
  o.emplace_back("candidates", static_cast<std::int64_t>(search.finished_candidates()));
  o.emplace_back("seconds", std::round(seconds * 10) / 10);
  write_file_atomic(path, json::to_pretty(json::Value(std::move(o))));
}

int run_search(SearchOptions o) {
  const Backend* backend = backend_by_name(o.backend);
  if (!backend) throw InputError("--backend", "unknown backend '" + o.backend + "' (cryptopp, openssl)");
  auto kernel = search::kernel_by_name(o.kernel);
  if (!kernel)
    throw InputError("--kernel", "unknown kernel '" + o.kernel + "' (portable, sha-ni-x1, sha-ni-x2, sha-ni-x4)");
  if (*kernel != search::Kernel::kPortable && !search::sha_ni_available()) {
    throw InputError("--kernel", o.kernel + " needs SHA-NI, which this CPU lacks (use portable)");
  }
  if (o.checkpoint_given && o.checkpoint.empty()) throw InputError("--checkpoint", "empty; name the checkpoint file");
  if (o.store_given && o.store.empty()) throw InputError("--store", "empty; name the file of the stored result");
  if (o.checkpoint_every <= 0) throw InputError("--checkpoint-every", "must be above 0 seconds");
  const ProgressMode mode = progress_mode_from(o.progress);
  search::SearchSpec& s = o.spec;
  const search::SearchClass& cls = search::find_class(s.cls);
  if (!cls.sha256_kernels && o.kernel_given && *kernel != search::Kernel::kPortable) {
    throw InputError("--kernel", s.cls + " runs the portable kernel only (the SHA-NI kernels are SHA-256's)");
  }
  if (!cls.sha256_kernels) o.kernel = std::string(search::kernel_name(search::Kernel::kPortable));
  const std::uint64_t top = cls.max_counter;
  s.from = o.from_given ? parse_count(o.from, "--from", cls.min_counter) : cls.min_counter;
  const std::uint64_t count = parse_count(o.count, "--count", 1);
  if (s.from > top) throw InputError("--from", "must be at most " + std::to_string(top));
  s.to = s.from + std::min(count - 1, top - s.from);
  s.shard = search::shard_from_text(o.shard, "--shard");
  const search::CompiledSpec compiled(s);
  const json::Value spec = compiled.spec().to_json();

  // The engine must agree with the backend before its answer means anything.
  for (std::uint64_t n : {s.from, s.to}) {
    if (compiled.engine_mac(n, *kernel) != compiled.reference_mac(*backend, n)) {
      throw std::logic_error("the search engine disagrees with " + o.backend + " at " + std::to_string(n));
    }
  }
  const unsigned depth = s.depth;
  search::ChunkedSearch search(s.from, s.to, s.shard,
                               [&](std::uint64_t lo, std::uint64_t hi) { return compiled.first_hit(lo, hi, *kernel); });
  double before = 0;
  if (!o.checkpoint.empty() && std::filesystem::exists(o.checkpoint)) {
    before = read_checkpoint(o.checkpoint, spec, compiled, *backend, *kernel, search);
    std::cerr << "resuming from " << o.checkpoint << ": " << search.finished_candidates() << " candidates done\n";
  }

  g_stop = false;
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  const std::uint64_t done_at_start = search.finished_candidates();
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::atomic<bool> finished{false};
  std::exception_ptr error;
  std::thread worker([&] {
    try {
      search.run(o.threads, g_stop);
    } catch (...) {
      error = std::current_exception();
    }
    finished = true;
  });
  ProgressReporter reporter(mode, o.progress_every, "search " + s.cls + " depth " + std::to_string(depth));
  double last_save = 0;
  try {
    while (!finished.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const double t = elapsed();
      const double rate = t > 0 ? static_cast<double>(search.finished_candidates() - done_at_start) / t : 0;
      reporter.update(search.finished_candidates(), search.total_candidates(), rate, search.progress().best);
      if (!o.checkpoint.empty() && t - last_save >= o.checkpoint_every) {
        write_checkpoint(o.checkpoint, spec, search, before + t);
        last_save = t;
      }
    }
  } catch (...) {  // a checkpoint that cannot be written: stop the workers before reporting it
    g_stop = true;
    worker.join();
    throw;
  }
  worker.join();
  reporter.finish();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (error) std::rethrow_exception(error);
  const double seconds = elapsed();
  if (!o.checkpoint.empty()) write_checkpoint(o.checkpoint, spec, search, before + seconds);

  const bool complete = search.done();
  const search::Progress final_progress = search.progress();
  const bool found = complete && final_progress.best.has_value();
  const std::uint64_t hit = found ? *final_progress.best : 0;
  json::Object out{{"search", spec},
                   {"counter", compiled.counter_name()},
                   {"complete", complete},
                   {"found", found ? json::Value(static_cast<std::int64_t>(hit)) : json::Value()}};
  if (found) {
    const Bytes mac = compiled.reference_mac(*backend, hit);
    if (compiled.depth_of(mac) != depth) {
      throw std::logic_error("the engine's hit " + std::to_string(hit) + " does not verify on " + o.backend);
    }
    out.emplace_back("mac", to_hex(mac));
  }
  const double run_rate = seconds > 0 ? static_cast<double>(search.finished_candidates() - done_at_start) / seconds : 0;
  out.emplace_back("candidates", static_cast<std::int64_t>(search.finished_candidates()));
  out.emplace_back("threads", static_cast<std::int64_t>(o.threads));
  out.emplace_back("kernel", o.kernel);
  out.emplace_back("seconds", std::round((before + seconds) * 1000) / 1000);
  out.emplace_back("rate", std::round(run_rate));
  const json::Value result(std::move(out));
  std::cout << json::to_line(result) << "\n";
  // A completed search (found or not: a shard's "nothing here" is part of the answer) is stored.
  if (complete && !o.store.empty()) {
    write_file_atomic(o.store, json::to_pretty(search::stored_result(compiled, final_progress.best, *backend)));
  }
  if (!complete) {
    std::cerr << "interrupted after " << search.finished_candidates() << " candidates; "
              << (o.checkpoint.empty() ? "no --checkpoint was given, so the progress is lost"
                                       : "run the same command again to resume from " + o.checkpoint)
              << "\n";
  }
  return found ? kExitOk : kExitFailed;
}

}  // namespace

void add_search_command(CLI::App& app, Action& action) {
  std::string about =
      "Find the lowest counter in a range whose MAC starts with exactly --depth skipped bytes (or rejected "
      "windows):";
  for (const search::SearchClass& c : search::search_classes()) {
    about += " " + std::string(c.name) + ": " + std::string(c.summary) + ";";
  }
  about.back() = '.';
  about += " Prints JSON. Exit 0 found, 1 not found or interrupted";
  auto* cmd = app.add_subcommand("search", about);
  auto o = std::make_shared<SearchOptions>();
  // The class and --seed are required unless a subcommand (merge, estimate) is given.
  auto* cls = cmd->add_option("class", o->spec.cls, search::class_names());
  auto* seed = cmd->add_option(
      "--seed", o->spec.seed,
      "Server seed (hmac-dice, hex), tavla seed (32 bytes hex), seed label, or hexwin server seed (text)");
  cmd->add_option("--client", o->spec.clients,
                  "hmac-dice client seeds, in seat order (1 or 2), or the hexwin client seed (text, one)");
  cmd->add_option("--convention", o->spec.convention, "hexwin-v1 convention (hexwin-skip)");
  cmd->add_option("--game", o->spec.game, "tavla game id (UUID)");
  cmd->add_option("--contribution", o->spec.contributions, "tavla contributions (two, 32 bytes hex each)");
  cmd->add_option("--depth", o->spec.depth,
                  "Exact number of leading skipped bytes (1..32) or rejected windows (hexwin-skip: 1..25)")
      ->capture_default_str();
  auto* from =
      cmd->add_option("--from", o->from, "First counter to try (default: the class's first, 1; hexwin-skip: 0)");
  cmd->add_option("--count", o->count, "How many counters to try (cut at the largest counter)")->capture_default_str();
  cmd->add_option("--threads", o->threads, "Threads (default: every core; the answer does not depend on it)")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  cmd->add_option("--shard", o->shard,
                  "i/N: scan only shard i (0-based) of N; the lowest answer of all N shards is the answer")
      ->capture_default_str();
  auto* checkpoint =
      cmd->add_option("--checkpoint", o->checkpoint, "Save progress to FILE and resume from it when it exists");
  auto* store = cmd->add_option("--store", o->store,
                                "When complete, write FILE as a stored result (gen/vectors/search_results/; a shard's "
                                "files are combined by `fairvec search merge`)");
  cmd->add_option("--checkpoint-every", o->checkpoint_every, "Seconds between checkpoint saves")->capture_default_str();
  cmd->add_option("--progress", o->progress, "auto (a bar on a terminal, else lines), bar, lines or none")
      ->capture_default_str();
  cmd->add_option("--progress-every", o->progress_every, "Seconds between progress lines")->capture_default_str();
  auto* kernel = cmd->add_option(
      "--kernel", o->kernel,
      "Engine kernel: portable, sha-ni-x1, sha-ni-x2, sha-ni-x4 (SHA-256 classes; hexwin-skip runs portable)");
  kernel->capture_default_str();
  cmd->add_option("--backend", o->backend, "Backend that checks the engine and the hit: cryptopp or openssl")
      ->capture_default_str();
  add_search_merge_command(*cmd, action);
  add_search_estimate_command(*cmd, action);
  cmd->callback([=, &action] {
    if (!cmd->get_subcommands().empty()) return;  // merge or estimate set the action
    if (cls->count() == 0) throw CLI::RequiredError("class");
    if (seed->count() == 0) throw CLI::RequiredError("--seed");
    o->checkpoint_given = checkpoint->count() > 0;
    o->store_given = store->count() > 0;
    o->kernel_given = kernel->count() > 0;
    o->from_given = from->count() > 0;
    action = [o] { return run_search(*o); };
  });
}

}  // namespace fairvec::cli
