import { expect, type Page, test } from '@playwright/test';
import type { ApiSuccess, Paged } from '../../contract/envelope.ts';
import { API_BASE } from '../../contract/paths.ts';
import { type QuizDetail, type QuizRow, quizMessages, quizPaths } from '../../contract/quizzes/resource.ts';
import { ADMIN, SIGNING_IN, signIn } from './support/actions.ts';
import { expectNoSidewaysScroll, PHONE } from './support/responsive.ts';

const LIST = '/app/content-management/quizzes';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const table = (page: Page) => page.getByRole('table', { name: 'Quizzes' });
const questionList = (page: Page) => page.getByRole('list', { name: 'Questions' });
const questionTexts = (page: Page) => questionList(page).getByRole('listitem');

const GIFT = `::Exit:: Where is the nearest fire exit shown? {=On the floor plan ~Nowhere}

Matching is not imported {=a -> 1 =b -> 2 =c -> 3}

Helmets are worn in the warehouse. {T}
`;

async function openList(page: Page) {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/app\/dashboard/, SIGNING_IN);
  await page.goto(LIST);
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
}

async function searchList(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

/** The quiz as the server has it, read through the API with the page's own token. */
async function serverQuiz(page: Page, name: string): Promise<QuizDetail> {
  const token = await page.evaluate(async () => {
    const response = await fetch('/api/v1/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    return ((await response.json()) as { results: { token: string } }).results.token;
  });
  const headers = { Authorization: `Bearer ${token}` };
  const list = await page.request.get(`${API_BASE}${quizPaths.list}`, { headers, params: { search: name } });
  const row = ((await list.json()) as ApiSuccess<Paged<QuizRow>>).results.data.find((q) => q.name === name);
  if (!row) throw new Error(`No quiz ${name}`);
  const detail = await page.request.get(`${API_BASE}${quizPaths.one(row._id)}`, { headers });
  return ((await detail.json()) as ApiSuccess<QuizDetail>).results;
}

test('an admin creates a quiz, adds a question, imports GIFT, reorders, publishes, unpublishes and duplicates it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `Warehouse quiz T${Date.now()}`;
  await openList(page);

  // The settings: the empty form shows the contract's messages first.
  await page.getByRole('link', { name: 'Add Quiz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Quiz' })).toBeVisible();
  await page.getByLabel('Pass Mark (%)').fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Quiz Name')).toHaveAccessibleDescription(quizMessages.nameRequired);
  await expect(page.getByLabel('Pass Mark (%)')).toHaveAccessibleDescription(quizMessages.passMarkInvalid);
  await page.getByLabel('Quiz Name').fill(name);
  await page.getByLabel('Pass Mark (%)').fill('75');
  await page.getByLabel('Attempts Allowed').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Quiz '${name}' created.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Quiz' })).toBeVisible();
  await expect(page.getByText('No question yet. Add one or import a file.')).toBeVisible();

  // A single-choice question by hand: no correct option marked is refused under the options.
  await page.getByRole('button', { name: 'Add Question' }).click();
  const form = page.getByRole('dialog', { name: 'Add Question' });
  await form.getByLabel('Question Text').fill('Who may drive a forklift?');
  await form.getByLabel('Option 1', { exact: true }).fill('A trained operator');
  await form.getByLabel('Option 2', { exact: true }).fill('Anyone');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(quizMessages.singleCorrect)).toBeVisible();
  await form.getByRole('radio', { name: 'Option 1 is correct' }).check();
  await form.getByLabel('Points').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(questionTexts(page)).toHaveCount(1);
  await expect(questionList(page)).toContainText('Answer: A trained operator');

  // A GIFT file: two questions imported, the matching one reported with its line.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importer = page.getByRole('dialog', { name: 'Import Questions' });
  // Mantine's FileInput is a button over a hidden file input.
  await importer.locator('input[type="file"]').setInputFiles({
    name: 'warehouse.gift',
    mimeType: 'text/plain',
    buffer: Buffer.from(GIFT),
  });
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText(quizMessages.imported(2, 1))).toBeVisible();
  const report = importer.getByRole('table', { name: 'Import report' });
  await expect(report.getByRole('row')).toHaveCount(4);
  await expect(report.getByRole('columnheader').first()).toHaveText('Line');
  await expect(report).toContainText('Matching questions are not supported.');
  await expect(report.getByRole('row').nth(2)).toContainText('3');
  await importer.getByRole('button', { name: 'Done' }).click();
  await expect(questionTexts(page)).toHaveCount(3);

  // Reorder: the last question up twice with its buttons, then checked on the server.
  await page.getByRole('button', { name: /^Move up question 3: Helmets/ }).click();
  await expect(questionTexts(page).nth(1)).toContainText('Helmets are worn in the warehouse.');
  await page.getByRole('button', { name: /^Move up question 2: Helmets/ }).click();
  await expect(questionTexts(page).first()).toContainText('Helmets are worn in the warehouse.');
  await expect(toast(page, quizMessages.reordered)).toBeVisible();
  await expect
    .poll(async () => (await serverQuiz(page, name)).questions.map((q) => q.text))
    .toEqual([
      'Helmets are worn in the warehouse.',
      'Who may drive a forklift?',
      'Where is the nearest fire exit shown?',
    ]);

  // Publish and unpublish from the list.
  await page.goto(LIST);
  await searchList(page, name);
  const row = table(page).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('3');
  await row.getByRole('switch', { name: `Published: ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Unpublish' })
    .getByRole('button', { name: 'Unpublish' })
    .click();
  await expect(row.getByRole('switch', { name: `Unpublished: ${name}` })).toBeVisible();
  await row.getByRole('switch', { name: `Unpublished: ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Publish' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(row.getByRole('switch', { name: `Published: ${name}` })).toBeVisible();

  // Duplicate: a copy with the questions, unpublished.
  await row.getByRole('button', { name: `Duplicate ${name}` }).click();
  await expect(toast(page, quizMessages.duplicated)).toBeVisible();
  const copy = table(page)
    .getByRole('row')
    .filter({ hasText: `${name} (copy)` });
  await expect(copy.getByRole('switch', { name: `Unpublished: ${name} (copy)` })).toBeVisible();
  expect((await serverQuiz(page, `${name} (copy)`)).questions.map((q) => q.text)).toEqual(
    (await serverQuiz(page, name)).questions.map((q) => q.text),
  );
});

test.describe('on a phone', () => {
  test.use(PHONE);
  test('the quiz editor fits, and its questions move with the buttons', async ({ page }) => {
    await openList(page);
    await searchList(page, 'Forklift Safety Check');
    await page.getByRole('button', { name: 'Edit Forklift Safety Check' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importer = page.getByRole('dialog', { name: 'Import Questions' });
    await importer.getByText('CSV', { exact: true }).click();
    const download = page.waitForEvent('download');
    await importer.getByRole('button', { name: 'Download the CSV template' }).click();
    expect((await download).suggestedFilename()).toBe('quiz-questions-template.csv');
    await expectNoSidewaysScroll(page);
  });
});
