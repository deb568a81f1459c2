/**
 * The scroll as a finger moves it and lets it go, for a header whose snap has a motion (Grammar.md, "The motion
 * after release"): events in, the offset of each frame out. A page passes what it sees (a touch down, each
 * offset, a touch up, each frame's time in milliseconds) and draws the header at `offsetAt(time)`, scrolling
 * there too while a motion runs. `settle` and `motion` are the generated module's, bound to the page's inputs:
 *
 *   import { settle, motion } from "./HeaderMath.mjs";
 *   const driver = new ScrollDriver((target, velocity) => settle(target, velocity, inputs),
 *                                   (from, velocity, target, elapsed) => motion(from, velocity, target, elapsed, inputs));
 *
 * Written line for line from headerc's Swift `ScrollDriver` (Sources/HeaderEval/ScrollDriver.swift), with the same
 * IEEE operations in the same order: one recorded gesture gives the same frames in every language. `node --check`
 * reads this file in the tests.
 */

// How far the scroll goes on after a release, in seconds of its velocity (UIKit's normal deceleration).
const projectionSeconds = 0.499;
// The finger's samples that count towards its velocity: those of the last 100 ms before it lifts.
const velocityWindow = 100;

export class ScrollDriver {
  // `motion` may be null: the snap has none, and the scroll view decelerates by itself. Both functions may be bound
  // anew when the inputs change; a motion under way goes on with the new ones.
  constructor(settle, motion) {
    this.settle = settle;
    this.motion = motion ?? null;
    this.isTouching = false;
    // The motion under way since the last lift ({ from, velocity, target, start }), until a scroll or a touch ends it.
    this.release = null;
    this._offset = 0;
    this._sampleTimes = [];
    this._sampleOffsets = [];
  }

  // The finger comes down at `time`: it catches the scroll where it is, and the motion ends.
  touchDown(time) {
    if (this.isTouching) return;
    this._offset = this.offsetAt(time);
    this.release = null;
    this.isTouching = true;
    this._sampleTimes = [];
    this._sampleOffsets = [];
    this._sample(time);
  }

  // The scroll is at `offset` at `time`: under the finger, a sample of its velocity; without one, a scroll that
  // moves by itself, which ends any motion.
  scrolled(offset, time) {
    this._offset = offset;
    this.release = null;
    if (this.isTouching) this._sample(time);
  }

  // The finger lifts at `time`: its velocity over the last 100 ms carries the scroll on, the snap settles that,
  // and the motion starts from where it lifted.
  touchUp(time) {
    if (!this.isTouching) return;
    this.isTouching = false;
    this._sample(time);
    if (this.motion === null) return;
    const velocity = this._releaseVelocity();
    const target = this.settle(this._offset + velocity * projectionSeconds, velocity);
    this.release = { from: this._offset, velocity, target, start: time };
  }

  // The offset of the frame at `time`: where the finger or a scroll put it, or where the motion has it.
  offsetAt(time) {
    const release = this.release;
    if (release === null || this.motion === null) return this._offset;
    return this.motion(release.from, release.velocity, release.target, time - release.start);
  }

  // Whether a frame at `time` would still move: a motion under way that has not reached its target.
  isMovingAt(time) {
    if (this.release === null) return false;
    return this.offsetAt(time) !== this.release.target;
  }

  // A sample of the finger at `time`: one at the same time as the last replaces it; those older than the window
  // are dropped.
  _sample(time) {
    const times = this._sampleTimes, offsets = this._sampleOffsets;
    if (times.length > 0 && times[times.length - 1] === time) {
      offsets[offsets.length - 1] = this._offset;
    } else {
      times.push(time);
      offsets.push(this._offset);
    }
    let first = 0;
    while (first < times.length && times[first] < time - velocityWindow) first += 1;
    if (first > 0) {
      times.splice(0, first);
      offsets.splice(0, first);
    }
  }

  // Points per second from the oldest to the newest sample of the window; 0 with fewer than two apart in time.
  _releaseVelocity() {
    const times = this._sampleTimes, offsets = this._sampleOffsets;
    if (times.length === 0 || !(times[times.length - 1] > times[0])) return 0;
    return (offsets[offsets.length - 1] - offsets[0]) / (times[times.length - 1] - times[0]) * 1000;
  }
}
