import type { PlayerCourse, PlayerEvent } from '@contract/learning/resource';
import { NavLink, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled, IconHelpCircle } from '@tabler/icons-react';
import { itemWaits, useWaitingWork, WAITING_LABEL } from '@/lib/outbox-learning';

const EVENT_STATE: Record<PlayerEvent['state'], string> = {
  'not-registered': 'not registered',
  registered: 'registered',
  waiting: 'waiting',
  attended: 'attended',
  absent: 'absent',
};

type CourseOutlineProps = {
  course: PlayerCourse;
  openId: string | undefined;
  onOpen: (itemId: string) => void;
};

/**
 * The course's lessons, quizzes, checklists, e-learning packages and events in order, each marked done or not, and said to be waiting to be
 * sent while the learner's work on it waits in the outbox; the open one is active.
 */
export function CourseOutline({ course, openId, onOpen }: CourseOutlineProps) {
  const work = useWaitingWork();
  return (
    <Paper withBorder p="xs" component="nav" aria-label="Course outline">
      <Title order={2} size="h5" px="xs" pb="xs">
        Outline
      </Title>
      {course.outline.map((item, index) => {
        const parts =
          item.kind === 'lesson'
            ? item.activities.length
            : item.kind === 'quiz'
              ? item.questionCount
              : item.kind === 'checklist'
                ? item.itemsTotal
                : item.kind === 'elearning'
                  ? item.scosTotal
                  : item.sessions.length;
        const doneParts =
          item.kind === 'lesson'
            ? item.activities.filter((activity) => activity.done).length
            : item.kind === 'checklist'
              ? item.itemsDone
              : item.kind === 'elearning'
                ? item.scosDone
                : 0;
        const waiting = itemWaits(item, work) ? ` · ${WAITING_LABEL}` : '';
        return (
          <NavLink
            component="button"
            type="button"
            variant="filled"
            // The open item's line reads in full white on the filled blue, as its title does.
            styles={{ description: { color: 'inherit', opacity: 1 } }}
            key={item._id}
            active={item._id === openId}
            aria-current={item._id === openId ? 'step' : undefined}
            label={`${index + 1}. ${item.name}`}
            description={
              item.kind === 'lesson'
                ? `Lesson · ${doneParts} of ${parts} activities done${waiting}`
                : item.kind === 'checklist'
                  ? `Checklist · ${doneParts} of ${parts} items done${waiting}`
                  : item.kind === 'elearning'
                    ? `E-learning · ${doneParts} of ${parts} part${parts === 1 ? '' : 's'} done${waiting}`
                    : item.kind === 'event'
                      ? `Event · ${parts} session${parts === 1 ? '' : 's'} · ${EVENT_STATE[item.state]}`
                      : `Quiz · ${parts} question${parts === 1 ? '' : 's'}${waiting}`
            }
            leftSection={
              item.done ? (
                <ThemeIcon color="green" variant="transparent" size="sm" aria-label="Done">
                  <IconCircleCheckFilled size={18} />
                </ThemeIcon>
              ) : item.kind === 'quiz' ? (
                <IconHelpCircle size={18} aria-label="Not done" />
              ) : (
                <IconCircle size={18} aria-label="Not done" />
              )
            }
            onClick={() => onOpen(item._id)}
          />
        );
      })}
      {course.outline.length === 0 && (
        <Text size="sm" c="dimmed" px="xs">
          Nothing here yet.
        </Text>
      )}
    </Paper>
  );
}
