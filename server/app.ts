import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isCourseImageRequest } from '../contract/courses/resource.ts';
import type { ApiErrorBody } from '../contract/envelope.ts';
import { isLessonUploadRequest } from '../contract/lessons/resource.ts';
import { messages } from '../contract/messages.ts';
import { API_BASE, paths } from '../contract/paths.ts';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { profilePictureRoutes } from './files/profile-pictures.ts';
import { fileServeRoutes } from './files/serve-routes.ts';
import { createFileStore, type FileStore } from './files/store.ts';
import type { AppDeps, AppEnv, Logger } from './http/app-env.ts';
import { type Background, createBackground } from './http/background.ts';
import { compressJson } from './http/compression.ts';
import { handleError } from './http/errors.ts';
import { idempotency } from './http/idempotency.ts';
import { oneLineLogger } from './http/logger.ts';
import { securityHeaders } from './http/security-headers.ts';
import { distRoutes } from './http/static.ts';
import { storableText } from './http/storable-text.ts';
import type { Mailer } from './mail/mailer.ts';
import { administratorRoleRoutes } from './modules/administrator-roles/routes.ts';
import { attendeeRoutes } from './modules/attendees/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { certificateRoutes } from './modules/certificates/routes.ts';
import { isChecklistRecordRequest } from './modules/checklist-records/record-form.ts';
import { checklistRecordRoutes } from './modules/checklist-records/routes.ts';
import { checklistRoutes } from './modules/checklists/routes.ts';
import { courseAssignmentRoutes } from './modules/course-assignments/routes.ts';
import { courseCategoryRoutes } from './modules/course-categories/routes.ts';
import { courseRoutes } from './modules/courses/routes.ts';
import { isElearningUploadRequest } from './modules/elearning/package-form.ts';
import { elearningRoutes } from './modules/elearning/routes.ts';
import { eventCategoryRoutes } from './modules/event-categories/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { learnerEventRoutes } from './modules/learner-events/routes.ts';
import { isHandInRequest } from './modules/learning/hand-in-form.ts';
import { learningRoutes } from './modules/learning/routes.ts';
import { lessonRoutes } from './modules/lessons/routes.ts';
import { lookupRoutes } from './modules/lookups/routes.ts';
import { MEMBER_FORM_MAX_BYTES } from './modules/members/member-form.ts';
import { isMemberFormRequest, memberRoutes } from './modules/members/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { passwordRoutes } from './modules/password/routes.ts';
import { profileFieldRoutes } from './modules/profile-fields/routes.ts';
import { quizRoutes } from './modules/quizzes/routes.ts';
import { sidebarRoutes } from './modules/sidebar/routes.ts';
import { teamEventRoutes } from './modules/team-events/routes.ts';
import { teamMemberRoutes } from './modules/team-members/routes.ts';
import { teamReportRoutes } from './modules/team-reports/routes.ts';
import { teamRoutes } from './modules/teams/routes.ts';
import { userGroupRoutes } from './modules/user-groups/routes.ts';
import { userRoutes } from './modules/users/routes.ts';

/**
 * Every module of the v1 API, mounted in this order at API_BASE. No two of them claim a path of the
 * same method (tests/api/route-overlap.test.ts), so the order decides nothing: a new module is one
 * more line here.
 */
export const apiModules = [
  authRoutes,
  passwordRoutes,
  sidebarRoutes,
  lookupRoutes,
  userRoutes,
  userGroupRoutes,
  profileFieldRoutes,
  teamRoutes,
  administratorRoleRoutes,
  organizationRoutes,
  teamMemberRoutes,
  teamReportRoutes,
  memberRoutes,
  courseAssignmentRoutes,
  courseCategoryRoutes,
  courseRoutes,
  lessonRoutes,
  quizRoutes,
  checklistRoutes,
  checklistRecordRoutes,
  elearningRoutes,
  eventCategoryRoutes,
  eventRoutes,
  attendeeRoutes,
  teamEventRoutes,
  learnerEventRoutes,
  learningRoutes,
  certificateRoutes,
  fileServeRoutes,
] satisfies ((deps: AppDeps) => Hono<AppEnv>)[];

/**
 * Writes that stream files, each capped by its file kind as it arrives: activity files, hand-ins,
 * course images, checklist records (which cap and check a JSON body of their own) and e-learning
 * packages.
 */
export const isStreamedUpload = (method: string, path: string) =>
  isLessonUploadRequest(method, path) ||
  isHandInRequest(method, path) ||
  isCourseImageRequest(method, path) ||
  isChecklistRecordRequest(method, path) ||
  isElearningUploadRequest(method, path);

/**
 * Whether the route reads this request's body as a stream of its own: a multipart body of a
 * streamed upload. Any other body of those routes (a checklist record sent as JSON) is taken like
 * every JSON body: capped by the JSON limit, hashed for its Idempotency-Key, checked for text the
 * database cannot store.
 */
const streamsItsBody = (method: string, path: string, contentType = '') =>
  isStreamedUpload(method, path) && /^multipart\/form-data\s*;/i.test(contentType);

/** Signing out takes no input: it must work whatever a client sends with it. */
const isLogout = (path: string) => path === `${API_BASE}${paths.logout}`;

/** JSON bodies are small; the member form, which carries a picture, gets its own limit. */
const MAX_BODY_BYTES = 1024 * 1024;

export type CreateAppOptions = {
  db: Database;
  config: Config;
  mailer: Mailer;
  logger?: Logger;
  /** Pass one to await the work answers leave behind (tests, the server's graceful stop). */
  background?: Background;
  /** The file store; by default one made from `config.files`. */
  files?: FileStore;
  /** The time deadlines and expiries are judged by; the real one by default. */
  clock?: () => Date;
};

export function createApp({
  db,
  config,
  mailer,
  logger: sink = console,
  background = createBackground(sink),
  files = createFileStore(config.files),
  clock = () => new Date(),
}: CreateAppOptions) {
  const logger = oneLineLogger(sink);
  const deps: AppDeps = { db, config, mailer, logger, background, files, clock };
  const tooLarge = (c: Context) => c.json({ message: messages.payloadTooLarge } satisfies ApiErrorBody, 413);
  const jsonLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const formLimit = bodyLimit({ maxSize: MEMBER_FORM_MAX_BYTES, onError: tooLarge });
  const api = new Hono<AppEnv>()
    // A 413 leaves the rest of its body unread (the limits below answer before reading it, an
    // upload stops at its file's cap): the connection closes after the answer, or those bytes
    // would be taken for the next request the client sends on it.
    .use(async (c, next) => {
      await next();
      if (c.res.status === 413) c.header('Connection', 'close');
    })
    .use(compressJson)
    .use((c, next) =>
      streamsItsBody(c.req.method, c.req.path, c.req.header('content-type'))
        ? next()
        : isMemberFormRequest(c.req.method, c.req.path)
          ? formLimit(c, next)
          : jsonLimit(c, next),
    )
    // Answers carry personal data and tokens; a shared cache must never keep them.
    .use(async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    })
    // Before every router, so each write is answered once per Idempotency-Key.
    .use(idempotency({ ...deps, bodyUnread: streamsItsBody }))
    // After the Idempotency-Key store, which hashes the body from a copy before this reads it.
    .use(
      storableText(
        (method, path, contentType) => streamsItsBody(method, path, contentType) || isLogout(path),
      ),
    );
  for (const routes of apiModules) api.route('/', routes(deps));
  api.all('*', (c) => c.json({ message: messages.notFound } satisfies ApiErrorBody, 404));

  return new Hono<AppEnv>()
    .use(securityHeaders(config))
    .route(API_BASE, api)
    .all('/api/*', (c) => c.json({ message: messages.notFound } satisfies ApiErrorBody, 404))
    .route('/', profilePictureRoutes(files))
    .route('/', distRoutes(config.distDir))
    .notFound((c) => c.text('Not Found', 404))
    .onError(handleError(logger));
}

export type App = ReturnType<typeof createApp>;
