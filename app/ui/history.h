#pragma once
// Undo and redo by snapshots: a scene is a few hundred bytes, so each step keeps a whole copy.

#include <cstddef>
#include <deque>

#include "scene/scene.h"

namespace tangent::ui {

class SceneHistory {
public:
    explicit SceneHistory(std::size_t limit = 500) : limit_(limit) {}

    /// An edit happened: `before` is the scene as it was. Clears the redo steps. Returns whether
    /// the oldest step was let go to keep `limit` of them.
    bool record(const Scene& before) {
        ++serial_;
        undo_.push_back(before);
        const bool dropped = undo_.size() > limit_;
        if (dropped) undo_.pop_front();
        redo_.clear();
        return dropped;
    }
    [[nodiscard]] std::size_t limit() const { return limit_; }
    /// Steps `current` back; false when there is nothing to undo.
    bool undo(Scene& current) { return step(undo_, redo_, current); }
    bool redo(Scene& current) { return step(redo_, undo_, current); }
    [[nodiscard]] bool can_undo() const { return !undo_.empty(); }
    /// How many steps there are to undo.
    [[nodiscard]] std::size_t depth() const { return undo_.size(); }
    /// Counts every change to the steps (a record, undo, redo, take-back or clear): whether the
    /// last step is still the one seen. (The depth stays at the limit as a step comes and the
    /// oldest goes: a slider's double-click then took back another step: a code review.)
    [[nodiscard]] std::size_t serial() const { return serial_; }
    /// Takes the last step back with no redo step for it: an edit the app itself withdraws.
    bool take_back(Scene& current) {
        if (undo_.empty()) return false;
        ++serial_;
        current = undo_.back();
        undo_.pop_back();
        return true;
    }
    [[nodiscard]] bool can_redo() const { return !redo_.empty(); }
    /// The scene an undo would give back, or null; the same for a redo.
    [[nodiscard]] const Scene* next_undo() const { return undo_.empty() ? nullptr : &undo_.back(); }
    [[nodiscard]] const Scene* next_redo() const { return redo_.empty() ? nullptr : &redo_.back(); }
    void clear() {
        ++serial_;
        undo_.clear();
        redo_.clear();
    }

private:
    std::size_t limit_;
    std::deque<Scene> undo_;
    std::deque<Scene> redo_;
    std::size_t serial_ = 0;

    bool step(std::deque<Scene>& from, std::deque<Scene>& to, Scene& current) {
        if (from.empty()) return false;
        ++serial_;
        to.push_back(current);
        current = from.back();
        from.pop_back();
        return true;
    }
};

}  // namespace tangent::ui
