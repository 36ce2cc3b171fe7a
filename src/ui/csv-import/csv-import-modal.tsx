import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useGuardedClose } from '../form/use-guarded-close';
import { useUnsavedChangesBlocker } from '../form/use-unsaved-changes-blocker';
import { ImportReport, type ImportReportRow } from './import-report';
import type { CsvImportParts } from './split-csv';

/** A part holds `count` of the file's rows; the progress bar moves by that much once it is answered. */
export type CsvImportModalProps<P extends { count: number }> = {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** What the file must hold. */
  description: ReactNode;
  /** A file to start from, offered for download. */
  template?: { fileName: string; csv: string };
  /** Reads the picked file's text into parts, one request each (e.g. `splitCsv` with the screen's limits). */
  readParts: (text: string) => CsvImportParts<P>;
  /**
   * Sends one part and resolves to its rows' report; `null` when the change was kept for later
   * (offline), so there is nothing to report yet. A rejection stops the import.
   */
  sendPart: (part: P) => Promise<ImportReportRow[] | null>;
  /** Once every part is sent (or the import stopped): refetch what shows the imported records. */
  onFinished?: () => unknown;
  /** Badge colour per status of the report, in the order their counts are shown. */
  reportColors: Record<string, string>;
};

type Run = {
  total: number;
  processed: number;
  rows: ImportReportRow[];
  queued: boolean;
  done: boolean;
  failed: string | null;
};

/**
 * Import from a CSV file: the file is read on the device and sent in parts, so the progress bar
 * moves with real answers and one refused part does not lose the report of those before it.
 */
export function CsvImportModal<P extends { count: number }>(props: CsvImportModalProps<P>) {
  const { title, opened, onClose, description, template, readParts, sendPart, onFinished, reportColors } =
    props;
  const [file, setFile] = useState<File | null>(null);
  const [parts, setParts] = useState<P[]>([]);
  const [total, setTotal] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const running = run !== null && !run.done;
  const templateHref = useMemo(
    () => (template ? `data:text/csv;charset=utf-8,${encodeURIComponent(template.csv)}` : null),
    [template],
  );

  const reset = () => {
    setFile(null);
    setParts([]);
    setTotal(0);
    setFileError(null);
    setRun(null);
  };

  const pickFile = async (picked: File | null) => {
    reset();
    setFile(picked);
    if (!picked) return;
    const split = readParts(await picked.text());
    setParts(split.parts);
    setTotal(split.total);
    setFileError(split.error);
  };

  const start = async () => {
    let current: Run = { total, processed: 0, rows: [], queued: false, done: false, failed: null };
    setRun(current);
    for (const part of parts) {
      try {
        const rows = await sendPart(part);
        current = {
          ...current,
          processed: current.processed + part.count,
          rows: rows ? [...current.rows, ...rows] : current.rows,
          queued: current.queued || rows === null,
        };
      } catch (error) {
        current = { ...current, failed: error instanceof Error ? error.message : String(error) };
        break;
      } finally {
        setRun(current);
      }
    }
    setRun({ ...current, done: true });
    await onFinished?.();
  };

  const close = () => {
    if (running) return;
    reset();
    onClose();
  };
  // A file chosen and not imported yet is what closing or leaving would lose.
  const isUnsaved = () => opened && file !== null && run === null;
  useUnsavedChangesBlocker(isUnsaved);
  const closeAsking = useGuardedClose(isUnsaved, close);

  return (
    <Modal opened={opened} onClose={closeAsking} title={title} size="xl">
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        {template && templateHref ? (
          <Anchor href={templateHref} download={template.fileName} size="sm">
            <Group gap={4} component="span">
              <IconDownload size={16} aria-hidden /> Download the template
            </Group>
          </Anchor>
        ) : null}
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          value={file}
          onChange={(picked) => void pickFile(picked)}
          error={fileError}
          disabled={running}
          clearable
        />
        {total > 0 && !fileError && !run ? (
          <Text size="sm">
            {total} {total === 1 ? 'row is' : 'rows are'} ready to import.
          </Text>
        ) : null}
        {run ? (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">Rows processed</Text>
              <Text size="sm">
                {run.processed} / {run.total}
              </Text>
            </Group>
            <Progress
              value={run.total === 0 ? 0 : (run.processed / run.total) * 100}
              aria-label="Rows processed"
            />
          </Stack>
        ) : null}
        {run?.failed ? (
          <Alert color="red" title="The import stopped">
            {run.failed} Rows after {run.processed} were not sent.
          </Alert>
        ) : null}
        {run?.queued ? (
          <Alert color="blue" title="Kept for later">
            The rows will be sent once the server can be reached; their report is not available here.
          </Alert>
        ) : null}
        {run && run.rows.length > 0 ? <ImportReport rows={run.rows} colors={reportColors} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={closeAsking} disabled={running}>
            {run?.done ? 'Close' : 'Cancel'}
          </Button>
          <Button
            onClick={() => void start()}
            disabled={parts.length === 0 || fileError !== null || run !== null}
            loading={running}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
