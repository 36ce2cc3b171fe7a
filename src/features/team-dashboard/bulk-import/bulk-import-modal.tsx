import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CsvImportModal } from '@/ui/csv-import/csv-import-modal';
import type { ImportReportRow } from '@/ui/csv-import/import-report';
import { teamKeys } from '../keys';
import { useImportMembersBatch } from '../member-queries';
import { importTemplateCsv, type MemberPart, readMemberParts } from './import-rows';

type BulkImportModalProps = { teamId: string; opened: boolean; onClose: () => void };

/**
 * Bulk Import: a CSV of members is read on the device, its columns matched by header, and sent as
 * rows in batches, so a large file shows its progress and one bad batch keeps the report before it.
 */
export function BulkImportModal({ teamId, opened, onClose }: BulkImportModalProps) {
  const queryClient = useQueryClient();
  const importBatch = useImportMembersBatch(teamId);
  const template = useMemo(() => ({ fileName: 'team-members-template.csv', csv: importTemplateCsv() }), []);
  const sendPart = async (part: MemberPart): Promise<ImportReportRow[]> => {
    // A batch kept for later (offline) answers no rows: the outbox sends it once the server is back.
    const results = await importBatch.mutateAsync(part.rows);
    return results.map((result) => ({
      row: result.row,
      label: result.email,
      status: result.status,
      message: result.message,
    }));
  };
  return (
    <CsvImportModal
      title="Bulk Import"
      opened={opened}
      onClose={onClose}
      description="A CSV file with a header row: firstName, lastName and email, and optionally location, department and roles (role names separated by ;). Existing users are added to the team."
      template={template}
      readParts={readMemberParts}
      sendPart={sendPart}
      onFinished={() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
          queryClient.invalidateQueries({ queryKey: teamKeys.report(teamId) }),
        ])
      }
      reportColors={{ created: 'green', added: 'blue', refused: 'red' }}
    />
  );
}
