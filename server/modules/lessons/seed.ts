import { readFile } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_KINDS, type FileKind } from '../../../contract/files.ts';
import type { Transaction } from '../../db/client.ts';
import { lessonActivities, lessons } from '../../db/schema/lessons.ts';
import { outlinePlacement } from '../../db/seed-outlines.ts';
import type { PlacedLesson, SeedFile } from '../../db/seed-parts.ts';
import type { FileStore } from '../../files/store.ts';
import { ACTIVITY_FOLDER } from './activity-form.ts';

type SeedActivity = Omit<typeof lessonActivities.$inferInsert, 'lessonId' | 'position'>;
type SeedLesson = {
  name: string;
  description: string;
  activities: SeedActivity[];
};

/**
 * The demo lessons with activities that need no stored file: hosted videos of each host, a custom
 * embed, a linked interactive package and a hand-in without instructions. With a file store, a
 * lesson of the activities that hold files joins them (fileLesson). Enabled, so courses' outlines
 * can take them (run before the courses' seed).
 */
const DEMO_LESSONS: SeedLesson[] = [
  {
    name: 'Forklift Safety Basics',
    description: 'Daily checks, load limits and safe driving in the warehouse.',
    activities: [
      {
        title: 'Forklift pre-shift inspection',
        activityType: 'videoPlayer',
        videoType: 'youtube',
        url: 'https://www.youtube.com/watch?v=aqx0jcXjhvY',
        required: true,
      },
      { title: 'Your inspection checklist', activityType: 'fileUpload', required: true },
    ],
  },
  {
    name: 'Customer Service Essentials',
    description: 'Greeting, listening and resolving complaints.',
    activities: [
      {
        title: 'Handling a complaint',
        activityType: 'videoPlayer',
        videoType: 'vimeo',
        url: 'https://vimeo.com/76979871',
        required: true,
      },
      {
        title: 'Service pledge',
        activityType: 'customEmbed',
        customEmbed:
          '<h2>Our service pledge</h2><p>We greet every customer within a minute and follow up on every complaint within a day.</p>',
      },
    ],
  },
  {
    name: 'Workplace Communication',
    description: 'Clear messages in person and online.',
    activities: [
      {
        title: 'Team update from the floor',
        activityType: 'videoPlayer',
        videoType: 'facebook',
        url: 'https://www.facebook.com/facebook/videos/10153231379946729/',
      },
      {
        title: 'Communication styles quiz',
        activityType: 'interactiveContent',
        url: 'https://h5p.org/node/1291',
        required: true,
      },
    ],
  },
];

/** Where the demo files are kept in the repository (see the README there). */
const SEED_FILES_DIR = new URL('../../db/seed-files/', import.meta.url);

/**
 * The demo files, each stored under a fixed name in the activities' folder of the store (a key
 * STORE_KEY takes: 22 characters, then the extension read from the bytes), so a second process
 * seeding at the same time writes the same bytes to the same keys.
 */
const SEED_FILES = {
  video: { file: 'fire-drill.mp4', storeName: 'seed-fire-drill-video1', kind: 'video' },
  audio: { file: 'evacuation-announcement.mp3', storeName: 'seed-evacuation-audio1', kind: 'audio' },
  guide: { file: 'fire-safety-guide.pdf', storeName: 'seed-fire-safety-guide', kind: 'pdf' },
  slides: { file: 'fire-extinguishers.pptx', storeName: 'seed-extinguisher-pptx', kind: 'powerpoint' },
  slidesCopy: { file: 'fire-extinguishers.pdf', storeName: 'seed-extinguisher-copy', kind: 'pdf' },
  worksheet: {
    file: 'evacuation-route-worksheet.pdf',
    storeName: 'seed-evacuation-sheet1',
    kind: 'fileUpload',
  },
} as const satisfies Record<string, { file: string; storeName: string; kind: FileKind }>;

export type SeedFiles = Record<keyof typeof SEED_FILES, SeedFile>;

/**
 * Writes the demo files to the store, checking each one's type from its bytes as an upload's is
 * checked. A key that already holds the same bytes is left alone.
 */
export async function storeSeedFiles(store: FileStore): Promise<SeedFiles> {
  const stored: Partial<SeedFiles> = {};
  for (const [id, { file, storeName, kind }] of Object.entries(SEED_FILES)) {
    const bytes = await readFile(new URL(file, SEED_FILES_DIR));
    const type = await fileTypeFromBuffer(bytes);
    const accepted: readonly string[] = FILE_KINDS[kind].extensions;
    if (!type || (accepted.length > 0 && !accepted.includes(type.ext)))
      throw new Error(`The demo file ${file} is not a ${FILE_KINDS[kind].label} file`);
    const key = `${ACTIVITY_FOLDER}/${storeName}.${type.ext}`;
    const current = await store.disk.getBytes(key).catch(() => undefined);
    if (!current || !bytes.equals(current)) await store.disk.put(key, bytes, { contentType: type.mime });
    stored[id as keyof SeedFiles] = { key, name: file, type: type.mime, size: bytes.length };
  }
  return stored as SeedFiles;
}

const fileColumns = (file: SeedFile) => ({
  fileKey: file.key,
  fileName: file.name,
  fileType: file.type,
  fileSize: file.size,
});

/** The demo lesson whose activities play, show and hand out the stored demo files. */
const fileLesson = (files: SeedFiles): SeedLesson => ({
  name: 'Fire Safety and Evacuation',
  description: 'Raising the alarm, choosing and using an extinguisher, and leaving the building safely.',
  activities: [
    {
      title: 'Fire drill walkthrough',
      activityType: 'videoPlayer',
      videoType: 'mp4',
      ...fileColumns(files.video),
      required: true,
    },
    { title: 'The evacuation announcement', activityType: 'audioPlayer', ...fileColumns(files.audio) },
    {
      title: 'Fire safety guide',
      activityType: 'pdfDocument',
      ...fileColumns(files.guide),
      required: true,
    },
    {
      title: 'Choosing a fire extinguisher',
      activityType: 'powerpoint',
      ...fileColumns(files.slides),
      previewFileKey: files.slidesCopy.key,
      previewFileName: files.slidesCopy.name,
      required: true,
    },
    {
      title: 'Your evacuation route',
      activityType: 'fileUpload',
      ...fileColumns(files.worksheet),
      required: true,
    },
  ],
});

/**
 * Seeds the demo lessons, and with the stored demo files (storeSeedFiles) the lesson that uses
 * them. Returns the lessons that go into given courses' outlines (outlinePlacement in the seed
 * data: each lesson in the courses of its subject), for the courses' seed.
 */
export async function seedLessons(tx: Transaction, files?: SeedFiles): Promise<PlacedLesson[]> {
  const placed: PlacedLesson[] = [];
  for (const lesson of files ? [...DEMO_LESSONS, fileLesson(files)] : DEMO_LESSONS) {
    const [row] = await tx
      .insert(lessons)
      .values({ name: lesson.name, description: lesson.description })
      .returning({ id: lessons.id });
    if (!row) throw new Error('Inserting a lesson returned nothing');
    await tx
      .insert(lessonActivities)
      .values(
        lesson.activities.map((activity, index) => ({ ...activity, lessonId: row.id, position: index + 1 })),
      );
    const courses = outlinePlacement[lesson.name]?.courses ?? [];
    if (courses.length > 0) placed.push({ lessonId: row.id, courses });
  }
  return placed;
}
