import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '@/lib/download-file';

type ExportCsvButtonProps = {
  /** The API path that streams the CSV. */
  path: string;
  /** The list's filters, without its paging: the export holds every row they keep. */
  query: Parameters<typeof downloadFile>[1];
  /** The file's name when the server names none. */
  fileName: string;
};

/** 'Export CSV': downloads a list as filtered now, every page of it, as the server streams it. */
export function ExportCsvButton({ path, query, fileName }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(path, query, fileName);
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
