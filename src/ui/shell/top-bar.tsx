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

export function TopBar({ mobileOpened, onToggleMobile, actions }: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle menu"
        />
        <ActionIcon
          visibleFrom="sm"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Toggle menu"
          onClick={toggleSidebar}
        >
          <IconMenu2 size={20} stroke={1.5} />
        </ActionIcon>
        <Text fw={700} size="lg" c="blue">
          Training Admin
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <OutboxStatus />
        {actions}
      </Group>
    </Group>
  );
}
