import type * as v from 'valibot';
import { adminListQuery } from '../admin-list.ts';

// Apart from the form schemas: the list route's validateSearch runs in the first-load bundle.

/** GET /quiz: page, limit, search (name) and status. */
export const quizListQuery = adminListQuery({});
export type QuizListQuery = v.InferOutput<typeof quizListQuery>;
