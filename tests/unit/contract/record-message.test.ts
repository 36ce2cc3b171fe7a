import { describe, expect, it } from 'vitest';
import { RECORD_MESSAGE_NAME_MAX, recordMessage } from '../../../contract/admin-list.ts';
import { courseResource } from '../../../contract/courses/resource.ts';
import { userGroupResource } from '../../../contract/user-groups.ts';

describe('recordMessage', () => {
  it('says what was done to which record, the noun capitalised', () => {
    expect(recordMessage(courseResource, 'Working at height', 'created')).toBe(
      "Course 'Working at height' created.",
    );
    expect(recordMessage(userGroupResource, 'Roofers', 'updated')).toBe("User group 'Roofers' updated.");
    expect(recordMessage('question', 'Which one?', 'deleted')).toBe("Question 'Which one?' deleted.");
  });

  it('keeps a name on one line and cuts a long one with an ellipsis', () => {
    expect(recordMessage('lesson', '  Two\n lines  ', 'created')).toBe("Lesson 'Two lines' created.");
    const long = 'x'.repeat(RECORD_MESSAGE_NAME_MAX + 20);
    const message = recordMessage('lesson', long, 'created');
    expect(message).toBe(`Lesson '${'x'.repeat(RECORD_MESSAGE_NAME_MAX - 1)}…' created.`);
  });

  it('leaves out a name that is empty', () => {
    expect(recordMessage('activity', '   ', 'updated')).toBe('Activity updated.');
  });
});
