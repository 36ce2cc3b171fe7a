import { ActionIcon, Burger, Group, Text } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { toggleSidebar } from '@/lib/theme-store';
import { OutboxStatus } from '../outbox-status';

type TopBarProps = {
  mobileOpened: boolean;
  onToggleMobile: () => void;
  actions: ReactNode;
};

/**
 * Title, connection and outbox state, and the profile menu on one line down to a 360 px phone:
 * nothing here wraps or shrinks, the phone's state and counts are icons (see OutboxStatus).
 */
export function TopBar({ mobileOpened, onToggleMobile, actions }: TopBarProps) {
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="md"
          size="sm"
          aria-label="Toggle menu"
          aria-expanded={mobileOpened}
        />
        <ActionIcon
          visibleFrom="md"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Toggle menu"
          onClick={toggleSidebar}
        >
          <IconMenu2 size={20} stroke={1.5} />
        </ActionIcon>
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c="blue" style={{ whiteSpace: 'nowrap' }}>
          Training Admin
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <OutboxStatus />
        {actions}
      </Group>
    </Group>
  );
}
