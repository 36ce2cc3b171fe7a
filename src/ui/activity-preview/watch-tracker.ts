/**
 * How far a learner has played a video or audio without skipping: the furthest point reached by
 * playing on from the start. Playback moves the position by about the time that passed times the
 * playback rate; a seek jumps further, and what lies beyond the furthest point reached that way
 * does not count. Seeking back and playing again is fine.
 */
export class WatchTracker {
  /** Seconds of the media reached by playing, from 0. */
  reached = 0;
  private lastPosition = 0;
  private lastWallTime: number | null = null;

  /** Slack for timers firing late, in seconds of media. */
  static readonly SLACK_SECONDS = 1.5;

  /** The media is at `position` seconds at wall time `now` (ms), playing at `rate`; paused media is not counted. */
  update(position: number, now: number, rate: number, playing: boolean): void {
    if (playing && this.lastWallTime !== null) {
      const elapsed = Math.max(0, (now - this.lastWallTime) / 1000);
      const allowed = this.lastPosition + elapsed * Math.max(rate, 0) + WatchTracker.SLACK_SECONDS;
      // Playing on from a point already reached (or from where playback was) extends what was watched.
      if (position <= allowed && this.lastPosition <= this.reached + WatchTracker.SLACK_SECONDS)
        this.reached = Math.max(this.reached, position);
    }
    this.lastPosition = position;
    this.lastWallTime = playing ? now : null;
  }

  /** The share of `duration` watched, from 0 to 1. */
  share(duration: number): number {
    if (!Number.isFinite(duration) || duration <= 0) return 0;
    return Math.min(1, this.reached / duration);
  }
}
