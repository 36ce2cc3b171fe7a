import { trainingSchema } from '@contract/training';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  emptyTrainingValues,
  toTrainingFormValues,
} from '@/features/team-dashboard/trainings/training-form-values';

const team = '11111111-1111-4111-8111-111111111111';
const course = '22222222-2222-4222-8222-222222222222';
const member = '33333333-3333-4333-8333-333333333333';

describe('training form values', () => {
  it('starts empty and fails the contract with its messages', () => {
    const result = v.safeParse(trainingSchema, emptyTrainingValues(team));
    expect(result.success).toBe(false);
    const messages = result.issues?.map((issue) => issue.message);
    expect(messages).toContain('Training title is required.');
    expect(messages).toContain('You must select at least one course.');
  });

  it('fills in from a saved training, with its version, and passes the contract', () => {
    const values = toTrainingFormValues({
      _id: 'id',
      trainingTitle: 'Onboarding',
      teamId: team,
      courseCount: 1,
      memberCount: 1,
      createdOn: '2026-01-01T00:00:00.000Z',
      deadline: '2099-01-31',
      version: 4,
      courses: [{ _id: course, name: 'Safety' }],
      assignTo: 'some',
      members: [{ _id: member, firstName: 'Ada', lastName: 'Lovelace' }],
    });
    expect(values).toEqual({
      teamId: team,
      trainingTitle: 'Onboarding',
      courseIds: [course],
      assignTo: 'some',
      memberIds: [member],
      deadline: '2099-01-31',
      version: 4,
    });
    expect(v.safeParse(trainingSchema, values).success).toBe(true);
  });
});
