import type { UserListQuery } from '@contract/users';
import { userPaths } from '@contract/users';
import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '@/lib/download-file';

/** 'Export CSV': the list as filtered now (every page), as the server streams it. */
export function ExportUsersButton({ search }: { search: UserListQuery }) {
  const [busy, setBusy] = useState(false);
  const { page: _page, limit: _limit, ...filters } = search;
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(userPaths.export, filters, 'users.csv');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileExport size={16} aria-hidden />}
      loading={busy}
      onClick={() => void exportCsv()}
    >
      Export CSV
    </Button>
  );
}
