import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openAsBlob, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { courseAssignmentPaths } from '../../../contract/course-assignments/resource.ts';
import { coursePaths } from '../../../contract/courses/resource.ts';
import type { LearnerQuestion, QuizAnswer } from '../../../contract/learning/resource.ts';
import { lessonPaths } from '../../../contract/lessons/resource.ts';
import { API_BASE, paths } from '../../../contract/paths.ts';
import { quizPaths } from '../../../contract/quizzes/resource.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema/users.ts';
import { seedIfEmpty } from '../../../server/db/seed.ts';
import { writeVideoLikeFile } from './video-file.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const LEAD = { email: 'lead@example.com', password: 'lead1234' };

export type Account = { email: string; password: string; firstName: string; lastName: string };

/** The API of a running server, called as a client does (fetch over loopback). */
export function apiClient(baseUrl: string) {
  async function call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; form?: FormData } = {},
  ) {
    const headers = new Headers();
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    let body: string | FormData | undefined = options.form;
    if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${API_BASE}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads answers by field, as a client would
    return { status: response.status, body: json as any, text };
  }
  /** Calls and insists on `expected`, naming the route and its answer otherwise. */
  async function must(
    expected: number,
    method: string,
    path: string,
    options: Parameters<typeof call>[2] = {},
  ) {
    const response = await call(method, path, options);
    if (response.status !== expected)
      throw new Error(`${method} ${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
    return response.body;
  }
  async function signIn(account: { email: string; password: string }): Promise<string> {
    const body = await must(200, 'POST', paths.login, { body: account });
    return body.results.token as string;
  }
  return { url: baseUrl, call, must, signIn };
}
export type ApiClient = ReturnType<typeof apiClient>;

/**
 * A data directory for a server (DATA_DIR) holding the demo data and `accounts` as plain users
 * with real passwords, who sign in through the login form.
 */
export async function prepareDataDir(path: string, accounts: Account[]) {
  const database = await openDatabase({ dataDir: path });
  try {
    await database.migrate();
    if (!(await seedIfEmpty(database.db)))
      throw new Error(`${path} already holds data; give an empty directory`);
    for (const { password, ...account } of accounts)
      await database.db.insert(users).values({ ...account, passwordHash: await hashPassword(password) });
    const rows = await database.db.select({ id: users.id, email: users.email }).from(users);
    return Object.fromEntries(rows.map((row) => [row.email, row.id])) as Record<string, string>;
  } finally {
    await database.close();
  }
}

/** An activity of the lesson: its form's fields and the file uploaded with it, if any. */
export type ActivitySpec = {
  title: string;
  activityType: 'videoPlayer' | 'pdfDocument' | 'customEmbed' | 'fileUpload' | 'audioPlayer';
  videoType?: 'mp4';
  customEmbed?: string;
  required?: boolean;
  file?: { path: string; type: string; name: string };
};

/** A question body for POST /quiz/question and the right answer to it, matched by its text. */
export type QuestionSpec = {
  body: {
    kind: 'singleChoice' | 'multipleChoice' | 'trueFalse' | 'shortAnswer';
    text: string;
    points: number;
    options?: { text: string; correct: boolean }[];
    answer?: boolean;
    acceptedAnswers?: string[];
  };
  right: Omit<QuizAnswer, 'questionId'>;
  wrong: Omit<QuizAnswer, 'questionId'>;
};

/** `count` questions cycling through the four kinds, each with its right and a wrong answer. */
export function mixedQuestions(count: number): QuestionSpec[] {
  return Array.from({ length: count }, (_, index): QuestionSpec => {
    const n = index + 1;
    switch (index % 4) {
      case 0:
        return {
          body: {
            kind: 'singleChoice',
            text: `Question ${n}: which exit is the fire exit on floor ${n}?`,
            points: 1,
            options: ['North stairs', 'South stairs', 'Lift', 'Window'].map((text, i) => ({
              text,
              correct: i === n % 4,
            })),
          },
          right: { choices: [n % 4] },
          wrong: { choices: [(n + 1) % 4] },
        };
      case 1:
        return {
          body: {
            kind: 'multipleChoice',
            text: `Question ${n}: which of these belong in a first aid kit?`,
            points: 2,
            options: [
              { text: 'Bandages', correct: true },
              { text: 'Gloves', correct: true },
              { text: 'Matches', correct: false },
              { text: 'Antiseptic wipes', correct: true },
              { text: 'Glue', correct: false },
            ],
          },
          right: { choices: [0, 1, 3] },
          wrong: { choices: [0, 2] },
        };
      case 2:
        return {
          body: {
            kind: 'trueFalse',
            text: `Question ${n}: a spill is reported before it is cleaned (${n % 2 === 0 ? 'true' : 'false'}).`,
            points: 1,
            answer: n % 2 === 0,
          },
          right: { value: n % 2 === 0 },
          wrong: { value: n % 2 !== 0 },
        };
      default:
        return {
          body: {
            kind: 'shortAnswer',
            text: `Question ${n}: what number do you call in an emergency?`,
            points: 1,
            acceptedAnswers: ['112', '911'],
          },
          right: { text: '112' },
          wrong: { text: '113' },
        };
    }
  });
}

/**
 * The answers of one learner to an attempt's questions: right except where `wrongAt(index)` says,
 * matched to `specs` by the question's text (the attempt may order them otherwise).
 */
export function answersFor(
  questions: LearnerQuestion[],
  specs: QuestionSpec[],
  wrongAt: (index: number) => boolean,
): QuizAnswer[] {
  const byText = new Map(specs.map((spec) => [spec.body.text, spec]));
  return questions.map((question, index) => {
    const spec = byText.get(question.text);
    if (!spec) throw new Error(`The attempt holds a question the benchmark did not make: ${question.text}`);
    return { questionId: question._id, ...(wrongAt(index) ? spec.wrong : spec.right) };
  });
}

export type BuiltCourse = {
  courseId: string;
  lessonId: string;
  quizId: string | null;
  activities: { _id: string; title: string; size: number | null }[];
  assignmentId: string;
};

/**
 * Through the admin API, as the administration's screens do: a category, a lesson with
 * `activities` (files uploaded as multipart), a quiz with `questions` when any, a course holding
 * the lesson then the quiz, and an assignment (kind assigned) of the course to `learnerIds`.
 */
export async function buildAssignedCourse(
  api: ApiClient,
  adminToken: string,
  spec: { name: string; activities: ActivitySpec[]; questions: QuestionSpec[]; learnerIds: string[] },
): Promise<BuiltCourse> {
  const token = adminToken;
  const category = await api.must(201, 'POST', '/course-category', {
    token,
    body: { name: `${spec.name} category`, parentId: null },
  });
  const lesson = await api.must(201, 'POST', lessonPaths.list, {
    token,
    body: { name: `${spec.name}: lesson`, description: 'What to know before the quiz.' },
  });
  const lessonId = lesson.results._id as string;
  const activities: BuiltCourse['activities'] = [];
  for (const activity of spec.activities) {
    const form = new FormData();
    form.set('lessonId', lessonId);
    form.set('title', activity.title);
    form.set('activityType', activity.activityType);
    if (activity.videoType) form.set('videoType', activity.videoType);
    if (activity.customEmbed) form.set('customEmbed', activity.customEmbed);
    form.set('required', String(activity.required ?? false));
    if (activity.file)
      form.set(
        'contentFile',
        await openAsBlob(activity.file.path, { type: activity.file.type }),
        activity.file.name,
      );
    const made = await api.must(201, 'POST', lessonPaths.activity, { token, form });
    activities.push({
      _id: made.results._id as string,
      title: activity.title,
      size: (made.results.file?.size as number | undefined) ?? null,
    });
  }

  let quizId: string | null = null;
  if (spec.questions.length > 0) {
    const quiz = await api.must(201, 'POST', quizPaths.list, {
      token,
      body: {
        name: `${spec.name}: quiz`,
        description: 'Checks the lesson.',
        passMark: 70,
        attemptsAllowed: null,
      },
    });
    quizId = quiz.results._id as string;
    for (const question of spec.questions)
      await api.must(201, 'POST', quizPaths.question, { token, body: { ...question.body, quizId } });
  }

  const course = await api.must(201, 'POST', coursePaths.list, {
    token,
    body: {
      name: spec.name,
      courseCategoryId: category.results._id,
      description: 'A course made for a benchmark.',
      permission: 'none',
    },
  });
  const courseId = course.results._id as string;
  const outline = await api.call('POST', coursePaths.outline(courseId), {
    token,
    body: { lessonIds: [lessonId], quizIds: quizId ? [quizId] : [] },
  });
  if (outline.status !== 200 && outline.status !== 201)
    throw new Error(`The outline answered ${outline.status}: ${outline.text.slice(0, 300)}`);
  const assignment = await api.must(201, 'POST', courseAssignmentPaths.list, {
    token,
    body: {
      title: `${spec.name}: assigned`,
      kind: 'assigned',
      assigneeKind: 'users',
      assigneeIds: spec.learnerIds,
      courseIds: [courseId],
    },
  });
  return { courseId, lessonId, quizId, activities, assignmentId: assignment.results._id as string };
}

/** A one-page PDF of a few lines of text, made by hand (offsets computed), which pdf.js opens. */
export function writeSmallPdf(path: string, lines: string[]) {
  const text = lines
    .map((line, index) => `BT /F1 14 Tf 72 ${760 - index * 22} Td (${line.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body, 'latin1');
}

/**
 * A playable H.264/AAC MP4 of about `megabytes` MB (a test pattern at a constant bit rate, `seconds`
 * long, its index at the front as a web video has it), made with ffmpeg and kept in the temporary
 * directory for later runs. Without ffmpeg, a file of the size that passes the upload's type check
 * but does not play; `playable` says which.
 */
export function benchVideo(megabytes: number, seconds: number): { path: string; playable: boolean } {
  const path = join(tmpdir(), `training-admin-bench-video-${megabytes}mb-${seconds}s.mp4`);
  if (existsSync(path) && statSync(path).size > 0) return { path, playable: true };
  const videoKbps = Math.round((megabytes * 1024 * 1024 * 8) / seconds / 1000) - 128;
  const partial = `${path}.${process.pid}.mp4`;
  const made = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-b:v', `${videoKbps}k`, '-minrate', `${videoKbps}k`, '-maxrate', `${videoKbps}k`],
      ...['-bufsize', `${Math.round(videoKbps / 2)}k`, '-x264-params', 'nal-hrd=cbr', '-g', '60'],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', partial],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (made.status === 0) {
    renameSync(partial, path);
    return { path, playable: true };
  }
  const fallback = join(tmpdir(), `training-admin-bench-video-like-${megabytes}mb.mp4`);
  writeVideoLikeFile(fallback, megabytes * 1024 * 1024);
  return { path: fallback, playable: false };
}

/** The value below which `share` of `values` fall (nearest rank). */
export const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
};
