/// The side tables of the engine: timelines and completion groups are objects, so the
/// per-frame loops reach them by index through these, and rows hold only plain values.
extension Animator {
    func retain(_ timeline: AnimationTimeline) -> Int32 {
        if let i = timelines.firstIndex(where: { $0 === timeline }) {
            timelineUses[i] += 1
            return Int32(i)
        }
        let index: Int32
        if let free = freeTimelines.popLast() {
            index = free
            timelines[Int(free)] = timeline
            timelineUses[Int(free)] = 1
        } else {
            index = Int32(timelines.count)
            timelines.append(timeline)
            timelineUses.append(1)
            localTimes.append(0)
            pausedTimelines.append(false)
        }
        localTimes[Int(index)] = timeline.localTime(at: stage.now)
        pausedTimelines[Int(index)] = timeline.isPaused
        return index
    }

    func release(_ index: Int32) {
        let i = Int(index)
        timelineUses[i] -= 1
        if timelineUses[i] == 0 {
            timelines[i] = nil
            freeTimelines.append(index)
        }
    }

    func store(_ group: AnimationGroup) -> Int32 {
        if let free = freeGroups.popLast() {
            groups[Int(free)] = group
            return free
        }
        groups.append(group)
        return Int32(groups.count - 1)
    }

    /// One animation of group `index` stopped: its completion is queued once the last
    /// one has, and the slot is freed.
    func endGroup(_ index: Int32, finished: Bool) {
        guard let group = groups[Int(index)] else { return }
        if let c = group.end(finished: finished) { completions.append(c) }
        if group.isIdle {
            groups[Int(index)] = nil
            freeGroups.append(index)
        }
    }
}
