import type { AssignmentLearner, CourseAssignmentRow } from '@contract/course-assignments/resource';
import { describe, expect, it } from 'vitest';
import {
  canEditTraining,
  courseStates,
  describeTarget,
  filterLearners,
  pageOf,
  targetKey,
  withDeadline,
  withTrainingDeadline,
} from '@/features/team-dashboard/trainings/reassign-target';

const team = 'team-1';

const row = (overrides: Partial<CourseAssignmentRow> = {}): CourseAssignmentRow => ({
  _id: 'a',
  title: 'Onboarding',
  kind: 'assigned',
  assigneeKind: 'teams',
  teamId: team,
  courseCount: 2,
  createdOn: '2031-01-01T00:00:00.000Z',
  deadline: '2031-02-01',
  dueWithinDays: null,
  counts: { assigned: 3, completed: 0, overdue: 0 },
  version: 1,
  ...overrides,
});

const learner = (overrides: Partial<AssignmentLearner> = {}): AssignmentLearner => ({
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  assignedAt: '2031-01-01T00:00:00.000Z',
  deadline: '2031-02-01',
  courses: [],
  ...overrides,
});

describe('canEditTraining', () => {
  it("is true only for a training made for the dashboard's team", () => {
    expect(canEditTraining(row(), team)).toBe(true);
    expect(canEditTraining(row({ teamId: null }), team)).toBe(false);
    expect(canEditTraining(row({ teamId: 'team-2' }), team)).toBe(false);
  });
});

describe('describeTarget and targetKey', () => {
  it('names one training, several with their count, and chosen learners with the training', () => {
    const one = row();
    const two = row({ _id: 'b', title: 'Safety' });
    expect(describeTarget({ kind: 'training', training: one })).toBe('Onboarding');
    expect(describeTarget({ kind: 'trainings', trainings: [one, two] })).toBe(
      '2 trainings: Onboarding, Safety',
    );
    expect(
      describeTarget({
        kind: 'learners',
        training: one,
        learners: [learner(), learner({ _id: 'u2', firstName: 'Alan', lastName: 'Turing' })],
      }),
    ).toBe('Onboarding, 2 learners: Ada Lovelace, Alan Turing');
    expect(describeTarget({ kind: 'learners', training: one, learners: [learner()] })).toBe(
      'Onboarding, 1 learner: Ada Lovelace',
    );
  });

  it('gives another key when other records are chosen', () => {
    const keys = new Set([
      targetKey({ kind: 'training', training: row() }),
      targetKey({ kind: 'trainings', trainings: [row(), row({ _id: 'b' })] }),
      targetKey({ kind: 'learners', training: row(), learners: [learner()] }),
      targetKey({ kind: 'learners', training: row(), learners: [learner(), learner({ _id: 'u2' })] }),
    ]);
    expect(keys.size).toBe(4);
  });
});

describe('filterLearners', () => {
  const people = [
    learner(),
    learner({ _id: 'u2', firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example' }),
  ];

  it('matches the full name or the email, ignoring case and spaces around', () => {
    expect(filterLearners(people, '  ada LOVE ').map((p) => p._id)).toEqual(['u1']);
    expect(filterLearners(people, 'bletchley').map((p) => p._id)).toEqual(['u2']);
    expect(filterLearners(people, 'nobody')).toEqual([]);
  });

  it('keeps everyone for an empty search', () => {
    expect(filterLearners(people, '   ')).toBe(people);
  });
});

describe('courseStates', () => {
  const courses = [
    { _id: 'c1', name: '', state: 'completed' as const, completedAt: null, expiresAt: null },
    { _id: 'c2', name: '', state: 'expired' as const, completedAt: null, expiresAt: null },
  ];

  it("labels each state and names the course from the training's detail", () => {
    expect(courseStates({ courses }, [{ _id: 'c1', name: 'First Aid' }])).toEqual([
      { _id: 'c1', name: 'First Aid', state: 'Completed' },
      { _id: 'c2', name: 'Course 2', state: 'Expired (due again)' },
    ]);
  });

  it('takes the name the learner list gives', () => {
    const named = courses.map((course) => ({ ...course, name: `Named ${course._id}` }));
    expect(courseStates({ courses: named }, undefined).map((c) => c.name)).toEqual(['Named c1', 'Named c2']);
  });

  it('numbers the courses while the detail has not come', () => {
    expect(courseStates({ courses }, undefined).map((c) => c.name)).toEqual(['Course 1', 'Course 2']);
  });
});

describe('pageOf', () => {
  it('cuts the page asked for, and the last one short', () => {
    const all = [1, 2, 3, 4, 5];
    expect(pageOf(all, 1, 2)).toEqual([1, 2]);
    expect(pageOf(all, 3, 2)).toEqual([5]);
    expect(pageOf(all, 4, 2)).toEqual([]);
  });
});

describe('withDeadline', () => {
  const people = [learner(), learner({ _id: 'u2' }), learner({ _id: 'u3', deadline: null })];

  it('gives the new deadline to exactly the chosen learners', () => {
    const after = withDeadline(people, ['u2', 'u3'], '2031-06-30');
    expect(after.map((p) => p.deadline)).toEqual(['2031-02-01', '2031-06-30', '2031-06-30']);
  });

  it('leaves the list as it is when no deadline is given', () => {
    expect(withDeadline(people, ['u2'], null)).toBe(people);
  });
});

describe('withTrainingDeadline', () => {
  const rows = [row(), row({ _id: 'b' }), row({ _id: 'c', deadline: null, dueWithinDays: 30 })];

  it('moves the deadline of the chosen trainings due on a day', () => {
    const after = withTrainingDeadline(rows, ['b', 'c'], '2031-06-30');
    expect(after.map((r) => r.deadline)).toEqual(['2031-02-01', '2031-06-30', null]);
  });

  it('leaves the rows as they are when no deadline is given', () => {
    expect(withTrainingDeadline(rows, ['a'], null)).toBe(rows);
  });
});
