import { describe, expect, it } from 'vitest';
import {
  type ActivityFormValues,
  acceptOf,
  activityErrors,
  activityFields,
  emptyActivityValues,
  toActivityFormData,
} from '@/features/lessons/activity-values';

const values = (patch: Partial<ActivityFormValues>): ActivityFormValues => ({
  ...emptyActivityValues(),
  ...patch,
});
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('activityFields', () => {
  it('asks an mp4 video for a file and a hosted one for its address', () => {
    expect(activityFields('videoPlayer', 'mp4')).toMatchObject({
      videoType: true,
      url: false,
      contentFile: { kind: 'video', required: true },
    });
    expect(activityFields('videoPlayer', 'vimeo')).toMatchObject({
      videoType: true,
      url: 'required',
      contentFile: null,
    });
    expect(activityFields('videoPlayer', '')).toMatchObject({
      videoType: true,
      url: false,
      contentFile: null,
    });
  });

  it('gives each type its own fields', () => {
    expect(activityFields('audioPlayer', '').contentFile).toEqual({ kind: 'audio', required: true });
    expect(activityFields('pdfDocument', '').contentFile).toEqual({ kind: 'pdf', required: true });
    expect(activityFields('powerpoint', '')).toMatchObject({
      contentFile: { kind: 'powerpoint' },
      previewFile: true,
    });
    expect(activityFields('fileUpload', '').contentFile).toEqual({ kind: 'fileUpload', required: false });
    expect(activityFields('customEmbed', '')).toMatchObject({
      customEmbed: true,
      contentFile: null,
      url: false,
    });
    expect(activityFields('interactiveContent', '')).toMatchObject({
      url: 'optional',
      contentFile: { kind: 'package', required: false },
    });
  });
});

describe('acceptOf', () => {
  it("offers the kind's extensions, and anything for a hand-in's instructions", () => {
    expect(acceptOf('powerpoint')).toBe('.ppt,.pptx');
    expect(acceptOf('package')).toBe('.zip,application/zip');
    expect(acceptOf('fileUpload')).toBeUndefined();
  });
});

describe('activityErrors', () => {
  it("says the spec's messages for what is missing", () => {
    expect(activityErrors(values({}), null)).toEqual({
      title: 'Activity name is required.',
      activityType: 'Activity Type is required.',
    });
    expect(activityErrors(values({ title: 'A', activityType: 'videoPlayer' }), null)).toEqual({
      videoType: 'Video type is required.',
    });
    expect(
      activityErrors(values({ title: 'A', activityType: 'videoPlayer', videoType: 'youtube' }), null),
    ).toEqual({
      url: 'Url is required.',
    });
    expect(
      activityErrors(values({ title: 'A', activityType: 'videoPlayer', videoType: 'mp4' }), null),
    ).toEqual({
      contentFile: 'Content file is required.',
    });
    expect(
      activityErrors(values({ title: 'A', activityType: 'customEmbed', customEmbed: '  ' }), null),
    ).toEqual({
      customEmbed: 'Custom Embed is required.',
    });
    expect(activityErrors(values({ title: 'A', activityType: 'interactiveContent' }), null)).toEqual({
      url: 'Url is required.',
    });
  });

  it('keeps a stored file when editing, and needs none for a hand-in', () => {
    expect(activityErrors(values({ title: 'A', activityType: 'pdfDocument' }), { file: true })).toEqual({});
    expect(activityErrors(values({ title: 'A', activityType: 'fileUpload' }), null)).toEqual({});
    expect(
      activityErrors(
        values({ title: 'A', activityType: 'interactiveContent', contentFile: file('p.zip') }),
        null,
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
      { lessonId: 'lesson-1' },
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
