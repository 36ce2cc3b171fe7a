import { Badge, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconCloud, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { showActionToast } from '@/lib/action-toast';
import { toast } from '@/lib/notify';
import { type OutboxSummary, useOutbox } from '@/lib/outbox';
import { MountWhen } from './lazy-mount';
import { failedSyncMessage, newlyFailed, outboxBadge, REVIEW_CHANGES } from './outbox-badge';
import { useBelow } from './responsive';
import { lazyUntilUsed, usePreloadWhenIdle } from './until-used/until-used';
import { useOnline } from './use-online';

const FAILED_TOAST_ID = 'outbox-failed';

/**
 * The panel's code (a drawer, its list and edit form) is not in the screens' first load: it is
 * fetched once the browser is idle, so it is in before it is opened, offline too.
 */
const outboxPanel = lazyUntilUsed<{ opened: boolean; onClose: () => void }>(() =>
  import('./outbox-panel').then((module) => ({ default: module.OutboxPanel })),
);

/**
 * Whether the outbox panel is open. Kept outside the component so a toast (rendered elsewhere) can
 * open it, and so it stays open when the shell is rendered again.
 */
let panelOpened = false;
const panelListeners = new Set<() => void>();
function setPanelOpened(opened: boolean) {
  panelOpened = opened;
  // The panel shows what the toast said: the toast has done its work.
  if (opened) toast.hide(FAILED_TOAST_ID);
  for (const listener of panelListeners) listener();
}
function subscribePanel(listener: () => void) {
  panelListeners.add(listener);
  return () => panelListeners.delete(listener);
}
export const openOutboxPanel = () => setPanelOpened(true);

/** Refused changes announced so far, kept across shells so a change is announced once. */
let announced: ReadonlySet<number> = new Set();

/** Raises a toast, whose button opens the panel, when the server refuses a replayed change. */
function useFailedSyncToast(entries: OutboxSummary[]) {
  useEffect(() => {
    const next = newlyFailed(entries, announced);
    announced = next.announced;
    if (next.fresh.length === 0) return;
    showActionToast({
      id: FAILED_TOAST_ID,
      color: 'red',
      message: failedSyncMessage(next.announced.size),
      action: { label: REVIEW_CHANGES, onClick: openOutboxPanel },
    });
  }, [entries]);
}

/**
 * The top bar's connection state and one badge counting the changes waiting or refused, opening the
 * outbox panel. A phone shows the state as an icon and the counts beside their icons.
 */
export function OutboxStatus() {
  const online = useOnline();
  const { entries, pending, failed } = useOutbox();
  const opened = useSyncExternalStore(subscribePanel, () => panelOpened);
  const compact = useBelow('sm');
  const badge = outboxBadge(pending, failed);
  useFailedSyncToast(entries);
  usePreloadWhenIdle(outboxPanel.preload);
  const StateIcon = online ? IconCloud : IconCloudOff;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        color={online ? 'green' : 'gray'}
        variant="light"
        circle={compact}
        size={compact ? 'lg' : 'md'}
        leftSection={online || compact ? null : <IconCloudOff size={14} aria-hidden />}
        role="status"
        aria-label={online ? 'Online' : 'Offline'}
      >
        {compact ? <StateIcon size={14} aria-hidden /> : online ? 'Online' : 'Offline'}
      </Badge>
      {badge ? (
        <Button
          size="compact-sm"
          radius="xl"
          variant="light"
          color={badge.color}
          leftSection={compact ? null : <IconCloudUpload size={16} aria-hidden />}
          onClick={openOutboxPanel}
          aria-label={badge.label}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          {compact ? (
            <Group gap={6} wrap="nowrap">
              {badge.counts.map(({ kind, count }) => {
                const Icon = kind === 'failed' ? IconAlertTriangle : IconCloudUpload;
                return (
                  <Group key={kind} gap={2} wrap="nowrap">
                    <Icon size={14} aria-hidden />
                    {count}
                  </Group>
                );
              })}
            </Group>
          ) : (
            badge.text
          )}
        </Button>
      ) : null}
      {/* In the page from its first opening: the top bar of every screen renders without its drawer. */}
      <MountWhen when={opened}>
        <outboxPanel.Component opened={opened} onClose={() => setPanelOpened(false)} />
      </MountWhen>
    </Group>
  );
}
