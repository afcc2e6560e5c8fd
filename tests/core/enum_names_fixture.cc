// A fixture for enum_names_bites.cmake, compiled (syntax only) three ways: as it stands it
// compiles; with FIXTURE_MISSING_CASE an enumerator has no name, which -Wswitch under -Werror
// refuses; with FIXTURE_SHARED_NAME two values share a name, which EnumNames' static_assert
// refuses.
#include <string_view>

#include "core/enum_names.h"

enum class Fixture { kA, kB, kC };

constexpr std::string_view fixture_label(Fixture f) {
  switch (f) {
    case Fixture::kA: return "a";
    case Fixture::kB: return "b";
#if defined(FIXTURE_SHARED_NAME)
    case Fixture::kC: return "a";
#elif !defined(FIXTURE_MISSING_CASE)
    case Fixture::kC: return "c";
#endif
  }
  return {};
}

static_assert(fairvec::EnumNames<Fixture, fixture_label>::parse("b") == Fixture::kB);
