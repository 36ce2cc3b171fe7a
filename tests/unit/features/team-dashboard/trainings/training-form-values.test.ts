import type { CourseAssignmentDetail } from '@contract/course-assignments/resource';
import { courseAssignmentMessages } from '@contract/course-assignments/resource';
import { courseAssignmentSchema } from '@contract/course-assignments/schemas';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  emptyTrainingValues,
  placeAssigneeErrors,
  recordOptions,
  type TrainingFormValues,
  toAssignmentInput,
  toTrainingFormValues,
} from '@/features/team-dashboard/trainings/training-form-values';
import { schemaValidator } from '@/ui/form/schema-validator';

const team = '11111111-1111-4111-8111-111111111111';
const course = '22222222-2222-4222-8222-222222222222';
const member = '33333333-3333-4333-8333-333333333333';

/** The form's check, as the assign-training form runs it. */
const check = schemaValidator<TrainingFormValues>(courseAssignmentSchema, {
  toInput: toAssignmentInput,
  place: placeAssigneeErrors,
});

const detail = (overrides: Partial<CourseAssignmentDetail> = {}): CourseAssignmentDetail => ({
  _id: 'id',
  title: 'Onboarding',
  kind: 'assigned',
  assigneeKind: 'users',
  teamId: team,
  courseCount: 1,
  createdOn: '2026-01-01T00:00:00.000Z',
  deadline: '2099-01-31',
  dueWithinDays: null,
  counts: { assigned: 1, completed: 0, overdue: 0 },
  version: 4,
  courses: [{ _id: course, name: 'Safety' }],
  assignees: [{ _id: member, name: 'Ada Lovelace' }],
  expiryType: 'none',
  expiryDate: null,
  expiryValue: null,
  expiryUnit: null,
  ...overrides,
});

describe('training form values', () => {
  it('starts empty and shows the contract messages under the title and the courses', () => {
    expect(check({ value: emptyTrainingValues(team) })?.fields).toEqual({
      title: courseAssignmentMessages.titleRequired,
      courseIds: courseAssignmentMessages.coursesRequired,
    });
    expect(courseAssignmentMessages.titleRequired).toBe('Training title is required.');
    expect(courseAssignmentMessages.coursesRequired).toBe('You must select at least one course.');
  });

  it('asks for a member under the members picker when assigning to selected members', () => {
    const values: TrainingFormValues = {
      ...emptyTrainingValues(team),
      title: 'Onboarding',
      courseIds: [course],
      assignTo: 'some',
    };
    expect(check({ value: values })?.fields).toEqual({
      memberIds: 'You must select at least one team member.',
    });
    expect(check({ value: { ...values, memberIds: [member] } })).toBeUndefined();
  });

  it('sends all team members as the team itself, and selected members as users', () => {
    const values: TrainingFormValues = {
      ...emptyTrainingValues(team),
      title: '  Onboarding ',
      courseIds: [course],
      memberIds: [member],
    };
    expect(toAssignmentInput(values)).toEqual({
      teamId: team,
      title: 'Onboarding',
      kind: 'assigned',
      assigneeKind: 'teams',
      assigneeIds: [team],
      courseIds: [course],
      deadline: null,
      version: undefined,
    });
    expect(
      toAssignmentInput({ ...values, assignTo: 'some', deadline: '2099-01-31', version: 2 }),
    ).toMatchObject({ assigneeKind: 'users', assigneeIds: [member], deadline: '2099-01-31', version: 2 });
    expect(v.safeParse(courseAssignmentSchema, toAssignmentInput(values)).success).toBe(true);
  });

  it('fills in from a training of selected members, with its version, and sends it back the same', () => {
    const values = toTrainingFormValues(detail());
    expect(values).toEqual({
      teamId: team,
      title: 'Onboarding',
      courseIds: [course],
      assignTo: 'some',
      memberIds: [member],
      deadline: '2099-01-31',
      version: 4,
    });
    expect(check({ value: values })).toBeUndefined();
    expect(recordOptions(detail())).toEqual({
      courses: [{ value: course, label: 'Safety' }],
      members: [{ value: member, label: 'Ada Lovelace' }],
    });
  });

  it('reads a training of the whole team as all team members, with no members chosen', () => {
    const teamWide = detail({ assigneeKind: 'teams', assignees: [{ _id: team, name: 'Growth Team' }] });
    expect(toTrainingFormValues(teamWide)).toMatchObject({ assignTo: 'all', memberIds: [] });
    expect(recordOptions(teamWide).members).toEqual([]);
  });

  it("puts the server's assignee message under the members picker", () => {
    expect(
      placeAssigneeErrors({
        assigneeIds: courseAssignmentMessages.memberNotInTeam,
        deadline: courseAssignmentMessages.deadlinePast,
      }),
    ).toEqual({
      memberIds: 'One of the selected members is not in this team.',
      deadline: 'Deadline cannot be in the past.',
    });
  });
});
