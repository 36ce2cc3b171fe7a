import { Loader, Progress, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * How far a file's upload has gone: `progress` is null until the browser reports a byte count
 * (a request the service worker takes reports none), then 0 to 100.
 */
export function UploadProgress({ progress }: { progress: number | null }) {
  const labelId = useId();
  return (
    <div>
      <Text size="sm" id={labelId} mb={4}>
        {progress === null
          ? 'Uploading…'
          : progress < 100
            ? `Uploading… ${progress}%`
            : 'Upload complete, saving…'}
      </Text>
      {progress === null ? (
        // No byte count from the browser: progress with no value, not a made-up one.
        <Loader type="dots" size="sm" role="progressbar" aria-labelledby={labelId} />
      ) : (
        <Progress value={progress} aria-labelledby={labelId} />
      )}
    </div>
  );
}
