import type { TranscriptEntry } from '@contract/team-dashboard';
import { describe, expect, it } from 'vitest';
import { courseBreakdown } from '@/features/team-dashboard/members/course-states';

const entry = (title: string, state: TranscriptEntry['state'], kind: TranscriptEntry['kind'] = 'course') =>
  ({
    kind,
    _id: title,
    title,
    trainingTitle: null,
    assignedAt: '2031-03-03T00:00:00.000Z',
    deadline: null,
    completedAt: null,
    state,
  }) satisfies TranscriptEntry;

describe('courseBreakdown', () => {
  it('lists the courses of a transcript, the most pressing state first, in transcript order within a state', () => {
    const transcript = [
      entry('Done later', 'completed'),
      entry('Checklist', 'not-started', 'checklist'),
      entry('Fresh', 'not-started'),
      entry('Done earlier', 'completed'),
      entry('Under way', 'in-progress'),
      entry('Lapsed', 'expired'),
      entry('Late', 'overdue'),
    ];
    expect(courseBreakdown(transcript).map((course) => `${course.title}: ${course.state}`)).toEqual([
      'Late: overdue',
      'Lapsed: expired',
      'Under way: in-progress',
      'Fresh: not-started',
      'Done later: completed',
      'Done earlier: completed',
    ]);
  });
});
