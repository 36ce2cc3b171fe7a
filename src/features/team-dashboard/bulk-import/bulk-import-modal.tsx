import type { MemberImportResult } from '@contract/team-dashboard';
import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { teamKeys } from '../keys';
import { useImportMembersBatch } from '../member-queries';
import { ImportReport } from './import-report';
import { type ImportRow, importTemplateCsv, readImportRows, toBatches } from './import-rows';

type BulkImportModalProps = { teamId: string; opened: boolean; onClose: () => void };

type Run = {
  total: number;
  processed: number;
  results: MemberImportResult[];
  done: boolean;
  failed: string | null;
};

/**
 * Bulk Import: a CSV of members is read on the device and sent in batches, so a large file shows
 * its progress and one bad batch does not lose the report of the ones before it.
 */
export function BulkImportModal({ teamId, opened, onClose }: BulkImportModalProps) {
  const queryClient = useQueryClient();
  const importBatch = useImportMembersBatch(teamId);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const running = run !== null && !run.done;
  const templateHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(importTemplateCsv())}`,
    [],
  );

  const reset = () => {
    setFile(null);
    setRows([]);
    setFileError(null);
    setRun(null);
  };

  const pickFile = async (picked: File | null) => {
    reset();
    setFile(picked);
    if (!picked) return;
    const { rows: read, error } = readImportRows(await picked.text());
    setRows(read);
    setFileError(error);
  };

  const start = async () => {
    const batches = toBatches(rows);
    let current: Run = { total: rows.length, processed: 0, results: [], done: false, failed: null };
    setRun(current);
    for (const batch of batches) {
      try {
        const results = await importBatch.mutateAsync(batch);
        current = {
          ...current,
          processed: current.processed + batch.length,
          results: [...current.results, ...results],
        };
      } catch (error) {
        current = { ...current, failed: error instanceof Error ? error.message : String(error) };
        break;
      } finally {
        setRun(current);
      }
    }
    setRun({ ...current, done: true });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.report(teamId) }),
    ]);
  };

  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Bulk Import" size="xl">
      <Stack gap="md">
        <Text size="sm">
          A CSV file with a header row: firstName, lastName and email, and optionally location, department and
          roles (role names separated by ;). Existing users are added to the team.
        </Text>
        <Anchor href={templateHref} download="team-members-template.csv" size="sm">
          <Group gap={4} component="span">
            <IconDownload size={16} aria-hidden /> Download the template
          </Group>
        </Anchor>
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
        {rows.length > 0 && !fileError && !run ? (
          <Text size="sm">{rows.length} rows are ready to import.</Text>
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
        {run && run.results.length > 0 ? <ImportReport results={run.results} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            {run?.done ? 'Close' : 'Cancel'}
          </Button>
          <Button
            onClick={() => void start()}
            disabled={rows.length === 0 || fileError !== null || run !== null}
            loading={running}
          >
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
