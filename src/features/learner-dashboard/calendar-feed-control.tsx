import { ActionIcon, Button, Card, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { learnerEventKeys } from '@/lib/learner-event-keys';
import { toast } from '@/lib/notify';
import { openConfirm } from '@/ui/confirm-host';
import { calendarFeedOptions, createCalendarFeed, revokeCalendarFeed } from './my-events-queries';

/**
 * The learner's private calendar address, to subscribe to from Outlook, Google or Apple Calendar.
 * Only a hash of it is kept on the server, so the address is shown once, when made; a new one
 * replaces it, and revoking stops it.
 */
export function CalendarFeedControl() {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedOptions());
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const active = feed.data?.active ?? false;

  async function create() {
    setBusy(true);
    try {
      const answer = await createCalendarFeed();
      setShown(answer.url);
      queryClient.setQueryData(learnerEventKeys.feed(), { ...answer, url: null });
    } catch {
      // The api client has told the user.
    } finally {
      setBusy(false);
    }
  }

  const revoke = () =>
    openConfirm(
      'delete',
      async () => {
        const answer = await revokeCalendarFeed();
        setShown(null);
        queryClient.setQueryData(learnerEventKeys.feed(), answer);
        toast.success('Your calendar address is revoked.');
      },
      {
        title: 'Revoke your calendar address?',
        text: 'Calendars subscribed to it stop receiving your events. You can make a new address at any time.',
        confirmLabel: 'Revoke',
      },
    );

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="xs">
        <Text fw={600} id="calendar-feed-title">
          Calendar feed
        </Text>
        <Text size="sm" c="dimmed">
          {active
            ? 'Your events are in a private calendar address. Make a new one if you lost it; the old one then stops.'
            : 'Subscribe to your events from Outlook, Google or Apple Calendar with a private address.'}
        </Text>
        {shown && (
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="Your calendar address"
                value={shown}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
              />
              <CopyButton value={shown}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon
                      size="lg"
                      variant="default"
                      onClick={copy}
                      aria-label={copied ? 'Copied' : 'Copy address'}
                    >
                      {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              Shown only now: copy it into your calendar app. Keep it private, it shows your events to whoever
              has it.
            </Text>
          </Stack>
        )}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void create()} loading={busy}>
            {active ? 'Make a new address' : 'Create address'}
          </Button>
          {active && (
            <Button size="xs" variant="subtle" color="red" onClick={revoke}>
              Revoke
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
