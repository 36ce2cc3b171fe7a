import { eq, inArray, max } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { courseOutlineItems, courses } from '../../db/schema/courses.ts';
import { quizQuestions, quizzes } from '../../db/schema/quizzes.ts';
import { outlinePlacement } from '../../db/seed-outlines.ts';

type SeedQuestion = Omit<typeof quizQuestions.$inferInsert, 'quizId' | 'position'>;

const tf = (answer: boolean) => [
  { text: 'True', correct: answer },
  { text: 'False', correct: !answer },
];

/** Demo quizzes, each with a question of every type. */
export const demoQuizzes: {
  quiz: Omit<typeof quizzes.$inferInsert, 'id'>;
  questions: SeedQuestion[];
}[] = [
  {
    quiz: {
      name: 'Forklift Safety Check',
      description: 'What every operator must know before driving a forklift.',
      passMark: 80,
      attemptsAllowed: 3,
      timeLimitMinutes: 15,
      shuffleQuestions: true,
    },
    questions: [
      {
        kind: 'singleChoice',
        text: 'What is checked first on the daily inspection?',
        points: 2,
        feedback: 'Brakes come first: a forklift that cannot stop must not move.',
        options: [
          { text: 'Brakes', correct: true },
          { text: 'Radio', correct: false },
          { text: 'Seat colour', correct: false },
        ],
      },
      {
        kind: 'multipleChoice',
        text: 'Which of these raise the risk of a tip-over?',
        points: 2,
        options: [
          { text: 'Turning with a raised load', correct: true },
          { text: 'Driving on a slope across it', correct: true },
          { text: 'Driving slowly on flat ground', correct: false },
        ],
      },
      { kind: 'trueFalse', text: 'A forklift may carry a passenger on its forks.', options: tf(false) },
      {
        kind: 'shortAnswer',
        text: 'What does the abbreviation PPE stand for?',
        acceptedAnswers: ['Personal protective equipment', 'Personal protection equipment'],
      },
    ],
  },
  {
    quiz: {
      name: 'Data Protection Basics',
      description: 'Handling personal data at work.',
      passMark: 70,
      attemptsAllowed: null,
      timeLimitMinutes: null,
      status: false,
    },
    questions: [
      {
        kind: 'trueFalse',
        text: 'A customer may ask to see the personal data held about them.',
        feedback: 'Everyone has the right of access to their own data.',
        options: tf(true),
      },
      {
        kind: 'singleChoice',
        text: 'Where may a printed customer list be thrown away?',
        options: [
          { text: 'In the confidential shredding bin', correct: true },
          { text: 'In the paper recycling', correct: false },
        ],
      },
      {
        kind: 'multipleChoice',
        text: 'Which of these are personal data?',
        options: [
          { text: 'An email address', correct: true },
          { text: 'A phone number', correct: true },
          { text: 'The company’s opening hours', correct: false },
        ],
      },
      {
        kind: 'shortAnswer',
        text: 'Name the regulation on data protection in the EU (abbreviation).',
        acceptedAnswers: ['GDPR'],
      },
    ],
  },
];

/** Puts a quiz at the end of the named courses' outlines. */
async function placeQuiz(tx: Transaction, quizId: string, courseNames: readonly string[]) {
  if (courseNames.length === 0) return;
  const rows = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(inArray(courses.name, [...courseNames]));
  for (const name of courseNames) {
    const course = rows.find((row) => row.name === name);
    if (!course) throw new Error(`No demo course ${name} for the quiz ${quizId}`);
    const [last] = await tx
      .select({ position: max(courseOutlineItems.position) })
      .from(courseOutlineItems)
      .where(eq(courseOutlineItems.courseId, course.id));
    await tx
      .insert(courseOutlineItems)
      .values({ courseId: course.id, position: (last?.position ?? -1) + 1, quizId });
  }
}

/**
 * Seeds the demo quizzes and ends the outlines of their subject's courses with them
 * (outlinePlacement in the seed data). Run after the courses' seed, so that its rotation of the
 * quizzes made so far puts none of these into a course of another subject.
 */
export async function seedQuizzes(tx: Transaction) {
  for (const { quiz, questions } of demoQuizzes) {
    const [row] = await tx.insert(quizzes).values(quiz).returning({ id: quizzes.id });
    if (!row) throw new Error('Inserting a quiz returned nothing');
    await tx
      .insert(quizQuestions)
      .values(questions.map((question, index) => ({ ...question, quizId: row.id, position: index + 1 })));
    await placeQuiz(tx, row.id, outlinePlacement[quiz.name]?.courses ?? []);
  }
}
