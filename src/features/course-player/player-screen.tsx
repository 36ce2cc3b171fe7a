import type { PlayerCourse, PlayerItem } from '@contract/learning/resource';
import { Grid, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { courseWithWork, useWaitingWork } from '@/lib/outbox-learning';
import { QueryStatus } from '@/ui/query-status';
import { SavedDataNotice } from '@/ui/saved-data-notice';
import { CourseHeader } from './course-header';
import { CourseOutline } from './course-outline';
import { ItemView } from './item-view';
import { KeepOfflinePanel } from './keep-offline-panel';
import { MarkDonePanel } from './mark-done-panel';
import { PlayerBreadcrumb } from './player-breadcrumb';
import { playerChecklistOptions, playerCourseOptions, playerPackageOptions } from './queries';

type PlayerScreenProps = {
  courseId: string;
  /** The lesson or quiz open; the first one not done when absent. */
  itemId: string | undefined;
  /** The portal screen the course was opened from (its address), for the breadcrumb. */
  from?: string;
  onOpenItem: (itemId: string) => void;
};

/** The item to open: the one asked for, else the first not done, else the first. */
export function currentItem(course: PlayerCourse, itemId: string | undefined): PlayerItem | undefined {
  return (
    course.outline.find((item) => item._id === itemId) ??
    course.outline.find((item) => !item.done) ??
    course.outline[0]
  );
}

/** The course player: the outline with what is done (or done here and waiting to be sent), and the lesson or quiz being taken. */
export function PlayerScreen({ courseId, itemId, from, onOpenItem }: PlayerScreenProps) {
  const query = useQuery(playerCourseOptions(courseId));
  // The learner's work still waiting in the outbox shows done, here and in every part of the player.
  const work = useWaitingWork();
  const queryClient = useQueryClient();
  const course = useMemo(
    () =>
      query.data &&
      courseWithWork(
        query.data,
        work,
        (checklistId) => queryClient.getQueryData(playerChecklistOptions(checklistId, courseId).queryKey),
        (packageId) => queryClient.getQueryData(playerPackageOptions(packageId, courseId).queryKey),
      ),
    [query.data, work, queryClient, courseId],
  );
  const open = course ? currentItem(course, itemId) : undefined;
  // The item opened first goes into the address, so finishing it does not move the player on.
  const openId = open?._id;
  useEffect(() => {
    if (!itemId && openId) onOpenItem(openId);
  }, [itemId, openId, onOpenItem]);
  return (
    <Stack gap="md">
      <PlayerBreadcrumb from={from} courseName={course?.name ?? 'Course'} />
      <QueryStatus query={query} label="Loading the course..." />
      {course && (
        <>
          <SavedDataNotice updatedAt={query.dataUpdatedAt} networkFailed={query.isRefetchError} />
          <CourseHeader course={course} />
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={course.progress.percent}
              flex={1}
              aria-label={`Course progress: ${course.progress.percent}%`}
            />
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {course.progress.done} of {course.progress.total} done
            </Text>
          </Group>
          {course.assigned && <KeepOfflinePanel course={course} />}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <CourseOutline course={course} openId={open?._id} onOpen={onOpenItem} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {open ? (
                <ItemView course={course} item={open} onOpenItem={onOpenItem} />
              ) : course.externalLink ? (
                <MarkDonePanel course={course} link={course.externalLink} />
              ) : (
                <Text c="dimmed">This course has no lessons or quizzes yet.</Text>
              )}
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
