import type { Transaction } from '../../db/client.ts';
import { lessonActivities, lessons } from '../../db/schema/lessons.ts';

type SeedActivity = Omit<typeof lessonActivities.$inferInsert, 'lessonId' | 'position'>;

/**
 * The demo lessons with activities that need no stored file: hosted videos of each host, a custom
 * embed, a linked interactive package and a hand-in without instructions. Enabled, so courses'
 * outlines can take them (run before the courses' seed).
 */
const DEMO_LESSONS: { name: string; description: string; activities: SeedActivity[] }[] = [
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

export async function seedLessons(tx: Transaction) {
  for (const lesson of DEMO_LESSONS) {
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
  }
}
