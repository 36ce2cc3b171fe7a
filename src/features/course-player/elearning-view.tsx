import type { ElearningItem } from '@contract/elearning/resource';
import type { PlayerPackage } from '@contract/elearning/tracking';
import type { PlayerElearning } from '@contract/learning/resource';
import { Badge, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { launchableItems, packageWithWork } from '@/lib/elearning-records';
import { useWaitingWork, WAITING_LABEL } from '@/lib/outbox-learning';
import { QueryStatus } from '@/ui/query-status';
import { useOnline } from '@/ui/use-online';
import { ElearningContents } from './elearning-contents';
import { type Launch, useLauncher } from './elearning-launcher';
import { playerPackageOptions } from './queries';

type ElearningViewProps = { courseId: string; item: PlayerElearning };

/**
 * A package read longer ago than this is read again before it is launched, when online: its launcher
 * address is signed for hours only (server/elearning-origin/urls.ts), and a new version may be out.
 */
const LAUNCH_READ_MS = 60 * 60_000;

/**
 * A package read before this page opened (restored from the saved query cache) is read again before
 * it is launched, when online: the cache is saved a moment after each change, so a page reloaded just
 * after a commit may restore the package as it was before it, and the SCO would resume from there.
 */
const readBeforeThisPage = (dataUpdatedAt: number) => dataUpdatedAt < performance.timeOrigin;

/** An e-learning package of the course: read it, then play it. */
export function ElearningView({ courseId, item }: ElearningViewProps) {
  const query = useQuery({
    ...playerPackageOptions(item._id, courseId),
    refetchOnMount: (read) => (readBeforeThisPage(read.state.dataUpdatedAt) ? 'always' : true),
  });
  const work = useWaitingWork();
  const pkg = useMemo(
    () => query.data && packageWithWork(query.data, work.elearningCommits),
    [query.data, work.elearningCommits],
  );
  const waiting = work.elearningPackages.has(item._id);
  const online = useOnline();
  const rereading =
    online &&
    query.isFetching &&
    (readBeforeThisPage(query.dataUpdatedAt) || Date.now() - query.dataUpdatedAt > LAUNCH_READ_MS);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3">
          {pkg?.title ?? item.name}
        </Title>
        <Group gap="xs">
          {pkg && <PackageState pkg={pkg} />}
          {waiting && (
            <Badge color="orange" variant="light">
              {WAITING_LABEL}
            </Badge>
          )}
        </Group>
      </Group>
      {(pkg?.description ?? item.description) && <Text>{pkg?.description ?? item.description}</Text>}
      {pkg && rereading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading the package..." />
        </Center>
      ) : pkg ? (
        <PackagePlayer key={pkg._id} courseId={courseId} pkg={pkg} />
      ) : (
        <QueryStatus query={query} label="Loading the package..." />
      )}
    </Stack>
  );
}

/** 'Passed' or 'Completed' once every SCO counts as done, as the server answered (or the work waiting here makes it). */
function PackageState({ pkg }: { pkg: PlayerPackage }) {
  if (!pkg.done) return null;
  const passed =
    pkg.records.some((record) => record.successStatus === 'passed') &&
    !pkg.records.some((record) => record.successStatus === 'failed');
  return (
    <Badge color="green" variant="light">
      {passed ? 'Passed' : 'Completed'}
    </Badge>
  );
}

/** The SCO to open first: the first not done, else the first. */
function firstToOpen(pkg: PlayerPackage, scos: ElearningItem[]): ElearningItem | undefined {
  const done = new Set(pkg.records.filter((record) => record.done).map((record) => record.scoId));
  return scos.find((sco) => !done.has(sco.identifier)) ?? scos[0];
}

/**
 * The launcher frame on the content origin, playing one SCO at a time; for a package of several SCOs,
 * its table of contents and buttons to the SCO before and after.
 */
function PackagePlayer({ courseId, pkg }: { courseId: string; pkg: PlayerPackage }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const scos = useMemo(() => launchableItems(pkg), [pkg]);
  // The launcher's address is taken once per launch: a later read signs a new one, which must not reload the SCO.
  const [launch, setLaunch] = useState<Launch | null>(() => {
    const sco = firstToOpen(pkg, scos);
    return sco ? { sco, url: pkg.launcherUrl, n: 1 } : null;
  });
  const latestUrl = useRef(pkg.launcherUrl);
  latestUrl.current = pkg.launcherUrl;
  const open = useCallback((sco: ElearningItem) => {
    setLaunch((before) => ({ sco, url: latestUrl.current, n: (before?.n ?? 0) + 1 }));
  }, []);
  const index = launch ? scos.findIndex((sco) => sco.identifier === launch.sco.identifier) : -1;
  const before = index > 0 ? scos[index - 1] : undefined;
  const after = index >= 0 ? scos[index + 1] : undefined;

  const onNavigate = useCallback(
    (request: string, target: string | undefined) => {
      const to =
        request === 'continue'
          ? after
          : request === 'previous'
            ? before
            : request === 'choice'
              ? scos.find((sco) => sco.identifier === target)
              : undefined;
      if (to) open(to);
      // exit, exitAll, suspendAll, or no SCO that way: the SCO stays on screen as it ended.
    },
    [after, before, scos, open],
  );
  useLauncher({ frame, courseId, pkg, launch, onNavigate });

  if (!launch) return <Text c="dimmed">This package has nothing to open.</Text>;
  const multi = scos.length > 1;
  return (
    <Stack gap="sm">
      {multi && <ElearningContents pkg={pkg} openId={launch.sco.identifier} onOpen={open} />}
      <Box
        component="iframe"
        key={launch.n}
        ref={frame}
        src={launch.url}
        title={`${pkg.title}: ${launch.sco.title}`}
        allow="fullscreen"
        w="100%"
        bd="1px solid var(--mantine-color-default-border)"
        style={{ height: 'min(75dvh, 720px)', minHeight: 360, borderRadius: 'var(--mantine-radius-sm)' }}
      />
      {multi && (
        <Group justify="space-between" component="nav" aria-label="Package navigation">
          {before ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => open(before)}
            >
              Previous
            </Button>
          ) : (
            <span />
          )}
          {after && (
            <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => open(after)}>
              Continue
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
