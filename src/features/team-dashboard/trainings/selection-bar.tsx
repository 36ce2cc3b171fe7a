import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { countOf } from './reassign-target';

type SelectionBarProps = { count: number; noun: string; onReassign: () => void; onClear: () => void };

/** What can be done to the chosen rows; shown only while some are chosen. */
export function SelectionBar({ count, noun, onReassign, onClear }: SelectionBarProps) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" radius="md" role="toolbar" aria-label={`Selected ${noun}s`}>
      <Group gap="sm">
        <Text size="sm" fw={500}>
          {countOf(count, noun)} selected
        </Text>
        <Button size="xs" leftSection={<IconCalendarRepeat size={16} aria-hidden />} onClick={onReassign}>
          Reassign selected
        </Button>
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
