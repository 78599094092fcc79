#pragma once
// A value or the reason there is none (after Jolt's Result<T>): what every boundary returns.
// The value is stored in place beside an optional error, not in a std::variant, so that a hot
// function can fill it without a copy and the caller pays no dispatch to destroy it.

#include <cassert>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace tangent {

/// What was wrong, in words a user can act on ("body B: radius must be > 0, got -1").
struct Error {
    std::string message;
};

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : value_(std::move(value)) {}       // NOLINT(google-explicit-constructor)
    Result(Error error) : error_(std::move(error)) {}   // NOLINT(google-explicit-constructor)
    /// A default-constructed value to be filled in place (no copy of a large T on return).
    explicit Result(std::in_place_t) {}
    /// A value constructed in place from the arguments, as std::optional's in_place constructor
    /// does (an aggregate T takes them member by member): each member is written once, with no
    /// default value written first.
    template <class First, class... Rest>
    explicit Result(std::in_place_t, First&& first, Rest&&... rest)
        : value_(make(std::forward<First>(first), std::forward<Rest>(rest)...)) {}

    [[nodiscard]] bool ok() const { return !error_.has_value(); }
    explicit operator bool() const { return ok(); }

    // the value of a failure is a default T, never to be read (as Jolt's Result asserts)
    [[nodiscard]] const T& value() const& {
        assert(ok());
        return value_;
    }
    [[nodiscard]] T& value() & {
        assert(ok());
        return value_;
    }
    [[nodiscard]] T&& value() && {
        assert(ok());
        return std::move(value_);
    }
    [[nodiscard]] const Error& error() const {
        assert(!ok());
        return *error_;
    }

    const T* operator->() const {
        assert(ok());
        return &value_;
    }
    T* operator->() {
        assert(ok());
        return &value_;
    }
    const T& operator*() const& {
        assert(ok());
        return value_;
    }

private:
    // Returned as a prvalue, so it initialises value_ directly (no copy).
    template <class... Args>
    static T make(Args&&... args) {
        if constexpr (std::is_aggregate_v<T>) {
            return T{std::forward<Args>(args)...};
        } else {
            return T(std::forward<Args>(args)...);
        }
    }

    T value_{};
    std::optional<Error> error_;
};

}  // namespace tangent
