import { describe, expect, it } from 'vitest';
import {
  type ActivityFormValues,
  acceptOf,
  activityErrors,
  activityFields,
  emptyActivityValues,
  toActivityFormData,
} from '@/features/lessons/activity-values';

const LESSON = { lessonId: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890' };
const values = (patch: Partial<ActivityFormValues>): ActivityFormValues => ({
  ...emptyActivityValues(),
  ...patch,
});
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('activityFields', () => {
  it('shows nothing before a type is chosen, and what the chosen type needs after', () => {
    expect(activityFields(values({}))).toEqual({
      videoType: false,
      url: 'none',
      customEmbed: false,
      contentFile: undefined,
      previewFile: false,
    });
    expect(activityFields(values({ activityType: 'videoPlayer', videoType: 'mp4' }))).toMatchObject({
      videoType: true,
      url: 'none',
      contentFile: { kind: 'video', required: true },
    });
    expect(activityFields(values({ activityType: 'powerpoint' }))).toMatchObject({ previewFile: true });
  });
});

describe('acceptOf', () => {
  it("offers the kind's extensions, and anything for a hand-in's instructions", () => {
    expect(acceptOf('powerpoint')).toBe('.ppt,.pptx');
    expect(acceptOf('package')).toBe('.zip,.h5p');
    expect(acceptOf('fileUpload')).toBeUndefined();
  });
});

describe('activityErrors', () => {
  it("says the spec's messages for what is missing", () => {
    expect(activityErrors(values({}), LESSON)).toEqual({
      title: 'Activity name is required.',
      activityType: 'Activity Type is required.',
    });
    expect(activityErrors(values({ title: 'A', activityType: 'videoPlayer' }), LESSON)).toEqual({
      videoType: 'Video type is required.',
    });
    expect(
      activityErrors(values({ title: 'A', activityType: 'videoPlayer', videoType: 'youtube' }), LESSON),
    ).toEqual({ url: 'Url is required.' });
    expect(
      activityErrors(values({ title: 'A', activityType: 'videoPlayer', videoType: 'mp4' }), LESSON),
    ).toEqual({
      contentFile: 'Content file is required.',
    });
    expect(
      activityErrors(values({ title: 'A', activityType: 'customEmbed', customEmbed: '' }), LESSON),
    ).toEqual({
      customEmbed: 'Custom Embed is required.',
    });
    expect(activityErrors(values({ title: 'A', activityType: 'interactiveContent' }), LESSON)).toEqual({
      contentFile: 'Content file is required.',
    });
  });

  it("checks a hosted video's address against its host", () => {
    expect(
      activityErrors(
        values({ title: 'A', activityType: 'videoPlayer', videoType: 'vimeo', url: 'https://youtu.be/x' }),
        LESSON,
      ),
    ).toEqual({ url: 'Url must be a Vimeo link (vimeo.com).' });
  });

  it('keeps a stored file when editing, and needs none for a hand-in', () => {
    expect(
      activityErrors(values({ title: 'A', activityType: 'pdfDocument' }), { version: 2, storedFile: true }),
    ).toEqual({});
    expect(activityErrors(values({ title: 'A', activityType: 'fileUpload' }), LESSON)).toEqual({});
    expect(
      activityErrors(
        values({ title: 'A', activityType: 'interactiveContent', contentFile: file('p.zip') }),
        LESSON,
      ),
    ).toEqual({});
  });
});

describe('toActivityFormData', () => {
  it('sends only the fields the type uses, text before files', () => {
    const body = toActivityFormData(
      values({
        title: '  Slides ',
        activityType: 'powerpoint',
        url: 'https://left.over/',
        customEmbed: '<p>left over</p>',
        required: true,
        contentFile: file('slides.pptx'),
        previewFile: file('slides.pdf'),
      }),
      LESSON,
    );
    expect([...body.keys()]).toEqual([
      'lessonId',
      'title',
      'activityType',
      'required',
      'contentFile',
      'previewFile',
    ]);
    expect(body.get('title')).toBe('Slides');
    expect(body.get('required')).toBe('true');
    expect((body.get('previewFile') as File).name).toBe('slides.pdf');
  });

  it('sends the version when updating, and no file part when none was chosen', () => {
    const body = toActivityFormData(
      values({
        title: 'Clip',
        activityType: 'videoPlayer',
        videoType: 'youtube',
        url: ' https://youtu.be/dQw4w9WgXcQ ',
        contentFile: file('left-over.mp4'),
      }),
      { version: 3 },
    );
    expect(Object.fromEntries(body)).toEqual({
      version: '3',
      title: 'Clip',
      activityType: 'videoPlayer',
      videoType: 'youtube',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      required: 'false',
    });
  });
});
