import { Group, Progress, Stack, Text } from '@mantine/core';
import { progressLabel } from './format';

type ProgressRowProps = {
  label: string;
  done: number;
  assigned: number;
  /** 0 to 100, as the server computed it. */
  value: number;
  /** Compact on a card; the member's own dashboard also shows the percentage. */
  variant?: 'card' | 'detail';
  /** Inside a control named by the row's text: the bar is left out of what assistive technology reads. */
  barHidden?: boolean;
};

/** A labelled progress bar with 'done/assigned', shared by the member card and the member's dashboard. */
export function ProgressRow({ label, done, assigned, value, variant = 'card', barHidden }: ProgressRowProps) {
  const detail = variant === 'detail';
  const size = detail ? 'sm' : 'xs';
  return (
    <Stack gap={detail ? 4 : 2}>
      <Group justify="space-between" gap="xs">
        <Text size={size} c={detail ? undefined : 'dimmed'}>
          {label}
        </Text>
        <Text size={size} fw={600}>
          {progressLabel(done, assigned)}
          {detail ? ` (${Math.round(value)}%)` : null}
        </Text>
      </Group>
      <Progress
        value={value}
        size={detail ? 'md' : 'sm'}
        {...(barHidden ? { 'aria-hidden': true } : { 'aria-label': label })}
      />
    </Stack>
  );
}
