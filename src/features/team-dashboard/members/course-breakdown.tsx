import type { TeamMemberCard } from '@contract/team-dashboard';
import { UnstyledButton } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyUntilUsed, usePreloadWhenIdle } from '@/ui/until-used/until-used';
import { fullName } from '../format';
import { ProgressRow } from '../progress-row';
import type { CoursePopoverProps } from './course-popover';

/**
 * The popover's code (Mantine's Popover with its positioning library) is not in the team
 * dashboard's first load: it is fetched once the browser is idle, before a tap.
 */
const coursePopover = lazyUntilUsed<CoursePopoverProps>(() =>
  import('./course-popover').then((module) => ({ default: module.CoursePopover })),
);

type CourseBreakdownProps = { member: TeamMemberCard; teamId: string };

/**
 * The card's course bar, which one tap opens into the courses it counts with each one's state.
 * The list is the member's Transcript, read when opened and kept for offline use like it.
 */
export function CourseBreakdown({ member, teamId }: CourseBreakdownProps) {
  // The popover (its positioning, transition and focus trap) joins the card on the first tap: a
  // screen of cards renders and lays out a plain button each, not a popover each.
  const [armed, setArmed] = useState(false);
  usePreloadWhenIdle(coursePopover.preload);
  const bar = (
    <ProgressRow
      barHidden
      label="Course Progress"
      done={member.coursesCompleted}
      assigned={member.coursesAssigned}
      value={member.courseProgress}
    />
  );
  const plain = (
    <UnstyledButton
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setArmed(true)}
    >
      {bar}
    </UnstyledButton>
  );
  if (!armed) return plain;
  // A tap before the code is in keeps the plain bar until it is.
  return (
    <Suspense fallback={plain}>
      <coursePopover.Component teamId={teamId} memberId={member._id} name={fullName(member)} bar={bar} />
    </Suspense>
  );
}
