/**
 * The CSV import's columns (a header row names them, in any order, in any case):
 * - `type`: single, multiple, truefalse or short (or singleChoice, multipleChoice, trueFalse,
 *   shortAnswer);
 * - `question`: the question's text;
 * - `points`: a whole number of 1 or more (1 when empty);
 * - `feedback`: shown after answering (optional);
 * - `options`: single and multiple choice: the options, separated by `|`;
 * - `correct`: single and multiple choice: the numbers of the correct options (from 1), separated
 *   by `|`; true/false: true or false;
 * - `accepted_answers`: short answer: the answers taken as right, separated by `|`.
 */
export const QUIZ_CSV_COLUMNS = [
  'type',
  'question',
  'points',
  'feedback',
  'options',
  'correct',
  'accepted_answers',
] as const;

export const QUIZ_CSV_TEMPLATE_NAME = 'quiz-questions-template.csv';

/** The downloadable template: the header and one example of each question type. */
export const QUIZ_CSV_TEMPLATE = [
  QUIZ_CSV_COLUMNS.join(','),
  'single,Which extinguisher is used on electrical fires?,1,CO2 does not conduct electricity.,Water|CO2|Foam,2,',
  'multiple,Which of these are personal protective equipment?,2,,Gloves|Helmet|Ladder,1|2,',
  'truefalse,A forklift may carry passengers.,1,Only the operator rides a forklift.,,false,',
  'short,What does PPE stand for?,1,,,,Personal protective equipment|Personal protection equipment',
  '',
].join('\r\n');
