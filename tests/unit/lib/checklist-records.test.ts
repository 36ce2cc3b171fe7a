import type { ChecklistRecord } from '@contract/checklists/records';
import { describe, expect, it } from 'vitest';
import { completionWords } from '@/lib/checklist-records';

const by = (role: ChecklistRecord['by']['role']) =>
  ({ by: { _id: 'u', name: 'Someone', role } }) as unknown as ChecklistRecord;

describe('completionWords', () => {
  it('says nothing when the record completed no course', () => {
    expect(completionWords({ record: by('learner'), coursesCompleted: [] })).toBeNull();
  });

  it("tells the learner their course is completed, and a lead or observer that the learner's is", () => {
    expect(completionWords({ record: by('learner'), coursesCompleted: ['c'] })).toBe('Course completed.');
    expect(completionWords({ record: by('learner'), coursesCompleted: ['c', 'd'] })).toBe(
      'Courses completed.',
    );
    expect(completionWords({ record: by('lead'), coursesCompleted: ['c'] })).toBe(
      'The learner completed their course.',
    );
    expect(completionWords({ record: by('observer'), coursesCompleted: ['c', 'd'] })).toBe(
      'The learner completed their courses.',
    );
  });
});
