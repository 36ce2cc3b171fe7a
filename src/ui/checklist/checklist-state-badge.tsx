import type { ChecklistItemState } from '@contract/checklists/records';
import type { ChecklistActivityType } from '@contract/checklists/resource';
import { Badge, type BadgeProps } from '@mantine/core';

const COLORS: Record<ChecklistItemState, string> = { open: 'gray', done: 'green', notYet: 'orange' };

/** An item's state in words; a rating says competent or not yet competent. */
export function checklistStateLabel(state: ChecklistItemState, type: ChecklistActivityType): string {
  if (state === 'open') return 'Open';
  if (type === 'rating') return state === 'done' ? 'Competent' : 'Not yet competent';
  return state === 'done' ? 'Done' : 'Not yet';
}

/** Where a checklist item stands for one learner: open, done, or not yet. */
export function ChecklistStateBadge({
  state,
  type,
  ...props
}: { state: ChecklistItemState; type: ChecklistActivityType } & Omit<BadgeProps, 'color'>) {
  return (
    <Badge variant="light" color={COLORS[state]} {...props}>
      {checklistStateLabel(state, type)}
    </Badge>
  );
}
