// rapidjson_allocators.h makes RapidJSON's allocators throw std::bad_alloc when memory runs out.
//
// RapidJSON 1.1's CrtAllocator returns whatever std::malloc / std::realloc return, and its callers
// (MemoryPoolAllocator::Malloc, GenericValue::SetObjectRaw / SetArrayRaw, internal::Stack) copy
// into the result without checking it, so an exhausted heap ends in SIGSEGV (a `fairvec port`
// under an 18 MiB address-space limit crashed in SetObjectRaw parsing `{"id":1,"op":"hello"}`).
// This header is force-included into every translation unit that links fairvec::core (the
// compiler's `-include`, gen/CMakeLists.txt), before any RapidJSON header: it includes RapidJSON's
// own allocators under other names and defines `rapidjson::CrtAllocator` and
// `rapidjson::MemoryPoolAllocator` as thin subclasses whose allocation either succeeds or throws
// std::bad_alloc, which every command reports as an internal error (exit 5), never a crash.
// The MemoryPoolAllocator is RapidJSON's own (same chunks, same sizes), so json::scan's account of
// what a Document allocates stays exact.
#pragma once

#ifdef RAPIDJSON_ALLOCATORS_H_
#error "rapidjson/allocators.h was included before core/rapidjson_allocators.h (it must be force-included first)"
#endif

#include <cstddef>
#include <new>

#include <rapidjson/rapidjson.h>

#if RAPIDJSON_MAJOR_VERSION != 1 || RAPIDJSON_MINOR_VERSION != 1
#error "core/rapidjson_allocators.h is written against RapidJSON 1.1's allocators.h; check it against this version"
#endif

#define CrtAllocator CrtAllocatorUnchecked
#define MemoryPoolAllocator MemoryPoolAllocatorUnchecked
#include <rapidjson/allocators.h>
#undef CrtAllocator
#undef MemoryPoolAllocator

#define FAIRVEC_RAPIDJSON_CHECKED_ALLOCATORS 1

RAPIDJSON_NAMESPACE_BEGIN

namespace fairvec_checked {
// allocated returns |p|, or throws std::bad_alloc when a non-zero |size| got a null pointer.
inline void* allocated(void* p, size_t size) {
  if (size != 0 && p == nullptr) throw std::bad_alloc();
  return p;
}
}  // namespace fairvec_checked

// CrtAllocator is RapidJSON's C-runtime allocator, except that Malloc and Realloc throw
// std::bad_alloc instead of returning a null pointer for a non-zero size.
class CrtAllocator : public CrtAllocatorUnchecked {
 public:
  void* Malloc(size_t size) { return fairvec_checked::allocated(CrtAllocatorUnchecked::Malloc(size), size); }
  void* Realloc(void* original, size_t original_size, size_t new_size) {
    return fairvec_checked::allocated(CrtAllocatorUnchecked::Realloc(original, original_size, new_size), new_size);
  }
};

// MemoryPoolAllocator is RapidJSON's pool allocator over a base allocator that throws (above), so
// a chunk that cannot be had throws instead of yielding a null pointer; the checks below cover a
// base allocator that returns null anyway.
template <typename BaseAllocator = CrtAllocator>
class MemoryPoolAllocator : public MemoryPoolAllocatorUnchecked<BaseAllocator> {
  using Base = MemoryPoolAllocatorUnchecked<BaseAllocator>;

 public:
  using Base::Base;
  void* Malloc(size_t size) { return fairvec_checked::allocated(Base::Malloc(size), size); }
  void* Realloc(void* original, size_t original_size, size_t new_size) {
    return fairvec_checked::allocated(Base::Realloc(original, original_size, new_size), new_size);
  }
};

RAPIDJSON_NAMESPACE_END
