/**
 * What the module seeds hand one another through server/db/seed.ts, so that no module seed
 * imports another's: the lessons' seed answers both, the courses' and learning seeds take them.
 */

/** A demo file as stored: its key, the name it is shown and downloaded by, its type and size. */
export type SeedFile = { key: string; name: string; type: string; size: number };

/** A seeded lesson that goes into the named courses' outlines. */
export type PlacedLesson = { lessonId: string; courses: readonly string[] };
