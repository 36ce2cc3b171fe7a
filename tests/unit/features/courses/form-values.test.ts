import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../../contract/courses/resource.ts';
import {
  checkCourseImage,
  emptyCourseValues,
  imageChange,
  toCourseFormValues,
  toCourseInput,
  toCourseUpdate,
} from '../../../../src/features/courses/form-values.ts';

const detail: CourseDetail = {
  _id: '0b9f8f9e-6d1a-4c1e-9d1a-000000000001',
  name: 'Ladders',
  status: true,
  version: 4,
  categoryId: '0b9f8f9e-6d1a-4c1e-9d1a-000000000002',
  categoryPath: 'Safety',
  outlineCount: 0,
  permission: 'none',
  createdAt: '2026-01-01T00:00:00.000Z',
  description: '',
  durationMinutes: null,
  givesCertificate: true,
  imageUrl: '/api/v1/files/course-images/abc.png?expires=1&signature=x',
  externalLink: '',
  externalTitle: '',
  additionalExternalLink: '',
  additionalExternalLinkTitle: '',
  permissionIds: [],
};

describe('the course form’s values', () => {
  it('reads the certificate choice and the stored image, and sends the choice but never the image', () => {
    const values = toCourseFormValues(detail);
    expect(values).toMatchObject({
      givesCertificate: true,
      imageUrl: detail.imageUrl,
      image: null,
      removeImage: false,
    });
    const sent = toCourseUpdate(values);
    expect(sent).toMatchObject({ givesCertificate: true, version: 4 });
    for (const key of ['image', 'imageUrl', 'removeImage']) expect(sent).not.toHaveProperty(key);
    expect(toCourseInput(emptyCourseValues())).toMatchObject({ givesCertificate: false });
  });

  it('sends a chosen image, a removal, or nothing', () => {
    const file = new File([new Uint8Array([1])], 'cover.png', { type: 'image/png' });
    expect(imageChange({ image: file, removeImage: true })).toBe(file);
    expect(imageChange({ image: null, removeImage: true })).toBeNull();
    expect(imageChange({ image: null, removeImage: false })).toBeUndefined();
  });

  it('refuses what the server would: other types, and images over 5 MB', () => {
    expect(checkCourseImage({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkCourseImage({ type: 'image/svg+xml', size: 1000 })).toBe('Choose a png, gif or jpeg image.');
    expect(checkCourseImage({ type: 'image/jpeg', size: 5 * 1024 ** 2 + 1 })).toBe(
      'The file must be at most 5 MB.',
    );
  });
});
