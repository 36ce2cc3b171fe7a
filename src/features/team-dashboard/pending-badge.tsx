import { Badge } from '@mantine/core';
import { useOutbox } from '@/lib/outbox';
import { entryTouches } from '@/lib/outbox-headers';

/** 'Pending' on a card or row while a change to it waits in the outbox; 'Failed' once the server refused it. */
export function PendingBadge({ recordId }: { recordId: string }) {
  const { entries } = useOutbox();
  const touching = entries.filter((entry) => entryTouches(entry, recordId));
  if (touching.length === 0) return null;
  const failed = touching.some((entry) => entry.status === 'failed');
  return (
    <Badge size="sm" variant="light" color={failed ? 'red' : 'yellow'}>
      {failed ? 'Failed' : 'Pending'}
    </Badge>
  );
}
