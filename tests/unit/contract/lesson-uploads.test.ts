import { describe, expect, it } from 'vitest';
import { isLessonUploadRequest } from '../../../contract/lessons/resource.ts';

describe('isLessonUploadRequest', () => {
  const id = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

  it('names the two activity writes that carry files', () => {
    expect(isLessonUploadRequest('POST', '/api/v1/lesson/activity')).toBe(true);
    expect(isLessonUploadRequest('PATCH', `/api/v1/lesson/update-activity/${id}`)).toBe(true);
  });

  it('leaves the other lesson writes to the usual limits and the outbox', () => {
    expect(isLessonUploadRequest('POST', '/api/v1/lesson/activity/order')).toBe(false);
    expect(isLessonUploadRequest('POST', `/api/v1/lesson/require-activity/${id}`)).toBe(false);
    expect(isLessonUploadRequest('DELETE', `/api/v1/lesson/delete-activity/${id}`)).toBe(false);
    expect(isLessonUploadRequest('PATCH', '/api/v1/lesson/activity')).toBe(false);
    expect(isLessonUploadRequest('POST', '/api/v1/lesson')).toBe(false);
  });
});
