import type { PlayerCourse, PlayerItem } from '@contract/learning/resource';
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { ChecklistView } from './checklist-view';
import { ElearningView } from './elearning-view';
import { EventView } from './event-view';
import { LessonView } from './lesson-view';
import { QuizView } from './quiz-view';

type ItemViewProps = {
  course: PlayerCourse;
  item: PlayerItem;
  onOpenItem: (itemId: string) => void;
};

/** The open lesson, quiz, checklist, e-learning package or event, with buttons to the one before and after it. */
export function ItemView({ course, item, onOpenItem }: ItemViewProps) {
  const index = course.outline.findIndex((entry) => entry._id === item._id);
  const before = course.outline[index - 1];
  const after = course.outline[index + 1];
  return (
    <>
      {item.kind === 'lesson' ? (
        <LessonView key={item._id} courseId={course._id} lesson={item} />
      ) : item.kind === 'checklist' ? (
        <ChecklistView key={item._id} courseId={course._id} checklist={item} />
      ) : item.kind === 'quiz' ? (
        <QuizView
          key={item._id}
          courseId={course._id}
          quiz={item}
          courseCompleted={course.progress.state === 'completed'}
        />
      ) : item.kind === 'event' ? (
        <EventView key={item._id} item={item} />
      ) : (
        <ElearningView key={item._id} courseId={course._id} item={item} />
      )}
      <Group justify="space-between" mt="lg">
        {before ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => onOpenItem(before._id)}
          >
            Previous: {before.name}
          </Button>
        ) : (
          <span />
        )}
        {after && (
          <Button
            variant={item.done ? 'filled' : 'default'}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={() => onOpenItem(after._id)}
          >
            Next: {after.name}
          </Button>
        )}
      </Group>
    </>
  );
}
