// The demo's subjects: what each course, lesson and quiz is about, and which outlines they go in.
import type { CourseName } from './seed-data.ts';

/** What a demo course, lesson or quiz is about: a course's outline holds only parts of its subject. */
export type DemoSubject =
  | 'safety'
  | 'customer service'
  | 'communication'
  | 'sales'
  | 'leadership'
  | 'culture'
  | 'data protection';

export const courseSubjects: Record<CourseName, DemoSubject> = {
  'Workplace Safety Essentials': 'safety',
  'First Aid Basics': 'safety',
  'Customer Service Fundamentals': 'customer service',
  'Product Knowledge 101': 'sales',
  'Sales Conversations': 'sales',
  'Advanced Negotiation': 'sales',
  'Legacy CRM Training': 'sales',
  'Time Management': 'leadership',
  'Leading Effective Meetings': 'communication',
  'Conflict Resolution': 'communication',
  'Company Culture and Values': 'culture',
  'Data Privacy and GDPR': 'data protection',
};

/**
 * The demo lessons and quizzes by name: their subject, and the courses whose outlines they end, in
 * this order (lessons first, then quizzes). An unpublished quiz is placed in none, as a learner
 * does not take it (docs/decisions/016-what-a-learner-takes.md).
 */
export const outlinePlacement: Record<string, { subject: DemoSubject; courses: readonly CourseName[] }> = {
  'Forklift Safety Basics': { subject: 'safety', courses: ['Workplace Safety Essentials'] },
  'Fire Safety and Evacuation': {
    subject: 'safety',
    courses: ['Workplace Safety Essentials', 'First Aid Basics'],
  },
  'Customer Service Essentials': { subject: 'customer service', courses: ['Customer Service Fundamentals'] },
  'Workplace Communication': {
    subject: 'communication',
    courses: ['Conflict Resolution', 'Leading Effective Meetings'],
  },
  'Forklift Safety Check': { subject: 'safety', courses: ['Workplace Safety Essentials'] },
  'Data Protection Basics': { subject: 'data protection', courses: [] },
};
