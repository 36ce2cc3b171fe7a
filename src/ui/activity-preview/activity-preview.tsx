import { Alert, Anchor, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { type HostedVideoType, videoEmbedUrl } from './embed-url';

// The players and pdf.js load only when a preview shows them, never with the screens around them.
const MediaPlayer = lazy(() => import('./media-player'));
const PdfViewer = lazy(() => import('./pdf-viewer'));

export type PreviewFile = { name: string; type: string; size: number; url: string };

/** What a preview needs of an activity (the lesson activity as the API answers it). */
export type PreviewActivity = {
  title: string;
  activityType: string;
  videoType: string | null;
  url: string | null;
  file: PreviewFile | null;
  previewFile: PreviewFile | null;
  embedUrl: string | null;
};

/** What a learner's player is told as they work through an activity. */
export type ActivityProgress = {
  /** A video or audio: the share played without seeking ahead. */
  onWatched?: (share: number) => void;
  /** A PDF (or a PowerPoint's PDF copy): its last page is on screen. */
  onLastPage?: () => void;
};

/** What a framed document may do: run its own scripts and forms, open windows. Never allow-same-origin. */
export const EMBED_SANDBOX = 'allow-scripts allow-forms allow-popups';

const Loading = () => (
  <Group p="md">
    <Loader size="sm" aria-label="Loading the preview" />
  </Group>
);

function Missing({ children }: { children: ReactNode }) {
  return (
    <Alert color="yellow" role="status">
      {children}
    </Alert>
  );
}

function Framed({ src, title, sandbox }: { src: string; title: string; sandbox?: string }) {
  return (
    <Box style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9' }}>
      <iframe
        src={src}
        title={title}
        sandbox={sandbox}
        allow="fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}

function FileLink({ file, label }: { file: PreviewFile; label: string }) {
  return (
    <Anchor href={file.url} download={file.name} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={14} aria-hidden />
        {label}: {file.name}
      </Group>
    </Anchor>
  );
}

function body(activity: PreviewActivity, progress: ActivityProgress): ReactNode {
  const { title, file } = activity;
  switch (activity.activityType) {
    case 'videoPlayer': {
      if (activity.videoType === 'mp4')
        return file ? (
          <MediaPlayer kind="video" src={file.url} title={title} onWatched={progress.onWatched} />
        ) : (
          <Missing>No video file.</Missing>
        );
      const embed = activity.url ? videoEmbedUrl(activity.videoType as HostedVideoType, activity.url) : null;
      return embed ? (
        <Framed src={embed} title={title} />
      ) : (
        <Missing>This video address cannot be played.</Missing>
      );
    }
    case 'audioPlayer':
      return file ? (
        <MediaPlayer kind="audio" src={file.url} title={title} onWatched={progress.onWatched} />
      ) : (
        <Missing>No audio file.</Missing>
      );
    case 'pdfDocument':
      return file ? (
        <PdfViewer src={file.url} title={title} onLastPage={progress.onLastPage} />
      ) : (
        <Missing>No PDF file.</Missing>
      );
    case 'powerpoint':
      return (
        <Stack gap="sm">
          {file ? (
            <FileLink file={file} label="Download the presentation" />
          ) : (
            <Missing>No presentation file.</Missing>
          )}
          {activity.previewFile ? (
            <PdfViewer src={activity.previewFile.url} title={title} onLastPage={progress.onLastPage} />
          ) : (
            <Text size="sm" c="dimmed">
              No PDF copy: learners download the presentation to view it.
            </Text>
          )}
        </Stack>
      );
    case 'fileUpload':
      return (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconFileUpload size={20} aria-hidden />
            <Text size="sm">The learner hands in a file to complete this activity.</Text>
          </Group>
          {file && <FileLink file={file} label="Instructions" />}
        </Stack>
      );
    case 'customEmbed':
    case 'interactiveContent': {
      if (activity.embedUrl) return <Framed src={activity.embedUrl} title={title} sandbox={EMBED_SANDBOX} />;
      // Only the app's own documents and the video hosts may be framed: content elsewhere opens apart.
      if (activity.activityType === 'interactiveContent' && activity.url)
        return (
          <Anchor href={activity.url} target="_blank" rel="noopener noreferrer">
            Open the interactive content in a new tab
          </Anchor>
        );
      return <Missing>Nothing to show.</Missing>;
    }
    default:
      return <Missing>This activity type has no preview.</Missing>;
  }
}

/** An activity as its learner meets it: the player, viewer, frame or hand-in the type calls for. */
export function ActivityPreview({
  activity,
  progress = {},
}: {
  activity: PreviewActivity;
  progress?: ActivityProgress;
}) {
  return <Suspense fallback={<Loading />}>{body(activity, progress)}</Suspense>;
}
