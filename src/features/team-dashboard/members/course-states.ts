import type { LearnerState } from '@contract/course-assignments/resource';
import type { TranscriptEntry } from '@contract/team-dashboard';

/** What needs the lead first: late work, then work under way, then what is done. */
const STATE_ORDER: LearnerState[] = ['overdue', 'expired', 'in-progress', 'not-started', 'completed'];

/**
 * The courses behind a card's course bar: the course entries of the member's Transcript (the same
 * courses the bar counts), the most pressing state first, latest first within a state.
 */
export function courseBreakdown(entries: TranscriptEntry[]): TranscriptEntry[] {
  return entries
    .filter((entry) => entry.kind === 'course')
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) => STATE_ORDER.indexOf(a.entry.state) - STATE_ORDER.indexOf(b.entry.state) || a.index - b.index,
    )
    .map(({ entry }) => entry);
}
