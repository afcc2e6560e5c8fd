// `fairvec search`: the edge-case search. It scans a counter range for the lowest counter whose
// MAC starts with exactly --depth skipped bytes (search/spec.h), on every core by default, and
// prints one JSON object. The answer does not depend on --threads, on --shard (the lowest answer of
// shards 0/N .. N-1/N is the unsharded answer) or on interruptions: with --checkpoint FILE the
// progress is saved every --checkpoint-every seconds and on SIGINT/SIGTERM, and the same command
// resumes it (specs/search.md). Exit 0 found, 1 not found or interrupted ("complete": false),
// 2 bad input, 3 checkpoint I/O, 5 internal error (including the engine disagreeing with the backend).
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/commands.h"
#include "cli/progress.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "search/spec.h"

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
  std::string from = "1", count = "1000000", shard = "0/1";
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string backend = std::string(default_backend().name());
  std::string kernel = std::string(search::kernel_name(search::fastest_kernel()));
  std::string checkpoint;
  std::string store;
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

// read_checkpoint loads |path| into |search| after checking it was written for |spec|; returns the
// seconds already spent. Throws InputError naming the file and field.
double read_checkpoint(const std::string& path, const json::Value& spec, search::ChunkedSearch& search) {
  rapidjson::Document doc;
  json::parse(read_file(path, search::kMaxCheckpointBytes), doc, path);
  if (!doc.IsObject()) throw InputError(path, "a checkpoint is a JSON object");
  if (json::get_string(doc, "format", path) != kCheckpointFormat) {
    throw InputError(path + ".format", "not a " + std::string(kCheckpointFormat) + " file");
  }
  const rapidjson::Value& saved = json::member(doc, "search", path);
  rapidjson::Document want;
  json::parse(json::to_line(spec), want, "search");
  for (auto it = want.MemberBegin(); it != want.MemberEnd(); ++it) {
    const rapidjson::Value* s = json::optional_member(saved, it->name.GetString());
    if (!s || !json::equal(*s, it->value)) {
      throw InputError(path + ".search." + it->name.GetString(),
                       "the checkpoint was written for another search (" + (s ? json::to_text(*s) : "missing") +
                           ", this command has " + json::to_text(it->value) + "); use a new --checkpoint file");
    }
  }
  search::Progress p;
  p.frontier = json::get_uint(doc, "frontier", path);
  const rapidjson::Value& fin = json::get_array(doc, "finished", path);
  for (rapidjson::SizeType i = 0; i < fin.Size(); ++i) {
    if (!fin[i].IsUint64()) throw InputError(path + ".finished[" + std::to_string(i) + "]", "must be a chunk index");
    p.finished.insert(fin[i].GetUint64());
  }
  const rapidjson::Value& found = json::member(doc, "found", path);
  if (!found.IsNull()) p.best = json::get_uint(doc, "found", path);
  try {
    search.restore(p);
  } catch (const std::invalid_argument& e) {
    throw InputError(path, std::string("inconsistent checkpoint: ") + e.what());
  }
  return json::get_double(doc, "seconds", path);
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

// command_of writes the command that runs |s| (what a stored result records).
std::string command_of(const search::SearchSpec& s) {
  std::string c = "fairvec search " + s.cls + " --seed " + s.seed;
  for (const auto& x : s.clients) c += " --client " + x;
  if (!s.game.empty()) c += " --game " + s.game;
  for (const auto& x : s.contributions) c += " --contribution " + x;
  c += " --depth " + std::to_string(s.depth) + " --from " + std::to_string(s.from) + " --count " +
       std::to_string(s.to - s.from + 1);
  if (s.shard.count != 1) c += " --shard " + std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count);
  return c;
}

int run_search(SearchOptions o) {
  const Backend* backend = backend_by_name(o.backend);
  if (!backend) throw InputError("--backend", "unknown backend '" + o.backend + "' (cryptopp, openssl)");
  auto kernel = search::kernel_by_name(o.kernel);
  if (!kernel) throw InputError("--kernel", "unknown kernel '" + o.kernel + "' (portable, sha-ni-x1, sha-ni-x2, sha-ni-x4)");
  if (*kernel != search::Kernel::kPortable && !search::sha_ni_available()) {
    throw InputError("--kernel", o.kernel + " needs SHA-NI, which this CPU lacks (use portable)");
  }
  if (o.checkpoint_every <= 0) throw InputError("--checkpoint-every", "must be above 0 seconds");
  const ProgressMode mode = progress_mode_from(o.progress);
  search::SearchSpec& s = o.spec;
  const std::uint64_t top = search::max_counter(s.cls);
  s.from = parse_count(o.from, "--from", 1);
  const std::uint64_t count = parse_count(o.count, "--count", 1);
  if (s.from > top) throw InputError("--from", "must be at most " + std::to_string(top));
  s.to = s.from + std::min(count - 1, top - s.from);
  s.shard = search::shard_from_text(o.shard, "--shard");
  const search::CompiledSpec compiled(s);
  const json::Value spec = compiled.spec().to_json();
  if (!o.store.empty() && s.shard.count != 1) {
    throw InputError("--store", "stores the answer of a whole search; take the lowest of the shards' answers and "
                                "confirm it with one unsharded run from there");
  }

  // The engine must agree with the backend before its answer means anything.
  for (std::uint64_t n : {s.from, s.to}) {
    if (compiled.engine_mac(n, *kernel) != compiled.reference_mac(*backend, n)) {
      throw std::logic_error("the search engine disagrees with " + o.backend + " at " + std::to_string(n));
    }
  }
  const unsigned depth = s.depth;
  search::ChunkedSearch search(s.from, s.to, s.shard, [&](std::uint64_t lo, std::uint64_t hi) {
    return compiled.first_hit(lo, hi, *kernel);
  });
  double before = 0;
  if (!o.checkpoint.empty() && std::filesystem::exists(o.checkpoint)) {
    before = read_checkpoint(o.checkpoint, spec, search);
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
  json::Object out{{"search", spec}, {"counter", compiled.counter_name()}, {"complete", complete},
                   {"found", found ? json::Value(static_cast<std::int64_t>(hit)) : json::Value()}};
  if (found) {
    const Digest mac = compiled.reference_mac(*backend, hit);
    if (search::skip_depth(mac) != depth) {
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
  if (found && !o.store.empty()) {
    char date[16];
    const std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
    json::Object stored{{"format", "fairvec-search-result-v1"}, {"command", command_of(compiled.spec())}, {"date", date}};
    for (const auto& m : result.as_object()) stored.push_back(m);
    write_file_atomic(o.store, json::to_pretty(json::Value(std::move(stored))));
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
  auto* cmd = app.add_subcommand(
      "search",
      "Find the lowest counter in a range whose MAC starts with exactly --depth skipped bytes: hmac-dice-skip "
      "(a roll's retry-0 MAC), tavla-skip (block 0 of n), tavla-skip-derived (block 0 of n under seed "
      "SHA-256(label || u32be(c >> 32)), n = c mod 2^32). Prints JSON. Exit 0 found, 1 not found or interrupted");
  auto o = std::make_shared<SearchOptions>();
  cmd->add_option("class", o->spec.cls, "hmac-dice-skip, tavla-skip or tavla-skip-derived")->required();
  cmd->add_option("--seed", o->spec.seed, "Server seed (hmac-dice, hex), tavla seed (32 bytes hex) or seed label")
      ->required();
  cmd->add_option("--client", o->spec.clients, "hmac-dice client seeds, in seat order (1 or 2)");
  cmd->add_option("--game", o->spec.game, "tavla game id (UUID)");
  cmd->add_option("--contribution", o->spec.contributions, "tavla contributions (two, 32 bytes hex each)");
  cmd->add_option("--depth", o->spec.depth, "Exact number of leading skipped bytes (1..32)")->capture_default_str();
  cmd->add_option("--from", o->from, "First counter to try")->capture_default_str();
  cmd->add_option("--count", o->count, "How many counters to try (cut at the largest counter)")->capture_default_str();
  cmd->add_option("--threads", o->threads, "Threads (default: every core; the answer does not depend on it)")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  cmd->add_option("--shard", o->shard,
                  "i/N: scan only shard i (0-based) of N; the lowest answer of all N shards is the answer")
      ->capture_default_str();
  cmd->add_option("--checkpoint", o->checkpoint, "Save progress to FILE and resume from it when it exists");
  cmd->add_option("--store", o->store, "When found, write FILE as a stored result (gen/vectors/search_results/)");
  cmd->add_option("--checkpoint-every", o->checkpoint_every, "Seconds between checkpoint saves")->capture_default_str();
  cmd->add_option("--progress", o->progress, "auto (a bar on a terminal, else lines), bar, lines or none")
      ->capture_default_str();
  cmd->add_option("--progress-every", o->progress_every, "Seconds between progress lines")->capture_default_str();
  cmd->add_option("--kernel", o->kernel, "Engine kernel: portable, sha-ni-x1, sha-ni-x2, sha-ni-x4")->capture_default_str();
  cmd->add_option("--backend", o->backend, "Backend that checks the engine and the hit: cryptopp or openssl")
      ->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_search(*o); }; });
}

}  // namespace fairvec::cli
