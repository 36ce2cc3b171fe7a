import type { MemberView } from '../member-queries';

/** The card's shortcut buttons, in the spec's order, and the view each opens. */
export const MEMBER_SHORTCUTS: { view: MemberView; label: string }[] = [
  { view: 'summary', label: 'Dashboard' },
  { view: 'attendance', label: 'Attendance' },
  { view: 'activity', label: 'Activity' },
  { view: 'transcript', label: 'Transcript' },
];
