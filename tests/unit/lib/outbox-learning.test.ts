import type { PlayerActivity, PlayerCourse } from '@contract/learning/resource';
import { describe, expect, it } from 'vitest';
import { courseWithWork, waitingWork } from '@/lib/outbox-learning';
import type { OutboxSummary } from '../../../sw/outbox/protocol.ts';

const COURSE = '11111111-1111-4111-8111-111111111111';
const LESSON = '22222222-2222-4222-8222-222222222222';
const PDF = '33333333-3333-4333-8333-333333333333';
const VIDEO = '44444444-4444-4444-8444-444444444444';
const QUIZ = '55555555-5555-4555-8555-555555555555';
const ATTEMPT = '66666666-6666-4666-8666-666666666666';

function entry(url: string, status: OutboxSummary['status'] = 'pending'): OutboxSummary {
  return {
    seq: 1,
    method: 'POST',
    url: `/api/v1${url}`,
    action: 'Finish activity',
    target: 'Guide',
    createdAt: 0,
    status,
    attempts: 0,
    lastError: null,
    lastStatus: null,
    clientId: null,
  };
}

const activity = (id: string, required: boolean) =>
  ({ _id: id, title: id, required, done: false, handIn: null }) as unknown as PlayerActivity;

const course = {
  _id: COURSE,
  outline: [
    {
      kind: 'lesson',
      _id: LESSON,
      name: 'Lesson',
      description: '',
      done: false,
      activities: [activity(PDF, true), activity(VIDEO, true)],
    },
    {
      kind: 'quiz',
      _id: QUIZ,
      name: 'Quiz',
      description: '',
      done: false,
      passMark: 80,
      attemptsAllowed: 3,
      attemptsUsed: 0,
      timeLimitMinutes: null,
      questionCount: 2,
      bestScore: null,
    },
  ],
  progress: { state: 'in-progress', done: 0, total: 2, percent: 0, completedAt: null, expiresAt: null },
} as unknown as PlayerCourse;

describe('the learner work waiting in the outbox', () => {
  it('reads finished activities, started attempts and answered quizzes from the waiting entries', () => {
    const work = waitingWork([
      entry(`/user-portal/course/${COURSE}/activity/${PDF}/complete`),
      entry(`/user-portal/quiz/${QUIZ}/attempt`),
      entry(`/user-portal/quiz/${QUIZ}/attempt/${ATTEMPT}/submit`),
    ]);
    expect([...work.activities]).toEqual([PDF]);
    expect([...work.courses]).toEqual([COURSE]);
    expect(work.startedAttempts.get(QUIZ)).toBe(1);
    expect([...work.answeredQuizzes]).toEqual([QUIZ]);
  });

  it('reads a link course marked done, apart from the courses an activity waits in', () => {
    const work = waitingWork([entry(`/user-portal/course/${COURSE}/mark-done`)]);
    expect([...work.markedDone]).toEqual([COURSE]);
    expect(work.courses.size).toBe(0);
  });

  it('leaves out refused entries and other writes', () => {
    const work = waitingWork([
      entry(`/user-portal/course/${COURSE}/activity/${PDF}/complete`, 'failed'),
      entry(`/user-portal/course/${COURSE}/mark-done`, 'failed'),
      entry(`/team/${COURSE}/members`),
    ]);
    expect(work.activities.size).toBe(0);
    expect(work.markedDone.size).toBe(0);
    expect(work.startedAttempts.size).toBe(0);
  });

  it('shows the waiting work done in the course and counts it in its progress', () => {
    const work = waitingWork([
      entry(`/user-portal/course/${COURSE}/activity/${PDF}/hand-in`),
      entry(`/user-portal/quiz/${QUIZ}/attempt`),
      entry(`/user-portal/quiz/${QUIZ}/attempt/${ATTEMPT}/submit`),
    ]);
    const shown = courseWithWork(course, work);
    const [lesson, quiz] = shown.outline;
    // One of two required activities: the lesson is not done yet.
    expect(lesson?.kind === 'lesson' && lesson.activities.map((one) => one.done)).toEqual([true, false]);
    expect(lesson?.done).toBe(false);
    expect(quiz?.done).toBe(true);
    expect(quiz?.kind === 'quiz' && quiz.attemptsUsed).toBe(1);
    expect(shown.progress).toMatchObject({ done: 1, total: 2, percent: 50 });
  });

  it('answers the same course when nothing of it waits', () => {
    expect(courseWithWork(course, waitingWork([]))).toBe(course);
  });
});
