import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@contract/constants';
import { Button, Center, Group, Stack, Text, Title, Tooltip } from '@mantine/core';

/**
 * The /test demo: hovering shows a tooltip after the open delay; moving to a neighbour within the
 * skip delay shows its tooltip at once, as the group shares one delay.
 */
export function TooltipDemo() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center">
        <Title order={1} size="h2">
          Tooltip Demo
        </Title>
        <Text c="dimmed">Hover a button to see its tooltip.</Text>
        <Tooltip.Group openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
          <Group>
            <Tooltip label="This is a tooltip">
              <Button>Hover me</Button>
            </Tooltip>
            <Tooltip label="Another tooltip">
              <Button variant="light">And me</Button>
            </Tooltip>
          </Group>
        </Tooltip.Group>
      </Stack>
    </Center>
  );
}
