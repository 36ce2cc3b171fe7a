import type { TeamMemberCard } from '@contract/team-dashboard';
import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { fullName } from '../format';
import { ProgressRow } from '../progress-row';
import { CoursePopover } from './course-popover';

type CourseBreakdownProps = { member: TeamMemberCard; teamId: string };

/**
 * The card's course bar, which one tap opens into the courses it counts with each one's state.
 * The list is the member's Transcript, read when opened and kept for offline use like it.
 */
export function CourseBreakdown({ member, teamId }: CourseBreakdownProps) {
  // The popover (its positioning, transition and focus trap) joins the card on the first tap: a
  // screen of cards renders and lays out a plain button each, not a popover each.
  const [armed, setArmed] = useState(false);
  const bar = (
    <ProgressRow
      barHidden
      label="Course Progress"
      done={member.coursesCompleted}
      assigned={member.coursesAssigned}
      value={member.courseProgress}
    />
  );
  if (!armed) {
    return (
      <UnstyledButton
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        aria-haspopup="dialog"
        aria-expanded={false}
        onClick={() => setArmed(true)}
      >
        {bar}
      </UnstyledButton>
    );
  }
  return <CoursePopover teamId={teamId} memberId={member._id} name={fullName(member)} bar={bar} />;
}
