import { QUIZ_CSV_COLUMNS, QUIZ_CSV_TEMPLATE, QUIZ_CSV_TEMPLATE_NAME } from '@contract/quizzes/csv-template';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  type ImportFormat,
  QUIZ_IMPORT_MAX_BYTES,
  type QuizImportReport,
  quizMessages,
} from '@contract/quizzes/resource';
import { Alert, Anchor, Button, FileInput, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isQueued } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { ImportReport } from '@/ui/csv-import/import-report';
import { useGuardedClose } from '@/ui/form/use-guarded-close';
import { useUnsavedChangesBlocker } from '@/ui/form/use-unsaved-changes-blocker';
import { useImportQuestions } from './queries';

const formatHelp: Record<ImportFormat, string> = {
  gift: 'Moodle GIFT: single and multiple choice, true/false and short answer. Matching, numerical, essay and description questions are reported and left out.',
  aiken: 'Aiken: single-choice questions, options A. B. C. … and an ANSWER: line.',
  csv: `CSV with a header row: ${QUIZ_CSV_COLUMNS.join(', ')}. Several options or answers are separated by |.`,
};

/** Hands the template to the browser as a file; it is part of the app, so it downloads offline too. */
function downloadTemplate() {
  const href = URL.createObjectURL(new Blob([QUIZ_CSV_TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = QUIZ_CSV_TEMPLATE_NAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Import: a format, a file, and the server's per-question report (imported, or why not). */
export function ImportQuestionsModal({ quizId, onClose }: { quizId: string; onClose: () => void }) {
  const [format, setFormat] = useState<ImportFormat>('gift');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{
    message: string;
    report: QuizImportReport | null;
    ok: boolean;
  } | null>(null);
  const send = useImportQuestions(quizId);
  // A file chosen and not yet imported is what closing or leaving would lose.
  const isUnsaved = () => outcome === null && file !== null;
  useUnsavedChangesBlocker(isUnsaved);
  const close = useGuardedClose(isUnsaved, onClose);

  async function submit() {
    if (!file) return setFileError(quizMessages.fileRequired);
    if (file.size > QUIZ_IMPORT_MAX_BYTES) return setFileError(quizMessages.fileTooLarge);
    try {
      const result = await send.mutateAsync({ format, file });
      setOutcome({ message: result.message, report: isQueued(result) ? null : result.results, ok: true });
    } catch (error) {
      if (!isApiError(error) || error.status !== 422) return;
      const report = (error.results as QuizImportReport | undefined) ?? null;
      if (!report) return setFileError(Object.values(error.errors)[0] ?? error.message);
      setOutcome({ message: error.message, report, ok: false });
    }
  }

  return (
    <Modal opened onClose={close} title="Import Questions" size="xl">
      <Stack gap="md">
        {outcome ? (
          <>
            <Alert
              color={outcome.ok ? 'green' : 'red'}
              role="status"
              title={outcome.ok ? 'Imported' : 'Nothing imported'}
            >
              {outcome.message}
            </Alert>
            {outcome.report && outcome.report.questions.length > 0 && (
              <ImportReport
                labelTitle="Question"
                rowTitle="Line"
                colors={{ imported: 'green', skipped: 'red' }}
                rows={outcome.report.questions.map((q) => ({
                  row: q.line,
                  label: q.title,
                  status: q.imported ? 'imported' : 'skipped',
                  message: q.reason ?? '',
                }))}
              />
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  setFile(null);
                  setOutcome(null);
                }}
              >
                Import Another File
              </Button>
              <Button onClick={onClose}>Done</Button>
            </Group>
          </>
        ) : (
          <>
            <div>
              <Text size="sm" fw={500} id="import-format-label" mb={4}>
                Format
              </Text>
              <SegmentedControl
                aria-labelledby="import-format-label"
                value={format}
                onChange={(value) => setFormat(value as ImportFormat)}
                data={IMPORT_FORMATS.map((value) => ({ value, label: IMPORT_FORMAT_LABELS[value] }))}
              />
              <Text size="sm" c="dimmed" mt={4}>
                {formatHelp[format]}
              </Text>
            </div>
            {format === 'csv' && (
              <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
                <Group gap={4} component="span">
                  <IconDownload size={14} aria-hidden /> Download the CSV template
                </Group>
              </Anchor>
            )}
            <FileInput
              label="File"
              placeholder="Choose a file"
              required
              clearable
              value={file}
              error={fileError}
              accept={format === 'csv' ? '.csv,text/csv' : '.txt,.gift,text/plain'}
              onChange={(next) => {
                setFile(next);
                setFileError(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={send.isPending}
                onClick={() => void submit()}
              >
                Import
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
