import { Badge, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useOutbox } from '@/lib/outbox';
import { OutboxPanel } from './outbox-panel';
import { useOnline } from './use-online';

/** The top bar's connection state and the count of changes waiting or refused, opening the outbox panel. */
export function OutboxStatus() {
  const online = useOnline();
  const { pending, failed } = useOutbox();
  const [opened, panel] = useDisclosure(false);
  const count = pending + failed;
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge
        color={online ? 'green' : 'gray'}
        variant="light"
        leftSection={online ? null : <IconCloudOff size={14} />}
        role="status"
        aria-label={online ? 'Online' : 'Offline'}
      >
        {online ? 'Online' : 'Offline'}
      </Badge>
      {count > 0 ? (
        <Button
          size="xs"
          variant="light"
          color={failed > 0 ? 'red' : 'yellow'}
          leftSection={<IconCloudUpload size={16} />}
          onClick={panel.open}
          aria-label={
            failed > 0 ? `Pending changes: ${pending}, failed: ${failed}` : `Pending changes: ${pending}`
          }
        >
          {failed > 0 ? `Pending changes: ${pending} · Failed: ${failed}` : `Pending changes: ${pending}`}
        </Button>
      ) : null}
      <OutboxPanel opened={opened} onClose={panel.close} />
    </Group>
  );
}
