import { checklistRecordPaths } from '@contract/checklists/records';
import { learningPaths, type PlayerCourse, type PlayerQuiz } from '@contract/learning/resource';
import { API_BASE } from '@contract/paths';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepCourse } from '@/features/course-player/keep-offline';

const COURSE = 'c0000000-0000-4000-8000-000000000001';

const quizItem = (_id: string, timeLimitMinutes: number | null): PlayerQuiz => ({
  kind: 'quiz',
  _id,
  name: `Quiz ${_id}`,
  description: '',
  done: false,
  passMark: 70,
  attemptsAllowed: null,
  attemptsUsed: 0,
  timeLimitMinutes,
  questionCount: 1,
  bestScore: null,
});

const course: PlayerCourse = {
  _id: COURSE,
  name: 'Fire safety',
  description: '',
  durationMinutes: null,
  imageUrl: null,
  givesCertificate: false,
  certificateCode: null,
  externalLink: null,
  externalTitle: null,
  additionalExternalLink: null,
  additionalExternalLinkTitle: null,
  assigned: true,
  progress: { state: 'not-started', done: 0, total: 2, percent: 0, completedAt: null, expiresAt: null },
  outline: [
    quizItem('untimed', null),
    quizItem('timed', 10),
    {
      kind: 'checklist',
      _id: 'floor-walk',
      name: 'Floor walk',
      description: '',
      done: false,
      itemsDone: 0,
      itemsTotal: 2,
    },
  ],
};

/** Cache Storage in memory: what the course's cache holds, by key. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  return {
    stores,
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        put: async (key: string, response: Response) => void store.set(key, response),
        match: async (key: string) => store.get(key),
      };
    },
    delete: async (name: string) => stores.delete(name),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('keepCourse', () => {
  it('keeps the outline, an untimed quiz’s questions and a checklist, and nothing of a timed quiz', async () => {
    const caches = fakeCaches();
    const asked: string[] = [];
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const path = url.slice(API_BASE.length).split('?')[0];
      const results =
        path === learningPaths.course(COURSE)
          ? course
          : { _id: path?.split('/').pop(), questions: path?.endsWith('untimed') ? [] : null };
      return Response.json({ message: 'ok', results });
    });

    const kept = await keepCourse(new QueryClient(), COURSE, () => undefined);

    expect(kept).toMatchObject({ courseId: COURSE, files: 0, bytes: 0 });
    const store = caches.stores.get(`kept-course-${COURSE}`);
    expect([...(store?.keys() ?? [])].sort()).toEqual([
      '/kept-course.json',
      '/kept/checklist-floor-walk.json',
      '/kept/course.json',
      '/kept/quiz-untimed.json',
    ]);
    expect(asked).toContain(`${API_BASE}${checklistRecordPaths.myChecklist('floor-walk')}?course=${COURSE}`);
    expect(asked.some((url) => url.includes(learningPaths.quiz('timed')))).toBe(false);
  });
});
