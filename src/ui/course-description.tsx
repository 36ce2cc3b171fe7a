import { Text, Typography } from '@mantine/core';

/** Minutes as a reader takes them in: '45 min', '2 h', '1 h 30 min'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** A course's estimated duration, or nothing when none is given. */
export function CourseDuration({ minutes }: { minutes: number | null }) {
  if (minutes === null) return null;
  return (
    <Text size="sm" c="dimmed">
      Estimated duration: {formatDuration(minutes)}
    </Text>
  );
}

type CourseDescriptionProps = { html: string; lineClamp?: number };

/**
 * A course's formatted description. The server keeps only harmless tags and safe links in it
 * (server/modules/courses/description.ts), so it is rendered as the HTML it is.
 */
export function CourseDescription({ html, lineClamp }: CourseDescriptionProps) {
  if (!html) return null;
  return (
    <Typography>
      <Text
        component="div"
        size="sm"
        lineClamp={lineClamp}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}
