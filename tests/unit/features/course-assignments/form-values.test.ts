import {
  type CourseAssignmentDetail,
  courseAssignmentMessages as m,
} from '@contract/course-assignments/resource';
import { courseAssignmentSchema } from '@contract/course-assignments/schemas';
import { toFieldErrors } from '@contract/validation';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type AssignmentFormValues,
  deadlineModeErrors,
  deadlineText,
  emptyAssignmentValues,
  recordChoices,
  toAssignmentFormValues,
  toAssignmentInput,
} from '@/features/course-assignments/form-values';

const GROUP = '11111111-1111-4111-8111-111111111111';
const COURSE = '22222222-2222-4222-8222-222222222222';
const ASSIGNMENT = '33333333-3333-4333-8333-333333333333';

const filled = (patch: Partial<AssignmentFormValues> = {}): AssignmentFormValues => ({
  ...emptyAssignmentValues(),
  title: 'Annual first aid',
  assigneeKind: 'groups',
  assigneeIds: [GROUP],
  courseIds: [COURSE],
  ...patch,
});

const errorsOf = (values: AssignmentFormValues) => {
  const result = v.safeParse(courseAssignmentSchema, toAssignmentInput(values));
  return result.success ? {} : toFieldErrors(result.issues);
};

const detail: CourseAssignmentDetail = {
  _id: ASSIGNMENT,
  title: 'Annual first aid',
  kind: 'suggested',
  assigneeKind: 'groups',
  teamId: null,
  courseCount: 1,
  createdOn: '2031-01-01T00:00:00.000Z',
  deadline: null,
  dueWithinDays: 30,
  counts: { assigned: 2, completed: 0, overdue: 0 },
  version: 4,
  courses: [{ _id: COURSE, name: 'First Aid Basics' }],
  assignees: [{ _id: GROUP, name: 'Recertified' }],
  expiryType: 'dynamic',
  expiryDate: null,
  expiryValue: 1,
  expiryUnit: 'years',
};

describe('the assignment form', () => {
  it('sends "within N days" and a dynamic expiry, without the fields the choices leave out', () => {
    const input = toAssignmentInput(
      filled({
        deadlineMode: 'within',
        deadline: '2031-05-01',
        dueWithinDays: 30,
        expiryType: 'dynamic',
        expiryDate: '2031-06-01',
        expiryValue: 1,
        expiryUnit: 'years',
      }),
    );
    expect(input).toEqual({
      title: 'Annual first aid',
      kind: 'assigned',
      assigneeKind: 'groups',
      assigneeIds: [GROUP],
      courseIds: [COURSE],
      dueWithinDays: 30,
      expiryType: 'dynamic',
      expiryValue: 1,
      expiryUnit: 'years',
    });
    expect(v.safeParse(courseAssignmentSchema, input).success).toBe(true);
  });

  it('sends a deadline day and a fixed expiry day, and never a number of days beside a day', () => {
    const input = toAssignmentInput(
      filled({
        deadlineMode: 'date',
        deadline: '2031-05-01',
        dueWithinDays: 30,
        expiryType: 'fixed',
        expiryDate: '2031-06-01',
        expiryValue: 2,
        expiryUnit: 'weeks',
      }),
    );
    expect(input).toMatchObject({ deadline: '2031-05-01', expiryType: 'fixed', expiryDate: '2031-06-01' });
    expect(input).not.toHaveProperty('dueWithinDays');
    expect(input).not.toHaveProperty('expiryValue');
    expect(input).not.toHaveProperty('expiryUnit');
  });

  it('sends no deadline and no expiry when none is chosen, and the version when editing', () => {
    const input = toAssignmentInput(filled({ deadline: '2031-05-01', dueWithinDays: 3, version: 7 }));
    expect(input).not.toHaveProperty('deadline');
    expect(input).not.toHaveProperty('dueWithinDays');
    expect(input).toMatchObject({ expiryType: 'none', version: 7 });
  });

  it("puts the contract's messages under the fields a choice leaves empty", () => {
    expect(errorsOf(filled({ assigneeIds: [], courseIds: [] }))).toMatchObject({
      assigneeIds: m.groupsRequired,
      courseIds: m.coursesRequired,
    });
    expect(errorsOf(filled({ expiryType: 'dynamic' }))).toMatchObject({
      expiryValue: m.expiryValueInvalid,
      expiryUnit: m.expiryUnitRequired,
    });
    expect(errorsOf(filled({ expiryType: 'fixed' }))).toMatchObject({ expiryDate: m.expiryDateRequired });
    expect(errorsOf(filled({ deadlineMode: 'within', dueWithinDays: 0 }))).toMatchObject({
      dueWithinDays: m.dueWithinDaysInvalid,
    });
  });

  it('asks for the day or the number of days of the deadline mode chosen', () => {
    expect(deadlineModeErrors(filled({ deadlineMode: 'date' }))).toEqual({ deadline: m.deadlineInvalid });
    expect(deadlineModeErrors(filled({ deadlineMode: 'within' }))).toEqual({
      dueWithinDays: m.dueWithinDaysInvalid,
    });
    expect(deadlineModeErrors(filled({ deadlineMode: 'within', dueWithinDays: 30 }))).toEqual({});
    expect(deadlineModeErrors(filled())).toEqual({});
  });

  it('starts editing from the record as saved, and sends it back unchanged', () => {
    const values = toAssignmentFormValues(detail);
    expect(values).toMatchObject({
      kind: 'suggested',
      assigneeKind: 'groups',
      assigneeIds: [GROUP],
      courseIds: [COURSE],
      deadlineMode: 'within',
      dueWithinDays: 30,
      expiryType: 'dynamic',
      expiryValue: 1,
      expiryUnit: 'years',
      version: 4,
    });
    expect(toAssignmentInput(values)).toEqual({
      title: 'Annual first aid',
      kind: 'suggested',
      assigneeKind: 'groups',
      assigneeIds: [GROUP],
      courseIds: [COURSE],
      dueWithinDays: 30,
      expiryType: 'dynamic',
      expiryValue: 1,
      expiryUnit: 'years',
      version: 4,
    });
    expect(toAssignmentFormValues({ ...detail, dueWithinDays: null, deadline: '2031-02-01' })).toMatchObject({
      deadlineMode: 'date',
      deadline: '2031-02-01',
      dueWithinDays: '',
    });
    expect(toAssignmentFormValues({ ...detail, dueWithinDays: null }).deadlineMode).toBe('none');
  });

  it("names the record's own courses and assignees for the pickers", () => {
    expect(recordChoices(detail)).toEqual({
      courses: [{ value: COURSE, label: 'First Aid Basics' }],
      assignees: [{ value: GROUP, label: 'Recertified' }],
    });
    expect(recordChoices(undefined)).toEqual({ courses: [], assignees: [] });
  });
});

describe('the list', () => {
  const day = (value: string) => `day ${value}`;
  it('shows a deadline as its day, or as a number of days, or not at all', () => {
    expect(deadlineText({ deadline: '2031-05-01', dueWithinDays: null }, day)).toBe('day 2031-05-01');
    expect(deadlineText({ deadline: null, dueWithinDays: 30 }, day)).toBe('Within 30 days');
    expect(deadlineText({ deadline: null, dueWithinDays: 1 }, day)).toBe('Within 1 day');
    expect(deadlineText({ deadline: null, dueWithinDays: null }, day)).toBeNull();
  });
});
