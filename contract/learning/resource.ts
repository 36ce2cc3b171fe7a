import type { LearnerState } from '../course-assignments/resource.ts';
import type { Paged } from '../envelope.ts';
import type { LessonActivity } from '../lessons/resource.ts';
import type { QuestionKind } from '../quizzes/resource.ts';

/**
 * The learner's side of the user portal (spec 2 `/user-portal/user-dashboard`,
 * `/user-portal/learning-process/training`, and the course player under
 * `/user-portal/learning-process/`). Any signed-in user reaches these routes for themselves; a
 * course outside the user's permission scope is refused (403) as a whole, with its activities,
 * hand-ins and quizzes.
 */
export const learningPaths = {
  /** GET: the courses this user may see (page, limit, search, category), each with their progress. */
  catalogue: '/user-portal/course',
  /** GET: a course's outline with the learner's progress; 403 outside their scope. */
  course: (courseId: string) => `/user-portal/course/${courseId}`,
  /**
   * POST `{ completionId, watched?, openedAt? }`: the learner finished an activity of the course.
   * An uploaded video or audio of known duration is refused (422 `mediaTooSoon`) until 90% of its
   * duration has passed since `openedAt`, taken no earlier than the server first answered the
   * learner that activity.
   */
  activityComplete: (courseId: string, activityId: string) =>
    `/user-portal/course/${courseId}/activity/${activityId}/complete`,
  /** POST multipart (`completionId`, then `file`): the learner hands in a file (fileUpload). */
  handIn: (courseId: string, activityId: string) =>
    `/user-portal/course/${courseId}/activity/${activityId}/hand-in`,
  /**
   * POST: a completed course whose completion expired or was reassigned (or that no assignment
   * gives) starts a new round; answers the course's CourseProgress. 409 `notRestartable` otherwise.
   */
  restart: (courseId: string) => `/user-portal/course/${courseId}/restart`,
  /**
   * POST `{ completionId }`: the learner marks done a course taken at its external link, one whose
   * outline holds nothing to take (MarkDoneResult); a repeated `completionId` answers the same.
   * 409 `notMarkable` for a course with an outline, `nothingToMark` for one without a link either.
   */
  markDone: (courseId: string) => `/user-portal/course/${courseId}/mark-done`,
  /**
   * GET `?course=`: a quiz's settings, the learner's attempts and its questions without answers; a
   * timed quiz's questions come only with an attempt, so its clock runs while they can be read.
   */
  quiz: (quizId: string) => `/user-portal/quiz/${quizId}`,
  /**
   * POST `{ attemptId, courseId }`: starts an attempt (QuizAttempt); a repeated `attemptId` answers
   * the same one. 409 `noAttemptsLeft`, or `courseStandsCompleted` while the course stands completed;
   * both carry `code: 'alreadyCounted'` (contract/already-counted.ts) when the work is counted
   * already: the course stands completed, or the quiz was passed in the round.
   */
  quizAttempt: (quizId: string) => `/user-portal/quiz/${quizId}/attempt`,
  /** POST `{ answers }`: the server grades the attempt; a repeated submit answers the first grading. */
  quizSubmit: (quizId: string, attemptId: string) =>
    `/user-portal/quiz/${quizId}/attempt/${attemptId}/submit`,
  /** GET: a handed-in file as a HandIn (its `url` a signed link), for its learner and the leads of the learner's teams; 403 for others. */
  handInFile: (handInId: string) => `/user-portal/hand-in/${handInId}`,
} as const;

/** Share of a video or audio a learner must play, without seeking ahead, to finish it. */
export const MEDIA_WATCHED_SHARE = 0.9;
/** Seconds after a timed attempt's deadline within which a submit still counts (network delay). */
export const QUIZ_SUBMIT_GRACE_SECONDS = 30;
/** Completions that expire within this many days are shown on My Dashboard. */
export const EXPIRING_SOON_DAYS = 30;

/** What a learner sees after an attempt: the score only, which answers were right, or the right answers too. */
export const QUIZ_REVIEWS = ['score', 'answers', 'full'] as const;
export type QuizReview = (typeof QUIZ_REVIEWS)[number];
export const QUIZ_REVIEW_LABELS: Record<QuizReview, string> = {
  score: 'Score only',
  answers: 'Which answers were right',
  full: 'Right answers and feedback',
};

export const learningMessages = {
  courseFetched: 'Course fetched successfully.',
  courseOutOfScope: 'You do not have access to this course.',
  courseNotFound: 'The course does not exist.',
  activityNotInCourse: 'The activity is not part of this course.',
  activityCompleted: 'Activity completed.',
  mediaNotWatched: 'Play at least 90% of the media to finish it.',
  mediaTooSoon:
    'Less time has passed since you opened this media than 90% of its length: play it through to finish it.',
  openedAtInvalid: 'The time the activity was opened must be a valid date and time.',
  handInOnly: 'This activity is finished by handing in a file.',
  notHandIn: 'This activity takes no hand-in.',
  handInFileRequired: 'Choose a file to hand in.',
  handedIn: 'File handed in.',
  completionIdInvalid: 'Completion id must be a valid id.',
  restarted: 'The course starts again.',
  notRestartable: 'Only a completed course that is due again can start again.',
  markedDone: 'Course marked as done.',
  notMarkable: 'This course is completed by taking its lessons and quizzes.',
  nothingToMark: 'This course has nothing to take yet.',
  quizNotInCourse: 'The quiz is not part of this course.',
  quizFetched: 'Quiz fetched successfully.',
  attemptIdInvalid: 'Attempt id must be a valid id.',
  attemptStarted: 'Attempt started.',
  noAttemptsLeft: 'You have no attempts left for this quiz.',
  attemptNotFound: 'The attempt does not exist.',
  attemptTimedOut: 'The time limit of this attempt has passed.',
  attemptGraded: 'Attempt graded.',
  answersInvalid: 'Each answer must name a question of this attempt once.',
  answerInvalid: 'An answer does not fit its question.',
  timedQuizNeedsNetwork: 'This quiz is timed, so it needs the network.',
  handInNotFound: 'The hand-in does not exist.',
  handInFetched: 'Hand-in fetched successfully.',
  courseStandsCompleted: 'You have completed this course; it can be taken again once it is due.',
} as const;

/** A learner's state of a course, on the catalogue and in the player. */
export type CourseProgress = {
  state: LearnerState;
  /** Parts of the outline done in the current round, of all parts. */
  done: number;
  total: number;
  percent: number;
  completedAt: string | null;
  expiresAt: string | null;
};

/** A row of Training Resources. */
export type CatalogueCourse = {
  _id: string;
  name: string;
  /** Formatted text: HTML the server kept to harmless tags and safe links. */
  description: string;
  /** Estimated minutes to take the course; null when not given. */
  durationMinutes: number | null;
  /** A signed link to the course's image; null when it has none. */
  imageUrl: string | null;
  category: { _id: string; name: string } | null;
  /** Whether an assignment of kind `assigned` gives the course to this user (it may be kept offline). */
  assigned: boolean;
  progress: CourseProgress;
};
export type CatalogueResult = Paged<CatalogueCourse>;

/** A handed-in file of a fileUpload activity. */
export type HandIn = {
  _id: string;
  name: string;
  size: number;
  type: string;
  handedInAt: string;
  url: string;
};

/** An activity in the player: as the admin preview shows it, with whether the learner finished it. */
export type PlayerActivity = Omit<LessonActivity, 'version' | 'lessonId' | 'position'> & {
  done: boolean;
  /** fileUpload: the learner's latest hand-in. */
  handIn: HandIn | null;
};

export type PlayerLesson = {
  kind: 'lesson';
  _id: string;
  name: string;
  description: string;
  /** Its required activities are done (every activity, when none is required). */
  done: boolean;
  activities: PlayerActivity[];
};

export type AttemptSummary = {
  _id: string;
  number: number;
  startedAt: string;
  submittedAt: string | null;
  score: number | null;
  passed: boolean | null;
};

export type PlayerQuiz = {
  kind: 'quiz';
  _id: string;
  name: string;
  description: string;
  /** A passed attempt in the current round. */
  done: boolean;
  passMark: number;
  attemptsAllowed: number | null;
  attemptsUsed: number;
  timeLimitMinutes: number | null;
  questionCount: number;
  bestScore: number | null;
};

/**
 * A checklist of the outline (record 026): its items are ticked, answered and uploaded by the
 * learner, and signed off by their lead or an observer; GET /user-portal/checklist/{id}?course=
 * reads them.
 */
export type PlayerChecklist = {
  kind: 'checklist';
  _id: string;
  name: string;
  description: string;
  /** Its required items stand done in the current round (every item, when none is required). */
  done: boolean;
  itemsDone: number;
  itemsTotal: number;
};

/**
 * An e-learning package of the outline (record 028): GET /user-portal/elearning/{id}?course= reads
 * what the player needs to launch it.
 */
export type PlayerElearning = {
  kind: 'elearning';
  _id: string;
  name: string;
  description: string;
  /** Every SCO of it counts as done in the current round. */
  done: boolean;
  scosDone: number;
  scosTotal: number;
};

/** The learner's place on an event part: `waiting` is the waiting list; invited or cancelled is `not-registered`. */
export type PlayerEventState = 'not-registered' | 'registered' | 'waiting' | 'attended' | 'absent';

/** A session of an event part: instants, shown in the learner's zone, with the zone it was set in. */
export type PlayerEventSession = {
  _id: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** The location's title or the address; null for an online-only session. */
  place: string | null;
  /** Whether the session has a meeting link (the Join link is on My Dashboard). */
  online: boolean;
};

/**
 * An event of the outline, which makes the course blended (record 030): done once the learner is
 * `attended` on it (every session marked attended). They register from the player
 * (POST /user-portal/event/{id}/register) while `registrationOpen`.
 */
export type PlayerEvent = {
  kind: 'event';
  _id: string;
  name: string;
  description: string;
  /** The learner attended it, marked after the current round began. */
  done: boolean;
  state: PlayerEventState;
  /** Published, its registration window open and its first session not started. */
  registrationOpen: boolean;
  sessions: PlayerEventSession[];
};

export type PlayerItem = PlayerLesson | PlayerQuiz | PlayerChecklist | PlayerElearning | PlayerEvent;

/** GET /user-portal/course/{id}. */
export type PlayerCourse = {
  _id: string;
  name: string;
  description: string;
  durationMinutes: number | null;
  /** A signed link to the course's image; null when it has none. */
  imageUrl: string | null;
  /** Completing the course gives a certificate of completion. */
  givesCertificate: boolean;
  /**
   * The verification code of the certificate of the learner's completion, while the course stands
   * completed and gives one (contract/certificates.ts); null otherwise.
   */
  certificateCode: string | null;
  externalLink: string | null;
  externalTitle: string | null;
  additionalExternalLink: string | null;
  additionalExternalLinkTitle: string | null;
  assigned: boolean;
  progress: CourseProgress;
  outline: PlayerItem[];
};

/** Answer of marking a course done (`courseCompleted`: this request completed it). */
export type MarkDoneResult = { courseCompleted: boolean; progress: CourseProgress };

/** Answer of an activity completion or a hand-in. */
export type CompletionResult = {
  activityId: string;
  lessonDone: boolean;
  courseCompleted: boolean;
  progress: CourseProgress;
};

/** A question as a learner meets it: no answer key. */
export type LearnerQuestion = {
  _id: string;
  kind: QuestionKind;
  text: string;
  points: number;
  /** The choices' texts (single, multiple choice); true/false and short answer have none. */
  options: string[];
};

/** GET /user-portal/quiz/{id}: what a learner may know before an attempt. */
export type LearnerQuiz = {
  _id: string;
  name: string;
  description: string;
  passMark: number;
  attemptsAllowed: number | null;
  attemptsUsed: number;
  timeLimitMinutes: number | null;
  shuffleQuestions: boolean;
  review: QuizReview;
  passed: boolean;
  attempts: AttemptSummary[];
  /** Null for a timed quiz: its questions come with an attempt started (QuizAttempt). */
  questions: LearnerQuestion[] | null;
};

/** POST /user-portal/quiz/{id}/attempt: the attempt with its questions in this attempt's order. */
export type QuizAttempt = {
  _id: string;
  quizId: string;
  courseId: string;
  number: number;
  startedAt: string;
  /** When a timed attempt ends; null for no limit. */
  endsAt: string | null;
  attemptsLeft: number | null;
  questions: LearnerQuestion[];
  /** Set once the attempt was submitted (a repeated start of a graded attempt). */
  result: AttemptResult | null;
};

/** One answer: the chosen option indexes (single and multiple choice), true/false, or the text. */
export type QuizAnswer = {
  questionId: string;
  choices?: number[];
  value?: boolean;
  text?: string;
};

export type ReviewItem = {
  questionId: string;
  correct: boolean;
  /**
   * With review `full`, once the learner passed or has no attempts left: the right option indexes,
   * truth or accepted answers, and the feedback. Before that, only `correct`.
   */
  rightChoices?: number[];
  rightValue?: boolean;
  acceptedAnswers?: string[];
  feedback?: string | null;
};

/** POST submit: the server's grading. */
export type AttemptResult = {
  attemptId: string;
  score: number;
  points: number;
  maxPoints: number;
  passed: boolean;
  passMark: number;
  attemptsLeft: number | null;
  submittedAt: string;
  /** Null with review `score`. */
  review: ReviewItem[] | null;
  courseCompleted: boolean;
};
