import { Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatDate } from '@/lib/format-date';
import { useId } from '@/lib/stable-id';
import { LearnerStateBadge } from '@/ui/learner-state-badge';
import { QueryStatus } from '@/ui/query-status';
import { memberViewQueryOptions } from '../member-queries';
import { courseBreakdown } from './course-states';

export type CoursePopoverProps = {
  teamId: string;
  memberId: string;
  /** The member's name, for the popover's heading. */
  name: string;
  /** The card's course bar, which the popover wraps. */
  bar: ReactNode;
};

/**
 * The card's course bar with its popover of courses, open as it mounts (on the bar's first tap).
 * The bar here is a new button: it takes the focus before the popover opens, so that the popover
 * gives the focus back to it when it closes.
 */
export function CoursePopover({ teamId, memberId, name, bar }: CoursePopoverProps) {
  const headingId = useId();
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    target.current?.focus({ preventScroll: true });
    setOpened(true);
  }, []);
  return (
    <Popover
      width={320}
      position="bottom"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        {/* Named by what it shows ("Course Progress 1/6"); the popover it opens is announced with it. */}
        <UnstyledButton ref={target} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          {bar}
        </UnstyledButton>
      </Popover.Target>
      {/* Named by its heading rather than, as Mantine does, by the bar that opened it. */}
      <Popover.Dropdown aria-labelledby={headingId} maw="calc(100vw - 2rem)">
        <Text id={headingId} size="sm" fw={600} mb="xs">
          Courses of {name}
        </Text>
        <CourseList teamId={teamId} memberId={memberId} />
      </Popover.Dropdown>
    </Popover>
  );
}

function CourseList({ teamId, memberId }: { teamId: string; memberId: string }) {
  const query = useQuery(memberViewQueryOptions(teamId, memberId, 'transcript'));
  if (!query.data) return <QueryStatus query={query} />;
  const courses = courseBreakdown(query.data);
  if (courses.length === 0) return <Text c="dimmed">No courses assigned yet.</Text>;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} mah={320} style={{ listStyle: 'none', overflowY: 'auto' }}>
      {courses.map((course) => (
        <Group component="li" key={course._id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {course.title}
            </Text>
            {course.completedAt ? (
              <Text size="xs" c="dimmed">
                Completed {formatDate(course.completedAt)}
              </Text>
            ) : null}
          </Stack>
          <LearnerStateBadge state={course.state} tt="none" miw="max-content" />
        </Group>
      ))}
    </Stack>
  );
}
