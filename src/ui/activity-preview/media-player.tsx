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

type MediaPlayerProps = {
  kind: 'video' | 'audio';
  src: string;
  /** What is played, for the player's accessible name. */
  title: string;
};

/**
 * A stored video or audio file in media-chrome's controls. The browser asks the file route for
 * byte ranges as it plays and seeks, so a long file starts at once and jumps without downloading
 * what lies before.
 */
export default function MediaPlayer({ kind, src, title }: MediaPlayerProps) {
  const controls = (
    <MediaControlBar>
      <MediaPlayButton />
      <MediaTimeRange />
      <MediaTimeDisplay />
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
        <audio slot="media" src={src} preload="metadata" aria-label={title} />
        {controls}
      </MediaController>
    );
  return (
    <MediaController style={{ width: '100%', aspectRatio: '16 / 9', background: '#000' }}>
      {/* biome-ignore lint/a11y/useMediaCaption: an uploaded video has no caption track to offer. */}
      <video slot="media" src={src} preload="metadata" playsInline aria-label={title} />
      {controls}
    </MediaController>
  );
}
