/** Demo data of a fresh install; names are invented. */
export const demoAccounts = {
  admin: { email: 'admin@example.com', password: 'admin123', firstName: 'System', lastName: 'Administrator' },
  lead: { email: 'lead@example.com', password: 'lead1234', firstName: 'Taylor', lastName: 'Morgan' },
  lead2: { email: 'lead2@example.com', password: 'lead1234', firstName: 'Jordan', lastName: 'Reyes' },
} as const;

export const membershipRoleNames = ['Growth', 'Freedom', 'Empire', 'Enterprise'];
export const membershipLevelNames = ['Bronze', 'Silver', 'Gold', 'Platinum'];
export const userGroupNames = ['Sales', 'Customer Support', 'Onboarding', 'Field Managers', 'Leadership'];

export const teamsToSeed = [
  { title: 'Growth Team', teamName: 'growth-team', lead: 'lead', members: 25 },
  { title: 'Enterprise Team', teamName: 'enterprise-team', lead: 'lead', members: 25 },
  { title: 'Freedom Team', teamName: 'freedom-team', lead: 'lead2', members: 12 },
] as const;

export const locationTitles = [
  'Amsterdam',
  'Atlanta',
  'Austin',
  'Barcelona',
  'Berlin',
  'Boston',
  'Chicago',
  'Copenhagen',
  'Dallas',
  'Denver',
  'Dublin',
  'Edinburgh',
  'Houston',
  'Lisbon',
  'London',
  'Los Angeles',
  'Madrid',
  'Manchester',
  'Miami',
  'Milan',
  'Montreal',
  'Munich',
  'New York',
  'Paris',
  'Phoenix',
  'Prague',
  'San Francisco',
  'Seattle',
  'Stockholm',
  'Toronto',
  'Vancouver',
  'Vienna',
];

export const departmentTitles = [
  'Accounting',
  'Administration',
  'Business Development',
  'Communications',
  'Compliance',
  'Customer Success',
  'Customer Support',
  'Data Analytics',
  'Design',
  'Engineering',
  'Facilities',
  'Finance',
  'Human Resources',
  'Information Technology',
  'Internal Audit',
  'Legal',
  'Logistics',
  'Marketing',
  'Operations',
  'Partnerships',
  'Procurement',
  'Product Management',
  'Project Management',
  'Public Relations',
  'Quality Assurance',
  'Research',
  'Risk Management',
  'Sales',
  'Security',
  'Training and Development',
];

export const firstNames = [
  'Aaliyah',
  'Adrian',
  'Aisha',
  'Alex',
  'Amelia',
  'Andre',
  'Ava',
  'Benjamin',
  'Caleb',
  'Camila',
  'Carlos',
  'Chloe',
  'Daniel',
  'Diego',
  'Elena',
  'Elijah',
  'Emma',
  'Ethan',
  'Fatima',
  'Gabriel',
  'Grace',
  'Hannah',
  'Isaac',
  'Isabella',
  'Jack',
  'James',
  'Jasmine',
  'Julian',
  'Kai',
  'Leah',
  'Liam',
  'Lucas',
  'Maya',
  'Mia',
  'Mohammed',
  'Naomi',
  'Noah',
  'Olivia',
  'Omar',
  'Priya',
  'Rafael',
  'Rosa',
  'Samuel',
  'Sofia',
  'Theo',
  'Victoria',
  'Wei',
  'Yusuf',
  'Zara',
  'Zoe',
];

export const lastNames = [
  'Adams',
  'Ahmed',
  'Alvarez',
  'Anderson',
  'Bailey',
  'Bennett',
  'Brooks',
  'Campbell',
  'Chen',
  'Clarke',
  'Cohen',
  'Collins',
  'Cruz',
  'Davis',
  'Diaz',
  'Edwards',
  'Evans',
  'Fischer',
  'Foster',
  'Garcia',
  'Gray',
  'Green',
  'Hall',
  'Hughes',
  'Ito',
  'Jensen',
  'Johnson',
  'Kim',
  'Kowalski',
  'Lee',
  'Lopez',
  'Martin',
  'Mendes',
  'Murphy',
  'Nguyen',
  'Novak',
  'Okafor',
  'Patel',
  'Perez',
  'Price',
  'Rossi',
  'Schmidt',
  'Shah',
  'Silva',
  'Singh',
  'Stewart',
  'Turner',
  'Walker',
  'Wright',
  'Young',
];

/** Courses of the demo; the last one is disabled, so it cannot be assigned. */
export const courseNames = [
  'Workplace Safety Essentials',
  'Customer Service Fundamentals',
  'Product Knowledge 101',
  'Sales Conversations',
  'Time Management',
  'Data Privacy and GDPR',
  'Leading Effective Meetings',
  'Conflict Resolution',
  'Company Culture and Values',
  'Advanced Negotiation',
  'First Aid Basics',
  'Legacy CRM Training',
] as const;
export const disabledCourseNames: readonly string[] = ['Legacy CRM Training'];

export const checklistTitles = [
  'New Hire Paperwork',
  'Equipment Setup',
  'Safety Walkthrough',
  'Quarterly Compliance Review',
  'Customer Visit Preparation',
  'Annual Performance Self-Review',
] as const;

type CourseName = (typeof courseNames)[number];
type SeedTraining = {
  team: (typeof teamsToSeed)[number]['title'];
  title: string;
  courses: CourseName[];
  /** Days from the seeding day to the deadline; null for none. */
  deadlineInDays: number | null;
  createdDaysAgo: number;
  /** 'some' trainings go to this many members of the team. */
  someMembers?: number;
};

export const trainingsToSeed: SeedTraining[] = [
  {
    team: 'Growth Team',
    title: 'Growth Onboarding',
    courses: ['Company Culture and Values', 'Workplace Safety Essentials', 'Product Knowledge 101'],
    deadlineInDays: 30,
    createdDaysAgo: 45,
  },
  {
    team: 'Growth Team',
    title: 'Sales Excellence',
    courses: ['Sales Conversations', 'Customer Service Fundamentals', 'Advanced Negotiation'],
    deadlineInDays: null,
    createdDaysAgo: 20,
  },
  {
    team: 'Growth Team',
    title: 'Leadership Track',
    courses: ['Leading Effective Meetings', 'Conflict Resolution', 'Time Management'],
    deadlineInDays: 60,
    createdDaysAgo: 8,
    someMembers: 6,
  },
  {
    team: 'Enterprise Team',
    title: 'Enterprise Compliance',
    courses: ['Data Privacy and GDPR', 'Workplace Safety Essentials'],
    deadlineInDays: 14,
    createdDaysAgo: 35,
  },
  {
    team: 'Enterprise Team',
    title: 'Customer Care',
    courses: ['Customer Service Fundamentals', 'Conflict Resolution', 'Time Management'],
    deadlineInDays: null,
    createdDaysAgo: 15,
  },
  {
    team: 'Enterprise Team',
    title: 'First Aid Volunteers',
    courses: ['First Aid Basics'],
    deadlineInDays: 45,
    createdDaysAgo: 5,
    someMembers: 5,
  },
  {
    team: 'Freedom Team',
    title: 'Freedom Starter Pack',
    courses: ['Company Culture and Values', 'Product Knowledge 101'],
    deadlineInDays: null,
    createdDaysAgo: 25,
  },
];

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
