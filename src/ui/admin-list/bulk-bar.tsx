import { type StatusWords, statusText } from '@contract/resource';
import { Button, Group, Paper, Text } from '@mantine/core';

type BulkBarProps = {
  count: number;
  words: StatusWords;
  canPublish: boolean;
  canDelete: boolean;
  onStatus: (status: boolean) => void;
  onDelete: () => void;
  onClear: () => void;
};

/** What can be done to the selected rows; shown only while some are selected. */
export function BulkBar({ count, words, canPublish, canDelete, onStatus, onDelete, onClear }: BulkBarProps) {
  if (count === 0) return null;
  const text = statusText[words];
  return (
    <Paper withBorder p="xs" radius="md" role="toolbar" aria-label="Bulk actions">
      <Group gap="sm">
        <Text size="sm" fw={500}>
          {count} selected
        </Text>
        {canPublish && (
          <>
            <Button size="xs" onClick={() => onStatus(true)}>
              {text.turnOn}
            </Button>
            <Button size="xs" color="orange" variant="light" onClick={() => onStatus(false)}>
              {text.turnOff}
            </Button>
          </>
        )}
        {canDelete && (
          <Button size="xs" color="red" variant="light" onClick={onDelete}>
            Delete
          </Button>
        )}
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
