import type { MyTraining, MyTrainingResult } from '@contract/course-assignments/resource';
import { describe, expect, it } from 'vitest';
import { expiringSoon } from '@/features/learner-dashboard/expiring';

const NOW = Date.parse('2031-03-01T12:00:00Z');
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

type Course = MyTraining['courses'][number];
const course = (_id: string, patch: Partial<Course> = {}): Course => ({
  _id,
  name: `Course ${_id}`,
  state: 'completed',
  completedAt: inDays(-300),
  expiresAt: null,
  progress: 100,
  quizzes: [],
  ...patch,
});
const training = (title: string, courses: Course[], kind: MyTraining['kind'] = 'assigned'): MyTraining => ({
  _id: title,
  title,
  kind,
  deadline: null,
  courses,
});
const result = (assigned: MyTraining[], suggested: MyTraining[] = []): MyTrainingResult => ({
  assigned,
  suggested,
});

describe('expiringSoon', () => {
  it('lists completed courses expiring within the days given, soonest first, from assigned and suggested trainings', () => {
    const list = expiringSoon(
      result(
        [
          training('A', [
            course('late', { expiresAt: inDays(20) }),
            course('soon', { expiresAt: inDays(2) }),
          ]),
        ],
        [training('S', [course('suggested', { expiresAt: inDays(10) })], 'suggested')],
      ),
      NOW,
      30,
    );
    expect(list.map((entry) => [entry._id, entry.training])).toEqual([
      ['soon', 'A'],
      ['suggested', 'S'],
      ['late', 'A'],
    ]);
  });

  it('leaves out courses not completed, with no expiry, already expired or expiring later', () => {
    const list = expiringSoon(
      result([
        training('A', [
          course('no-expiry'),
          course('in-progress', { state: 'in-progress', completedAt: null, expiresAt: inDays(5) }),
          course('past', { state: 'expired', expiresAt: inDays(-1) }),
          course('later', { expiresAt: inDays(31) }),
          course('edge', { expiresAt: inDays(30) }),
        ]),
      ]),
      NOW,
      30,
    );
    expect(list.map((entry) => entry._id)).toEqual(['edge']);
  });

  it('shows a course given by two trainings once, with the expiry that comes first', () => {
    const list = expiringSoon(
      result([
        training('First', [course('shared', { expiresAt: inDays(12) })]),
        training('Second', [course('shared', { expiresAt: inDays(4) })]),
      ]),
      NOW,
      30,
    );
    expect(list).toEqual([
      { _id: 'shared', name: 'Course shared', expiresAt: inDays(4), training: 'Second' },
    ]);
  });
});
