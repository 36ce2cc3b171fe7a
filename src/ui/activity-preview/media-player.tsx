import {
  MediaControlBar,
  MediaController,
  MediaDurationDisplay,
  MediaFullscreenButton,
  MediaMuteButton,
  MediaPlayButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import { useEffect, useRef, useState } from 'react';
import { WatchTracker } from './watch-tracker';

type MediaPlayerProps = {
  kind: 'video' | 'audio';
  src: string;
  /** What is played, for the player's accessible name. */
  title: string;
  /** Told the share played without seeking ahead (0 to 1) as it grows, for a learner's completion. */
  onWatched?: (share: number) => void;
};

/** Follows a media element's playback and reports the share watched, as the tracker counts it. */
function useWatched(media: HTMLMediaElement | null, onWatched: ((share: number) => void) | undefined) {
  const report = useRef(onWatched);
  report.current = onWatched;
  useEffect(() => {
    if (!media || !report.current) return;
    const tracker = new WatchTracker();
    let told = -1;
    const update = () => {
      tracker.update(
        media.currentTime,
        performance.now(),
        media.playbackRate,
        !media.paused && !media.seeking,
      );
      const share = tracker.share(media.duration);
      if (share > told) {
        told = share;
        report.current?.(share);
      }
    };
    const events = ['timeupdate', 'play', 'pause', 'seeking', 'seeked', 'ended', 'ratechange'] as const;
    for (const name of events) media.addEventListener(name, update);
    return () => {
      for (const name of events) media.removeEventListener(name, update);
    };
  }, [media]);
}

/**
 * A stored video or audio file in media-chrome's controls. The browser asks the file route for
 * byte ranges as it plays and seeks, so a long file starts at once and jumps without downloading
 * what lies before.
 */
export default function MediaPlayer({ kind, src, title, onWatched }: MediaPlayerProps) {
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  useWatched(element, onWatched);
  const controls = (
    <MediaControlBar>
      <MediaPlayButton />
      <MediaTimeRange />
      {/* The elapsed time only: the duration is shown beside it, so it need not be a button that toggles to the time left (a button named "playback time" while showing the time, which screen readers announce apart). */}
      <MediaTimeDisplay noToggle />
      <MediaDurationDisplay />
      <MediaMuteButton />
      <MediaVolumeRange />
      {kind === 'video' && <MediaFullscreenButton />}
    </MediaControlBar>
  );
  if (kind === 'audio')
    return (
      <MediaController audio style={{ width: '100%' }}>
        {/* biome-ignore lint/a11y/useMediaCaption: an uploaded recording has no caption track to offer. */}
        <audio ref={setElement} slot="media" src={src} preload="metadata" aria-label={title} />
        {controls}
      </MediaController>
    );
  return (
    <MediaController style={{ width: '100%', aspectRatio: '16 / 9', background: '#000' }}>
      {/* biome-ignore lint/a11y/useMediaCaption: an uploaded video has no caption track to offer. */}
      <video ref={setElement} slot="media" src={src} preload="metadata" playsInline aria-label={title} />
      {controls}
    </MediaController>
  );
}
