import type { VirtualMeetingRow } from '@contract/events/attendees';
import { Button, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { joinOpen, joinOpensAt, viewerTime } from './meeting-time';

/**
 * The session's Join link, open from JOIN_OPENS_MINUTES before the start until the end (as the
 * learner's is); otherwise a disabled button whose tooltip says when it opens, or that it ended.
 */
export function JoinLink({ row, now }: { row: VirtualMeetingRow; now: number }) {
  const name = `Join ${row.title}`;
  if (joinOpen(row.startsAt, row.endsAt, now))
    return (
      <Button
        size="xs"
        component="a"
        href={row.meetingUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={name}
        rightSection={<IconExternalLink size={14} aria-hidden />}
      >
        Join
      </Button>
    );
  const ended = Date.parse(row.endsAt) <= now;
  const why = ended ? 'This session has ended.' : `Opens at ${viewerTime(joinOpensAt(row.startsAt))}`;
  // A disabled button gets no pointer events, so the tooltip would never show: it is marked
  // disabled instead, and stays focusable so a keyboard reaches the tooltip too.
  return (
    <Tooltip label={why} events={{ hover: true, focus: true, touch: true }}>
      <Button
        size="xs"
        data-disabled
        aria-disabled
        aria-label={`${name}: ${why}`}
        onClick={(e) => e.preventDefault()}
      >
        Join
      </Button>
    </Tooltip>
  );
}
