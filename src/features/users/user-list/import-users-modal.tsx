import { csvField } from '@contract/csv';
import {
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_REQUIRED_COLUMNS,
  type UserImportInput,
  type UserImportReport,
} from '@contract/user-csv';
import { type PublishedProfileField, userPaths } from '@contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, isQueued } from '@/lib/api-client';
import { CsvImportModal } from '@/ui/csv-import/csv-import-modal';
import type { ImportReportRow } from '@/ui/csv-import/import-report';
import { type CsvPart, splitCsv } from '@/ui/csv-import/split-csv';
import { publishedProfileFieldsOptions, userKeys } from '../queries';

/** Rows per request: small enough for the bar to move on a big file, well under the server's cap. */
const ROWS_PER_PART = 100;

/** The header line to start from: the columns the import reads, the published profile fields last. */
function templateOf(fields: readonly PublishedProfileField[]) {
  const columns = [
    ...USER_IMPORT_REQUIRED_COLUMNS,
    'administrativeRole',
    ...fields.map((field) => field.name),
  ];
  return { fileName: 'users-template.csv', csv: `${columns.map(csvField).join(',')}\r\n` };
}

/** The file in parts of whole records led by the header, as the users import reads them. */
function readUserParts(text: string) {
  return splitCsv(text, {
    size: ROWS_PER_PART,
    // Inside JSON a quote or line break takes two bytes, so half the cap keeps a part under it.
    maxBytes: USER_IMPORT_MAX_BYTES / 2,
    requiredColumns: USER_IMPORT_REQUIRED_COLUMNS,
  });
}

function useImportPart() {
  return useMutation({
    mutationFn: async (part: CsvPart): Promise<ImportReportRow[] | null> => {
      const body: UserImportInput = { csv: part.csv, firstRow: part.firstRow };
      const result = await api.post<UserImportReport>(userPaths.batch, body, {
        outbox: {
          action: 'Import users',
          target: `${part.count} ${part.count === 1 ? 'row' : 'rows'}`,
          // Updated users' records too, not only the lists.
          invalidate: [userKeys.all],
        },
      });
      if (isQueued(result)) return null;
      return result.results.rows.map((row) => ({
        row: row.row,
        label: row.email,
        status: row.status,
        message: row.reason,
      }));
    },
  });
}

/** 'Import CSV': users from a file, sent in parts with a progress bar and a report of every row. */
export function ImportUsersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const importPart = useImportPart();
  const fields = useQuery(publishedProfileFieldsOptions()).data;
  const required = (fields ?? []).filter((field) => field.required).map((field) => field.name);
  // Offered once the fields are known: a template without their columns would be refused for a new user.
  const template = useMemo(() => (fields ? templateOf(fields) : undefined), [fields]);
  return (
    <CsvImportModal
      title="Import CSV"
      opened={opened}
      onClose={onClose}
      description={
        <>
          A CSV file whose first line names the columns firstName, lastName, email, membership (a membership
          level), roles and groups (names separated by ;), and optionally administrativeRole and a column per
          profile field, named as the field
          {required.length > 0 ? ` (${required.join(', ')} must be filled for a new user)` : ''}. A row whose
          email has no account creates a user, who is mailed a link to set a password. A row whose email has
          an account updates that user: filled cells replace what they have, blank cells keep it, and their
          password stays. So a file exported here can be imported again to update the users in it.
        </>
      }
      template={template}
      readParts={readUserParts}
      sendPart={importPart.mutateAsync}
      onFinished={() => queryClient.invalidateQueries({ queryKey: userKeys.all })}
      reportColors={{ created: 'green', updated: 'blue', refused: 'red' }}
    />
  );
}
