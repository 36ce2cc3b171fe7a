import { LEARNER_STATE_LABELS, type LearnerState } from '@contract/course-assignments/resource';
import { Badge, type BadgeProps } from '@mantine/core';

/** One colour per state, so overdue reads as urgent and completed as done wherever a learner's course shows. */
export const LEARNER_STATE_COLORS: Record<LearnerState, string> = {
  'not-started': 'gray',
  'in-progress': 'blue',
  completed: 'teal',
  overdue: 'red',
  expired: 'orange',
};

/** A learner's state of a course, in the contract's words. */
export function LearnerStateBadge({ state, ...props }: { state: LearnerState } & Omit<BadgeProps, 'color'>) {
  return (
    <Badge variant="light" color={LEARNER_STATE_COLORS[state]} {...props}>
      {LEARNER_STATE_LABELS[state]}
    </Badge>
  );
}
