import { describe, expect, it } from 'vitest';
import { WatchTracker } from '../../src/ui/activity-preview/watch-tracker';

/** Plays from `from` to `to` seconds at `rate`, a time update every quarter second of wall time. */
function play(tracker: WatchTracker, from: number, to: number, rate = 1, start = 0): number {
  let now = start;
  tracker.update(from, now, rate, true);
  for (let position = from; position < to; ) {
    now += 250;
    position = Math.min(to, position + 0.25 * rate);
    tracker.update(position, now, rate, true);
  }
  return now;
}

describe('WatchTracker', () => {
  it('counts playing from the start to the end as the whole media', () => {
    const tracker = new WatchTracker();
    play(tracker, 0, 60);
    expect(tracker.share(60)).toBe(1);
  });

  it('counts fast playback, which moves as fast as time allows', () => {
    const tracker = new WatchTracker();
    play(tracker, 0, 60, 16);
    expect(tracker.share(60)).toBe(1);
  });

  it('does not count what was skipped by seeking ahead', () => {
    const tracker = new WatchTracker();
    let now = play(tracker, 0, 10);
    // The learner drags the bar to 50 s and plays on to the end.
    now += 100;
    tracker.update(50, now, 1, true);
    play(tracker, 50, 60, 1, now);
    expect(tracker.reached).toBe(10);
    expect(tracker.share(60)).toBeCloseTo(10 / 60);
  });

  it('lets a learner seek back and play on from there', () => {
    const tracker = new WatchTracker();
    let now = play(tracker, 0, 30);
    now += 100;
    tracker.update(5, now, 1, true);
    play(tracker, 5, 60, 1, now);
    expect(tracker.share(60)).toBe(1);
  });

  it('ignores time that passed while paused', () => {
    const tracker = new WatchTracker();
    const now = play(tracker, 0, 10);
    tracker.update(10, now, 1, false);
    // An hour later the position jumps to the end without playing.
    tracker.update(60, now + 3_600_000, 1, true);
    tracker.update(60, now + 3_600_250, 1, true);
    expect(tracker.reached).toBe(10);
  });

  it('has watched nothing of a media of unknown length', () => {
    expect(new WatchTracker().share(Number.NaN)).toBe(0);
  });
});
