import { Button, Stack, Text } from '@mantine/core';

type ActionToastBodyProps = { message: string; label: string; color: string; onClick: () => void };

/** The inside of a toast that offers one thing to do: the message, and a button under it. */
export function ActionToastBody({ message, label, color, onClick }: ActionToastBodyProps) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" color={color} onClick={onClick}>
        {label}
      </Button>
    </Stack>
  );
}
