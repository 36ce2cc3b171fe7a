import type { PlayerActivity } from '@contract/learning/resource';
import { useRef } from 'react';
import { fileKey } from '@/lib/kept-courses';

type Linked = { url: string } | null;

/** The link seen first while it names the same stored file: a refetch signs links anew. */
function keep<T extends Linked>(before: T, now: T): T {
  return before && now && fileKey(before.url) === fileKey(now.url) ? before : now;
}

/**
 * The activity with the file links it had when first shown, as long as they name the same files.
 * Every read of the course signs its links again; a new link would reload a playing video or an
 * open PDF from its start.
 */
export function useStableFiles(activity: PlayerActivity): PlayerActivity {
  const seen = useRef(activity);
  const before = seen.current;
  const stable: PlayerActivity = {
    ...activity,
    file: keep(before.file, activity.file),
    previewFile: keep(before.previewFile, activity.previewFile),
    embedUrl:
      before.embedUrl && activity.embedUrl && fileKey(before.embedUrl) === fileKey(activity.embedUrl)
        ? before.embedUrl
        : activity.embedUrl,
  };
  seen.current = stable;
  return stable;
}
