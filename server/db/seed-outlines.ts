// The demo's subjects: what each course, lesson and quiz is about, and which outlines they go in.
import type { ChecklistTitle, CourseName } from './seed-data.ts';

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

/**
 * Demo courses taken at a link of their own, an outside provider's course, with nothing in their
 * outlines: their learners open the link and mark the course done (record 020).
 */
export const courseLinks: Partial<Record<CourseName, { link: string; title: string }>> = {
  'Product Knowledge 101': {
    link: 'https://learning.example.com/product-knowledge-101',
    title: 'Product Knowledge 101 on the product academy',
  },
  'Sales Conversations': {
    link: 'https://learning.example.com/sales-conversations',
    title: 'Sales Conversations webinar recording',
  },
  'Time Management': {
    link: 'https://learning.example.com/time-management',
    title: 'Time Management e-learning',
  },
  'Data Privacy and GDPR': {
    link: 'https://learning.example.com/data-privacy-gdpr',
    title: 'Data Privacy and GDPR e-learning',
  },
  'Company Culture and Values': {
    link: 'https://learning.example.com/culture-and-values',
    title: 'Our culture and values handbook',
  },
  'Advanced Negotiation': {
    link: 'https://learning.example.com/advanced-negotiation',
    title: 'Advanced Negotiation workshop materials',
  },
  'Legacy CRM Training': {
    link: 'https://learning.example.com/legacy-crm',
    title: 'Legacy CRM user guide',
  },
};

/**
 * The demo checklists by title, and the courses whose outlines they end (after the lessons and
 * quizzes): courses the teams are assigned, so the members' checklist bars have something to count.
 * A checklist placed in none is one the administration has not put in a course yet.
 */
export const checklistPlacement: Record<ChecklistTitle, readonly CourseName[]> = {
  'Safety Walkthrough': ['Workplace Safety Essentials'],
  'Equipment Setup': ['Workplace Safety Essentials'],
  'Customer Visit Preparation': ['Customer Service Fundamentals'],
  'Annual Performance Self-Review': ['Conflict Resolution'],
  'New Hire Paperwork': [],
  'Quarterly Compliance Review': [],
};
